/**
 * The fields of an agent's hook payload Helix uses, read from any agent's shape: Claude Code,
 * Codex and Gemini send snake_case (`session_id`, `transcript_path`), Cursor
 * `conversation_id` and `workspace_roots`, Copilot CLI camelCase (`sessionId`, `cwd`).
 * Private spans are stripped from every text here, before anything else sees it.
 *
 * @module
 */
import { stripPrivate } from "@helix/core";

/** What a hook call is about, whichever agent sent it. */
export interface HookPayload {
  /** The agent's session (or conversation) id, when it sends one. */
  readonly sessionId: string | null;
  /** The working directory of the session. */
  readonly cwd: string | null;
  /** The session's transcript (JSONL), when the agent writes one. */
  readonly transcriptPath: string | null;
  /** The user's prompt, when the payload carries it (private spans removed). */
  readonly prompt: string | null;
  /** The assistant's last message, when the payload carries it (private spans removed). */
  readonly assistant: string | null;
  /** Why the session starts or ends, or what triggered a compaction. */
  readonly reason: string | null;
  /** The event name the agent put in the payload. */
  readonly eventName: string | null;
}

/** Parses the stdin of a hook: JSON (an empty or malformed input reads as `{}`). */
export function parsePayload(stdin: string): HookPayload {
  let raw: unknown = {};
  try {
    raw = stdin.trim() ? JSON.parse(stdin) : {};
  } catch {
    raw = {};
  }
  const o = (raw && typeof raw === "object" ? raw : {}) as Record<string, unknown>;
  const str = (...keys: string[]) => {
    for (const key of keys) {
      const value = o[key];
      if (typeof value === "string" && value.trim() !== "") return value;
    }
    return null;
  };
  const text = (...keys: string[]) => {
    const value = str(...keys);
    const cleaned = value === null ? "" : stripPrivate(value).trim();
    return cleaned === "" ? null : cleaned;
  };
  const roots = Array.isArray(o.workspace_roots) ? o.workspace_roots : [];
  return {
    sessionId: str("session_id", "sessionId", "conversation_id", "conversationId"),
    cwd: str("cwd") ?? (typeof roots[0] === "string" ? roots[0] : null),
    transcriptPath: str("transcript_path", "transcriptPath"),
    prompt: text("prompt", "user_prompt", "initialPrompt"),
    assistant: text("last_assistant_message", "prompt_response", "text"),
    reason: str("source", "reason", "trigger"),
    eventName: str("hook_event_name", "hookEventName"),
  };
}
