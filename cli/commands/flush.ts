/**
 * `helix flush`: marks a session boundary, the second trigger of consolidation (DESIGN §8)
 * for agents that end sessions without the MCP server seeing it (a hook at the end of a
 * session, a script). The MCP server's worker consolidates when it is next idle;
 * `--sleep` consolidates now.
 *
 * @module
 */
import { booleanFlag, type Command, stringFlag, UsageError } from "../command.ts";
import { sleep } from "./sleep.ts";

export const flush: Command = {
  name: "flush",
  summary: "Mark the end of a session so consolidation runs (--sleep: run it now)",
  usage: "helix flush [--session <id>] [--sleep]",
  details: `Consolidation is due when an importance budget of 150 has been written since its last
run, or when an agent session ends. The MCP server records the end of its own sessions; call this
from an agent's session-end hook (or by hand) when the server does not see it.

  --session <id>   the session that ended (default: a new id for this call)
  --sleep          consolidate now, as helix sleep does`,
  options: { session: { type: "string" }, sleep: { type: "boolean" } },
  async run(invocation, ctx) {
    if (invocation.positionals.length) {
      throw new UsageError(`unexpected argument "${invocation.positionals[0]}"`);
    }
    const engine = await ctx.engine();
    const session = stringFlag(invocation, "session") ?? `flush-${Date.now().toString(36)}`;
    const project = await ctx.project();
    engine.recordSessionEnd({
      session,
      client: "helix flush",
      startedAt: Date.now(),
      ...(project ? { project } : {}),
    });
    if (booleanFlag(invocation, "sleep")) return sleep.run({ ...invocation, values: {} }, ctx);
    const state = engine.lifecycle();
    if (ctx.flags.json) return ctx.printJson({ session, ...state });
    ctx.print(
      `${ctx.out.green("flushed")} session ${session}: consolidation is due ` +
        ctx.out.dim("(the MCP server runs it when idle; helix sleep runs it now)"),
    );
  },
};
