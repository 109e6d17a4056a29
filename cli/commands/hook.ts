/**
 * `helix hook <event> [--agent …]`: what an agent's lifecycle hook runs. Reads the agent's
 * hook JSON on stdin, injects context at session start, captures turns through the note
 * pipeline, records session ends, and answers in the agent's format. Never loads a model;
 * never fails the agent's session (exit 0, a note on stderr).
 *
 * @module
 */
import { actionOf, AGENT_HOOKS, type AgentName, AGENTS } from "../hooks/agents.ts";
import { parsePayload } from "../hooks/payload.ts";
import { runHook } from "../hooks/run.ts";
import { type Command, integerFlag, stringFlag, UsageError } from "../command.ts";

export const hook: Command = {
  name: "hook",
  summary: "Run as an agent's hook: inject memory at session start, capture turns (stdin JSON)",
  usage: `helix hook <event> [--agent ${AGENTS.join("|")}] [--budget <tokens>]`,
  details: `Reads the hook payload the agent writes on stdin and answers in its format. Installed
by \`helix connect claude-code --hooks\`; run by the agent, not by hand.

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
spans are removed before anything is read. Session end only records the boundary.`,
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
    if (!(AGENTS as readonly string[]).includes(name)) {
      throw new UsageError(`--agent must be one of ${AGENTS.join(", ")}, got "${name}"`);
    }
    const agent = AGENT_HOOKS[name as AgentName];
    const budgetTokens = integerFlag(invocation, "budget", 2000, 16, 200_000);
    const action = actionOf(agent, event);
    if (action === null) {
      ctx.io.stdout(agent.quietAnswer);
      ctx.note(`helix hook: ${agent.client} event "${event}" needs nothing from Helix`);
      return;
    }
    try {
      const payload = parsePayload(await ctx.io.readStdin());
      const outcome = await runHook(agent, action, payload, {
        engine: () => ctx.engine({ lexical: true }),
        projectConfigured: ctx.config.config.project !== null,
        now: () => Date.now(),
        budgetTokens,
      });
      ctx.io.stdout(outcome.stdout);
      if (outcome.note && ctx.flags.debug) ctx.note(`helix hook ${event}: ${outcome.note}`);
    } catch (error) {
      // The agent's session goes on: its quiet answer, and why on stderr.
      ctx.io.stdout(action === "start" ? agent.startAnswer("") : agent.quietAnswer);
      ctx.note(`helix hook ${event}: ${error instanceof Error ? error.message : String(error)}`);
    }
  },
};
