/**
 * `helix add`: stores what the user says, verbatim, as one memory (origin user-asserted).
 *
 * @module
 */
import { MEMORY_TYPES, type WriteInput } from "@helix/core";
import {
  booleanFlag,
  type Command,
  integerFlag,
  listFlag,
  numberFlag,
  resolvedScope,
  stringFlag,
  UsageError,
} from "../command.ts";

export const add: Command = {
  name: "add",
  summary: "Store a memory (verbatim)",
  usage:
    "helix add <text…|-> [--type <type>] [--scope <scope>|--global] [--source <ref>] [--at <time>]",
  details: `Stores the text exactly as given; \`-\` reads it from standard input.

  --type <type>        ${MEMORY_TYPES.join(", ")} (default fact)
  --scope <scope>      global, project:<id> (a bare name means a project) or session:<id>;
                       default: identity and preferences go to global, the rest to the project
                       of the current folder (or global outside a project)
  --global             same as --scope global
  --source <ref>       where it came from: a file, URL, ticket or commit
  --agent <name>       who is recording it (default helix-cli)
  --at <time>          when the event happened (ISO 8601 date or time, or epoch ms)
  --until <time>       when the event ended
  --valid-from <time>  when it became true (default now); --valid-to <time> when it stops
  --importance <1-10>  how much it matters (default: estimated from the text)
  --confidence <0-1>   how sure you are (default 0.9 for what you add yourself)
  --tag <tag>          a label; repeat or comma-separate
  --supersedes <id>    the memory this one replaces (closed and linked); repeatable

Examples:
  helix add "We deploy billing-svc with \`make release\`, never from laptops" --type convention
  git log -1 --format=%B | helix add - --type episode --source "$(git rev-parse HEAD)"`,
  options: {
    type: { type: "string" },
    scope: { type: "string" },
    global: { type: "boolean" },
    source: { type: "string" },
    agent: { type: "string" },
    at: { type: "string" },
    until: { type: "string" },
    "valid-from": { type: "string" },
    "valid-to": { type: "string" },
    importance: { type: "string" },
    confidence: { type: "string" },
    tag: { type: "string", multiple: true },
    supersedes: { type: "string", multiple: true },
  },
  fields: {
    eventAt: "--at",
    eventEnd: "--until",
    "source.agent": "--agent",
    "source.ref": "--source",
  },
  completions: [],
  async run(invocation, ctx) {
    const words = invocation.positionals;
    const content = words.length === 1 && words[0] === "-"
      ? (await ctx.io.readStdin()).replace(/\r?\n$/, "")
      : words.join(" ");
    if (content.trim() === "") {
      throw new UsageError("nothing to add: give the text, or - for stdin");
    }
    const scope = booleanFlag(invocation, "global") ? "global" : stringFlag(invocation, "scope");
    const type = stringFlag(invocation, "type");
    const input: WriteInput = {
      content,
      ...(type ? { type: type as WriteInput["type"] } : {}),

      source: {
        origin: "user-asserted",
        agent: stringFlag(invocation, "agent") ?? "helix-cli",
        ...(stringFlag(invocation, "source") ? { ref: stringFlag(invocation, "source")! } : {}),
      },
      ...optionalTime(invocation, "at", "eventAt"),
      ...optionalTime(invocation, "until", "eventEnd"),
      ...optionalTime(invocation, "valid-from", "validFrom"),
      ...optionalTime(invocation, "valid-to", "validTo"),
    };
    if (invocation.values.importance !== undefined) {
      input.importance = integerFlag(invocation, "importance", 5, 1, 10);
    }
    const confidence = numberFlag(invocation, "confidence", 0, 1);
    if (confidence !== undefined) input.confidence = confidence;
    const tags = listFlag(invocation, "tag");
    if (tags.length) input.tags = tags;
    const supersedes = listFlag(invocation, "supersedes");
    if (supersedes.length) input.supersedes = supersedes;

    const engine = await ctx.workspace({ create: true });
    // `--scope web-app` writes to the project it names (a new name starts a project).
    if (scope) input.scope = resolvedScope(engine, scope, "write");
    const result = await engine.write(input);
    if (ctx.flags.json) {
      const { op: _op, ...rest } = result;
      return ctx.printJson(rest);
    }
    const { memory } = result;
    // A write that retires an older memory is still an addition; the older one is what changed.
    const verb = result.action === "noop"
      ? "already known"
      : result.action === "superseded"
      ? "added"
      : result.action;
    // A shared project's memory goes to its team's strand: say so.
    const team = engine.strandOf(memory.id).team;
    const where = team === null ? "" : ` in team ${team}'s strand`;
    const contradicts = result.links.filter((l) => l.relation === "contradicts").map((l) => l.id);
    const secrets = result.redacted.map((r) => `${r.count} ${r.type}`).join(", ");
    ctx.print(
      `${ctx.out.green(verb)} ${
        ctx.out.bold(memory.id)
      } (${memory.type}, ${memory.scope})${where}` +
        (result.superseded.length
          ? `; it replaces ${result.superseded.join(", ")} (now superseded)`
          : "") +
        (result.action === "added" || result.action === "superseded" || !result.reason
          ? ""
          : `: ${result.reason}`) +
        (result.embedded || result.action === "noop"
          ? ""
          : ctx.out.dim("; no vector yet (`helix backfill` computes it)")),
    );
    if (contradicts.length) {
      ctx.print(
        ctx.out.yellow(
          `flagged: it contradicts ${contradicts.join(", ")}; both kept (see \`helix flags\`)`,
        ),
      );
    }
    if (secrets) ctx.print(ctx.out.yellow(`redacted before storing: ${secrets}`));
  },
};

/** `{ [field]: value }` when the time flag is given (the engine validates the format). */
function optionalTime(
  invocation: Parameters<Command["run"]>[0],
  flag: string,
  field: "eventAt" | "eventEnd" | "validFrom" | "validTo",
): Partial<Record<typeof field, string | number>> {
  const raw = stringFlag(invocation, flag);
  if (raw === undefined) return {};
  return { [field]: /^\d+$/.test(raw) ? Number(raw) : raw };
}
