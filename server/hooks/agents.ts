/**
 * Each agent's hook events and answers: which of its events Helix handles, as what, and what
 * it prints back (agent-integration design notes; Claude Code's reference is the model).
 *
 * @module
 */

/** What Helix does on a hook event. */
export type HookAction =
  /** Inject the packed context. */
  | "start"
  /** Capture a user's prompt on its own. */
  | "prompt"
  /** Capture a finished turn: the assistant's last message with the user's prompt. */
  | "turn"
  /** Capture what a compaction is about to drop. */
  | "compact"
  /** Record the session boundary (fast: only an op is appended). */
  | "end";

/** The agents `helix hook` speaks to. */
export const AGENTS = ["claude", "codex", "gemini", "cursor", "copilot"] as const;
/** One of {@linkcode AGENTS}. */
export type AgentName = typeof AGENTS[number];

/** How one agent calls hooks and reads their answers. */
export interface AgentHooks {
  /** The name recorded as the memories' `agent`. */
  readonly client: string;
  /** Its event names, as it spells them, and what each does. */
  readonly events: Readonly<Record<string, HookAction>>;
  /** Whether it accepts context from a session-start hook (else: `helix rules export`). */
  readonly injects: boolean;
  /** Its answer to a session-start hook carrying `context` (empty: nothing to add). */
  startAnswer(context: string): string;
  /** Its answer to any other event. */
  readonly quietAnswer: string;
}

const hookSpecific = (context: string) =>
  context
    ? `${
      JSON.stringify({
        hookSpecificOutput: { hookEventName: "SessionStart", additionalContext: context },
      })
    }\n`
    : "";

/** The agents' hook protocols. */
export const AGENT_HOOKS: Readonly<Record<AgentName, AgentHooks>> = {
  // code.claude.com/docs/en/hooks: plain stdout is added too; the JSON form names the event.
  claude: {
    client: "claude-code",
    events: {
      SessionStart: "start",
      // Not SubagentStop: parallel subagents' reports would pile up near-duplicates.
      Stop: "turn",
      PreCompact: "compact",
      SessionEnd: "end",
    },
    injects: true,
    startAnswer: hookSpecific,
    quietAnswer: "",
  },
  // developers.openai.com/codex/hooks: the same shape as Claude's; stdout is parsed as JSON.
  codex: {
    client: "codex",
    events: { SessionStart: "start", Stop: "turn" },
    injects: true,
    startAnswer: (context) => hookSpecific(context) || "{}\n",
    quietAnswer: "{}\n",
  },
  // gemini-cli docs/hooks/reference.md: stdout must be JSON only.
  gemini: {
    client: "gemini-cli",
    events: {
      SessionStart: "start",
      AfterAgent: "turn",
      PreCompress: "compact",
      SessionEnd: "end",
    },
    injects: true,
    startAnswer: (context) => hookSpecific(context) || "{}\n",
    quietAnswer: "{}\n",
  },
  // .cursor/hooks.json (version 1): sessionStart answers `additional_context`.
  cursor: {
    client: "cursor",
    events: {
      sessionStart: "start",
      beforeSubmitPrompt: "prompt",
      afterAgentResponse: "turn",
      stop: "turn",
      preCompact: "compact",
      sessionEnd: "end",
    },
    injects: true,
    startAnswer: (context) => `${JSON.stringify(context ? { additional_context: context } : {})}\n`,
    quietAnswer: "{}\n",
  },
  // Copilot CLI (.github/hooks/*.json): sessionStart's output is ignored, so it gets the
  // rules file instead; prompts are captured as they are submitted.
  copilot: {
    client: "copilot-cli",
    events: {
      sessionStart: "start",
      userPromptSubmitted: "prompt",
      agentStop: "turn",
      preCompact: "compact",
      sessionEnd: "end",
    },
    injects: false,
    startAnswer: () => "",
    quietAnswer: "",
  },
};

/**
 * The action of `event` for `agent`: its own spelling first, then any case or separator
 * (`session-start`, `sessionstart`, `SessionStart` are one). Null: not an event Helix handles.
 */
export function actionOf(agent: AgentHooks, event: string): HookAction | null {
  const own = agent.events[event];
  if (own) return own;
  const key = event.replace(/[-_\s]/g, "").toLowerCase();
  for (const [name, action] of Object.entries(agent.events)) {
    if (name.toLowerCase() === key) return action;
  }
  return null;
}
