/**
 * `helix relate <from> <relation> <to>`: links two memories (or removes a link).
 *
 * @module
 */
import { RELATIONS } from "@helix/core";
import { type Command, numberFlag, stringFlag, UsageError } from "../command.ts";

export const relate: Command = {
  name: "relate",
  summary: "Link two memories with a typed, weighted edge (or --remove one)",
  usage: "helix relate <from-id> <relation> <to-id> [--weight 0-1] | --remove <edge-id>",
  details: `Relations: ${RELATIONS.join(", ")}.
Relating the same pair again updates the weight. Edges feed the graph channel of recall.

  --weight <0-1>      how strong the link is (default 1)
  --remove <edge-id>  remove an edge (history keeps it); \`helix show <id>\` lists edge ids with --json

Example: helix relate mem_billing_ledger depends_on mem_postgres_16`,
  fields: { from: "<from-id>", to: "<to-id>", relation: "<relation>" },
  options: {
    weight: { type: "string" },
    remove: { type: "string" },
  },
  completions: [],
  async run(invocation, ctx) {
    const remove = stringFlag(invocation, "remove");
    const engine = await ctx.workspace();
    if (remove !== undefined) {
      if (invocation.positionals.length) throw new UsageError("--remove takes only an edge id");
      engine.unrelate(remove);
      if (ctx.flags.json) return ctx.printJson({ removed: remove });
      return ctx.print(`${ctx.out.green("removed")} ${remove}`);
    }
    const [from, relation, to, ...extra] = invocation.positionals;
    if (!from || !relation || !to || extra.length) {
      throw new UsageError("give <from-id> <relation> <to-id>");
    }
    const weight = numberFlag(invocation, "weight", 0, 1);
    const edge = engine.relate({
      from,
      to,
      relation: relation as (typeof RELATIONS)[number],
      ...(weight !== undefined ? { weight } : {}),
      source: { origin: "user-asserted", agent: "helix-cli" },
    });
    if (ctx.flags.json) return ctx.printJson(edge);
    ctx.print(
      `${
        ctx.out.green("linked")
      } ${edge.from} -${edge.relation}→ ${edge.to} (weight ${edge.weight}, ${edge.id})`,
    );
  },
};
