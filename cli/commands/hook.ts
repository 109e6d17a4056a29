/**
 * `helix hook <event> [--agent …]`: what an agent's lifecycle hook runs. Reads the agent's
 * hook JSON on stdin, injects context at session start, captures turns through the note
 * pipeline, records session ends, and answers in the agent's format. Never loads a model;
 * never fails the agent's session (exit 0, a note on stderr). This is the cold path: `main.ts`
 * has already tried a running server (cli/hooks/warm.ts).
 *
 * @module
 */
import { AGENTS } from "../../server/hooks/agents.ts";
import { answerHook, isAgentName } from "../../server/hooks/answer.ts";
import { type Command, integerFlag, stringFlag, UsageError } from "../command.ts";

export const hook: Command = {
  name: "hook",
  summary: "Run as an agent's hook: inject memory at session start, capture turns (stdin JSON)",
  usage: `helix hook <event> [--agent ${AGENTS.join("|")}] [--budget <tokens>]`,
  details: `Reads the hook payload the agent writes on stdin and answers in its format. Installed
by \`helix connect <agent> --hooks\` (claude, codex, gemini, cursor, copilot); run by the agent,
not by hand.

Events (the agent's own spelling; any case):
  claude   SessionStart, Stop, PreCompact, SessionEnd
  codex    SessionStart, Stop
  gemini   SessionStart, AfterAgent, PreCompress, SessionEnd
  cursor   sessionStart, beforeSubmitPrompt, afterAgentResponse, stop, preCompact, sessionEnd
  copilot  sessionStart (ignored by Copilot: use rules files), userPromptSubmitted, agentStop,
           preCompact, sessionEnd

  --agent <name>     who is calling (default claude)
  --budget <tokens>  tokens of the session-start context (default 2000; always under 10,000
                     characters)

Session start prints profile and conventions first, then what matters most. Stop and compaction
hooks send the turns through the note pipeline (secrets redacted, chatter dropped, injected
instructions quarantined), as agent-ingested memories citing the session. <private>…</private>
spans are removed before anything is read. Session end only records the boundary.

With a Helix MCP server running on the same home and strand (found through
<home>/run/hooks-<pid>.json), the call is answered by the server over loopback, on its open strand
(a capture is answered at once and stored just after); with none, or none answering within a
second, this process opens the strand without a model.`,
  options: {
    agent: { type: "string" },
    budget: { type: "string" },
  },
  completions: ["SessionStart", "Stop", "PreCompact", "SessionEnd"],
  async run(invocation, ctx) {
    const [event, extra] = invocation.positionals;
    if (!event) throw new UsageError("missing the event name (e.g. SessionStart)");
    if (extra !== undefined) throw new UsageError(`unexpected argument "${extra}"`);
    const name = stringFlag(invocation, "agent") ?? "claude";
    if (!isAgentName(name)) {
      throw new UsageError(`--agent must be one of ${AGENTS.join(", ")}, got "${name}"`);
    }
    const budgetTokens = integerFlag(invocation, "budget", 2000, 16, 200_000);
    // Here cold: a running server was not found (or did not answer) before the CLI loaded.
    const answer = await answerHook({
      agent: name,
      event,
      stdin: await ctx.io.readStdin(),
      budgetTokens,
      debug: ctx.flags.debug,
    }, {
      engine: () => ctx.workspace({ lexical: true }),
      projectConfigured: ctx.config.config.project !== null,
      now: () => Date.now(),
    });
    ctx.io.stdout(answer.stdout);
    if (answer.stderr) ctx.io.stderr(answer.stderr);
  },
};
