/**
 * `helix flags`: what Helix noticed but would not decide alone — contradictions between
 * memories, each kept with lowered confidence until someone resolves it.
 *
 * @module
 */
import { type Command, integerFlag, scopeFlag } from "../command.ts";
import { clip, shortTime } from "../output.ts";

export const flags: Command = {
  name: "flags",
  summary: "List open contradictions between memories, newest first",
  usage: "helix flags [--scope <scope>|all] [--limit n]",
  details: `When two memories give incompatible values for the same attribute of the same subject,
and nothing says it changed ("billing uses SQLite" against "billing uses Postgres"), Helix keeps
both, lowers the confidence of each once (never below 0.3), and links them with a
\`contradicts\` edge: a flag, which names the attribute and both values. It stays here until you
resolve it: \`helix add "<the truth>" --supersedes <id>\`, \`helix forget <id>\`, or
\`helix relate --remove <edge-id>\` when both are true.

  --scope <scope>   all, global, project:<id> (or a bare project name), session:<id>
  --limit <n>       at most n flags (default 50, at most 500)`,
  options: {
    scope: { type: "string", multiple: true },
    limit: { type: "string" },
  },
  completions: [],
  async run(invocation, ctx) {
    const limit = integerFlag(invocation, "limit", 50, 1, 500);
    const engine = await ctx.engine();
    const scope = scopeFlag(invocation, engine);
    const found = engine.flags({ ...(scope !== undefined ? { scope } : {}), limit });
    if (ctx.flags.json) return ctx.printJson({ flags: found });
    if (found.length === 0) return ctx.print("No open flags.");
    const width = ctx.io.columns;
    for (const flag of found) {
      const what = flag.attribute && flag.values
        ? ` ${flag.attribute}: ${flag.values[0]} vs ${flag.values[1]}`
        : "";
      ctx.print(
        `${ctx.out.yellow("contradiction")}${what} ${ctx.out.dim(flag.edge.id)} ${
          ctx.out.dim(shortTime(flag.edge.createdAt))
        }`,
      );
      for (const memory of [flag.newer, flag.older]) {
        ctx.print(
          `  ${ctx.out.bold(memory.id)} (confidence ${memory.confidence}) ${
            clip(memory.content, Math.max(20, width - memory.id.length - 24))
          }`,
        );
      }
    }
  },
};
