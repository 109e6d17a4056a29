/**
 * Where each agent keeps its hooks and how one of Helix's handlers looks there
 * (/work/shared/design/agent-integration.md; each agent's docs cited per entry). Two layouts:
 * Claude Code, Codex and Gemini CLI nest handlers in matcher groups
 * (`hooks.<Event>: [{ matcher?, hooks: [handler] }]`); Cursor and Copilot CLI list handlers
 * directly (`hooks.<event>: [handler]`) in a file with `"version": 1`.
 *
 * @module
 */
import { join } from "node:path";
import type { AgentName } from "../../server/hooks/agents.ts";

/** One event Helix hooks, and the settings its handler (and matcher group) get. */
export interface HookEvent {
  readonly event: string;
  readonly matcher?: string;
  /** Fields of the handler beside its command (timeouts, `async`…). */
  readonly handler: Readonly<Record<string, unknown>>;
}

/** What Helix writes for one agent. */
export interface HookTarget {
  readonly agent: AgentName;
  /** The agent's name for people. */
  readonly name: string;
  readonly layout: "nested" | "flat";
  /** The handler field that holds the shell command. */
  readonly commandKey: "command" | "bash";
  /** Fields every handler starts with (e.g. `type: "command"`). */
  readonly base: Readonly<Record<string, unknown>>;
  readonly events: readonly HookEvent[];
  /** Whether the file may hold comments (JSONC). */
  readonly comments: boolean;
  /** The file's `version` member, set when the file has none. */
  readonly version?: number;
  /** The file for a scope, or a sentence saying why that scope has none. */
  file(scope: "user" | "project", where: HookWhere): string | { refused: string };
  /** Said after an install. */
  readonly notes: readonly string[];
}

/** Where to look: the user's home, the project folder, the environment. */
export interface HookWhere {
  readonly home: string;
  readonly cwd: string;
  readonly env: Readonly<Record<string, string | undefined>>;
}

const command = { type: "command" } as const;

/** Helix's hooks per agent. */
export const HOOK_TARGETS: Readonly<Record<AgentName, HookTarget>> = {
  // code.claude.com/docs/en/hooks: settings.json `hooks`, timeouts in seconds.
  claude: {
    agent: "claude",
    name: "Claude Code",
    layout: "nested",
    commandKey: "command",
    base: command,
    events: [
      // Re-runs on resume, /clear and after compaction, so the context is there each time.
      { event: "SessionStart", matcher: "startup|resume|clear|compact", handler: { timeout: 10 } },
      // In the background: the turn ends at once, and the capture lands before the next one.
      { event: "Stop", handler: { async: true, timeout: 60 } },
      { event: "PreCompact", handler: { timeout: 30 } },
      // Only an op is appended: well inside the ~1.5 s Claude Code gives SessionEnd.
      { event: "SessionEnd", handler: { timeout: 5 } },
    ],
    comments: false,
    file: (scope, { home, cwd, env }) =>
      scope === "user"
        ? join(env.CLAUDE_CONFIG_DIR ?? join(home, ".claude"), "settings.json")
        : join(cwd, ".claude", "settings.json"),
    notes: [
      "Claude Code reads hooks at startup: start a new session (or review them with /hooks).",
    ],
  },
  // developers.openai.com/codex/hooks: hooks.json beside config.toml ($CODEX_HOME, default
  // ~/.codex, or <repo>/.codex), Claude's nesting, timeouts in seconds.
  codex: {
    agent: "codex",
    name: "Codex CLI",
    layout: "nested",
    commandKey: "command",
    base: command,
    events: [
      { event: "SessionStart", handler: { timeout: 10 } },
      { event: "Stop", handler: { timeout: 60 } },
    ],
    comments: false,
    file: (scope, { home, cwd, env }) =>
      scope === "user"
        ? join(env.CODEX_HOME ?? join(home, ".codex"), "hooks.json")
        : join(cwd, ".codex", "hooks.json"),
    notes: [
      "Codex runs a project's .codex/hooks.json only once you trust the project.",
    ],
  },
  // google-gemini/gemini-cli docs/hooks/reference.md: settings.json `hooks`, the same nesting,
  // timeouts in milliseconds; settings.json may hold comments.
  gemini: {
    agent: "gemini",
    name: "Gemini CLI",
    layout: "nested",
    commandKey: "command",
    base: { ...command, name: "helix" },
    events: [
      { event: "SessionStart", handler: { timeout: 10_000 } },
      { event: "AfterAgent", handler: { timeout: 60_000 } },
      { event: "PreCompress", handler: { timeout: 30_000 } },
      { event: "SessionEnd", handler: { timeout: 5_000 } },
    ],
    comments: true,
    file: (scope, { home, cwd, env }) =>
      join(scope === "user" ? env.GEMINI_CLI_HOME ?? home : cwd, ".gemini", "settings.json"),
    notes: ["Gemini CLI reads settings at startup: start a new session."],
  },
  // cursor.com/docs/agent/hooks: ~/.cursor/hooks.json or <project>/.cursor/hooks.json,
  // `version: 1`, handlers `{ command }`. afterAgentResponse carries the answer, so `stop`
  // (which would capture the same turn again) is left out.
  cursor: {
    agent: "cursor",
    name: "Cursor",
    layout: "flat",
    commandKey: "command",
    base: {},
    events: [
      { event: "sessionStart", handler: {} },
      { event: "beforeSubmitPrompt", handler: {} },
      { event: "afterAgentResponse", handler: {} },
      { event: "preCompact", handler: {} },
      { event: "sessionEnd", handler: {} },
    ],
    comments: false,
    version: 1,
    file: (scope, { home, cwd }) => join(scope === "user" ? home : cwd, ".cursor", "hooks.json"),
    notes: ["Cursor reloads hooks.json on save; check them under Settings → Hooks."],
  },
  // docs.github.com copilot-cli hooks reference: .github/hooks/*.json in the repository,
  // `version: 1`, handlers `{ type, bash, powershell, timeoutSec }`. Copilot ignores
  // sessionStart's output, so it is not hooked (a rules file carries the context).
  copilot: {
    agent: "copilot",
    name: "Copilot CLI",
    layout: "flat",
    commandKey: "bash",
    base: command,
    events: [
      { event: "userPromptSubmitted", handler: { timeoutSec: 30 } },
      { event: "agentStop", handler: { timeoutSec: 60 } },
      { event: "preCompact", handler: { timeoutSec: 30 } },
      { event: "sessionEnd", handler: { timeoutSec: 5 } },
    ],
    comments: false,
    version: 1,
    file: (scope, { cwd }) =>
      scope === "user"
        ? { refused: "Copilot CLI reads hooks from the repository's .github/hooks/ only" }
        : join(cwd, ".github", "hooks", "helix.json"),
    notes: [
      "Copilot ignores what a session-start hook prints: `helix rules export` gives it " +
      "Helix's context in .github/copilot-instructions.md.",
    ],
  },
};

/** The shell command of `target`'s handler for `event`, after `prefix` (`helix hook`). */
export function hookCommand(target: HookTarget, prefix: string, event: string): string {
  return target.agent === "claude"
    ? `${prefix} ${event}`
    : `${prefix} ${event} --agent ${target.agent}`;
}
