/**
 * `helix forget`: soft-forgets memories (recoverable), or with `--hard` purges them from the
 * strand and its history after a confirmation.
 *
 * @module
 */
import type { Engine, Memory } from "@helix/core";
import { booleanFlag, type Command, integerFlag, stringFlag, UsageError } from "../command.ts";
import { EXIT_FAILED } from "../exit_codes.ts";
import { memoryRows } from "./search.ts";

export const forget: Command = {
  name: "forget",
  summary: "Forget memories (recoverable), or purge them for good with --hard",
  usage: "helix forget <id…> | --query <text> [--limit n]  [--hard [--yes]]",
  details: `Without --hard, forgetting is a status change: the memories leave recall and
\`helix edit <id> --status active\` brings one back.

  --query <text>  forget the best matches of a search instead of naming ids
  --limit <n>     with --query: how many (1–100, default 1)
  --hard          purge: delete the content from the strand, its indexes and every past op
                  that held it, on this device and (through sync) every other. Cannot be undone.
                  Asks for confirmation on a terminal and refuses without one unless --yes.
  --yes           confirm --hard without asking (for scripts)`,
  options: {
    query: { type: "string" },
    limit: { type: "string" },
    hard: { type: "boolean" },
    yes: { type: "boolean", short: "y" },
  },
  async run(invocation, ctx) {
    const ids = [...invocation.positionals];
    const query = stringFlag(invocation, "query");
    if (ids.length && query !== undefined) {
      throw new UsageError("name ids or a --query, not both");
    }
    if (!ids.length && query === undefined) throw new UsageError("name ids or a --query");
    const limit = integerFlag(invocation, "limit", 1, 1, 100);
    const engine = await ctx.workspace();

    if (!booleanFlag(invocation, "hard")) {
      const { forgotten } = await engine.forget(
        ids.length ? { ids } : { query: query!, limit },
      );
      if (ctx.flags.json) return ctx.printJson({ forgotten });
      if (forgotten.length === 0) return ctx.print(ctx.out.dim("Nothing to forget."));
      ctx.print(
        `${ctx.out.green("forgot")} ${forgotten.map((m) => m.id).join(", ")}\n` +
          ctx.out.dim("(recoverable: helix edit <id> --status active)"),
      );
      return;
    }

    const targets = await hardTargets(engine, ids, query, limit);
    if (targets.length === 0) {
      if (ctx.flags.json) return ctx.printJson({ purged: [] });
      return ctx.print(ctx.out.dim("Nothing to purge."));
    }
    if (!booleanFlag(invocation, "yes")) {
      ctx.note(
        `About to purge ${targets.length} memor${targets.length === 1 ? "y" : "ies"} for good:\n` +
          memoryRows(targets.map((memory) => ({ memory })), ctx),
      );
      const confirmed = await ctx.confirm("Purge them from the strand and its history?");
      if (!confirmed) {
        ctx.note("Aborted: nothing was purged. (Pass --yes to purge without a prompt.)");
        if (ctx.flags.json) ctx.printJson({ purged: [], aborted: true });
        return EXIT_FAILED;
      }
    }
    const result = engine.purge(targets.map((m) => m.id));
    if (ctx.flags.json) return ctx.printJson(result);
    ctx.print(
      `${ctx.out.red("purged")} ${result.purged.join(", ")} ` +
        ctx.out.dim(
          `(${result.edgesRemoved} edge${result.edgesRemoved === 1 ? "" : "s"} removed, ` +
            `${result.opsScrubbed} past op${result.opsScrubbed === 1 ? "" : "s"} scrubbed)`,
        ),
    );
  },
};

/** The memories `--hard` would purge: named ids (any status) or the best query matches. */
async function hardTargets(
  engine: Engine,
  ids: string[],
  query: string | undefined,
  limit: number,
): Promise<Memory[]> {
  if (ids.length) return [...new Set(ids)].map((id) => engine.get(id));
  const { hits } = await engine.search({
    query: query!,
    limit,
    includeArchived: true,
    includeSuperseded: true,
    includeForgotten: true,
  });
  return hits.map((hit) => hit.memory);
}
