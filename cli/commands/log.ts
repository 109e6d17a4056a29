/**
 * `helix log`: the op log, newest first.
 *
 * @module
 */
import { OP_KINDS } from "@helix/core";
import { type Command, integerFlag, listFlag, stringFlag, UsageError } from "../command.ts";
import { shortTime, table } from "../output.ts";

export const log: Command = {
  name: "log",
  summary: "Show the op log (every change), newest first",
  usage: "helix log [<id>] [--kind <kind>] [--since <time>] [--until <time>] [--limit n]",
  details: `Every change to the strand is an op; this lists them newest first.

  <id>            only ops that touched this memory or edge
  --kind <kind>   ${OP_KINDS.join(", ")}; repeatable
  --since <time>  --until <time>   a time window (ISO 8601 or epoch ms)
  --limit <n>     1–10000 (default 50)`,
  options: {
    kind: { type: "string", multiple: true },
    since: { type: "string" },
    until: { type: "string" },
    limit: { type: "string" },
  },
  async run(invocation, ctx) {
    const [id, ...extra] = invocation.positionals;
    if (extra.length) throw new UsageError("give at most one id");
    const kinds = listFlag(invocation, "kind");
    const unknown = kinds.find((k) => !(OP_KINDS as readonly string[]).includes(k));
    if (unknown !== undefined) {
      throw new UsageError(`unknown --kind "${unknown}": one of ${OP_KINDS.join(", ")}`);
    }
    const since = stringFlag(invocation, "since");
    const until = stringFlag(invocation, "until");
    const time = (raw: string) => (/^\d+$/.test(raw) ? Number(raw) : raw);
    const engine = await ctx.engine();
    const entries = engine.history({
      limit: integerFlag(invocation, "limit", 50, 1, 10_000),
      ...(id ? { id } : {}),
      ...(kinds.length ? { kinds } : {}),
      ...(since !== undefined ? { since: time(since) } : {}),
      ...(until !== undefined ? { until: time(until) } : {}),
    });
    if (ctx.flags.json) return ctx.printJson(entries);
    if (entries.length === 0) return ctx.print(ctx.out.dim("No ops match."));
    const { out } = ctx;
    ctx.print(
      table([
        ["TIME", "OP", "KIND", "SUMMARY"].map((h) => out.dim(h)),
        ...entries.map((e) => [shortTime(e.at), e.changeId.slice(0, 10), e.kind, e.summary]),
      ], ctx.io.columns),
    );
  },
};
