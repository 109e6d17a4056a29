/**
 * How tool outcomes reach the model: concise text plus `structuredContent`, and engine
 * failures as `isError` results whose text carries the error code and a recovery hint (one
 * exhaustive table, so a new error code fails `deno check` until it has a hint).
 *
 * Error results carry no `structuredContent`: SDK clients validate it against the tool's
 * `outputSchema` whenever it is present, so an error shape there would turn the hint into a
 * thrown schema error. The code and hint are repeated in `_meta["helix/error"]` for programs.
 *
 * Invalid arguments and unknown tool names never reach a handler, but the SDK's `McpServer`
 * answers them as `isError` results too (its own message, no hint), not as protocol errors.
 *
 * @module
 */
import type { CallToolResult } from "./_sdk.ts";
import { type CallerTerms, type ErrorCode, inCallerTerms, isHelixError } from "@helix/core";
import type { Logger } from "./log.ts";
import type { Session } from "./session.ts";

/** What the model should do next, per failure class. */
export const RECOVERY_HINTS: Readonly<Record<ErrorCode, string>> = {
  "invalid_input": "Fix the argument named in the message and call again.",
  "not_found":
    "Check the id or the scope the message names: find the memory with memory_search or memory_list first (a scope is a project's name, `global` or `all`).",
  conflict:
    "The memory changed meanwhile (for example it was forgotten): read it again, then retry.",
  "not_a_strand":
    "The configured strand file is not a Helix strand; the user should check HELIX_HOME and HELIX_STRAND.",
  "unsupported_version": "The strand was written by a newer Helix; the user should upgrade Helix.",
  "store_locked": "Another process is writing the strand; retry in a moment.",
  corrupt: "The strand file is damaged; the user should run `helix doctor`.",
  "storage_full": "The disk is full or read-only; nothing was written. Tell the user.",
  "embedding_mismatch":
    "The configured embedding model differs from the strand's; the user should fix the configuration.",
  "embedder_unavailable":
    "The embedding model is unavailable right now; keyword search still works, retry later for semantic search.",
  "bad_signature": "A signature did not verify; the data was not trusted.",
  "decrypt_failed": "Decryption failed: wrong key or passphrase.",
  tampered: "The data was altered after it was sealed and was refused.",
  "quota_exceeded": "A quota or budget is exhausted; retry later or ask the user.",
  unauthorized: "This operation is not allowed for this client.",
  "relay_misbehaved":
    "The sync relay answered incorrectly; the user should run `helix sync status`.",
  "relay_unavailable":
    "The sync relay is unreachable; memory works locally and syncs when the relay is back.",
};

/** A successful result: `text` for the model, `structured` for clients that read it. */
export function toolResult(text: string, structured: Record<string, unknown>): CallToolResult {
  return { content: [{ type: "text", text }], structuredContent: structured };
}

/** Where error results put their code and hint for programs (the text has them for models). */
export const ERROR_META_KEY = "helix/error";

function errorResult(code: string, message: string, hint: string): CallToolResult {
  return {
    content: [{ type: "text", text: `${message} (${code})\nHint: ${hint}` }],
    _meta: { [ERROR_META_KEY]: { code, message, hint } },
    isError: true,
  };
}

/** Engine input fields in a tool's argument names: `asOf` → `as_of`. */
const snakeCase = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** An argument of another name than the engine field it fills. */
const renamed = (names: Readonly<Record<string, string>>) => (field: string) =>
  names[field] ?? snakeCase(field);

/**
 * Each tool's action and argument names: its errors say "Cannot give feedback: …" and
 * "as_of: …", never the engine's "Cannot reinforce memory" or "asOf". An engine action a tool
 * shares ("search memories") is kept.
 */
export const TOOL_TERMS: Readonly<Record<string, CallerTerms>> = {
  "memory_search": { field: snakeCase },
  "memory_context": { field: snakeCase },
  "memory_list": { field: renamed({ types: "type", statuses: "status" }) },
  "memory_write": { field: snakeCase },
  "memory_note": {
    actions: { "note memory": "take the note", "write memory": "take the note" },
    field: renamed({ content: "text" }),
  },
  "memory_feedback": {
    actions: { "reinforce memory": "give feedback", "get memory": "give feedback" },
    field: snakeCase,
  },
  "memory_forget": { actions: { "get memory": "forget memory" }, field: snakeCase },
  "memory_relate": {
    actions: { "get memory": "relate memories" },
    field: renamed({ from: "from_id", to: "to_id" }),
  },
};

/**
 * An `isError` result for a failure: the message (in the tool's own terms, see
 * {@linkcode TOOL_TERMS}), code and a recovery hint, never a stack.
 */
export function toolError(tool: string, failure: unknown, log: Logger): CallToolResult {
  const error = inCallerTerms(failure, TOOL_TERMS[tool] ?? { field: snakeCase });
  if (isHelixError(error)) {
    log.info("tool failed", { tool, code: error.code });
    return errorResult(error.code, error.message, RECOVERY_HINTS[error.code]);
  }
  log.error("tool crashed", {
    tool,
    error: error instanceof Error ? (error.stack ?? error.message) : String(error),
  });
  return errorResult(
    "internal",
    `Internal error in ${tool}; the server logged the details`,
    "Retry once, then tell the user.",
  );
}

/**
 * Runs a tool body for `session`: marks the session active (so its end is recorded), times
 * the body, and turns thrown failures into `isError` results.
 */
export async function runTool(
  tool: string,
  session: Pick<Session, "touch">,
  log: Logger,
  body: () => Promise<CallToolResult> | CallToolResult,
): Promise<CallToolResult> {
  session.touch();
  const started = performance.now();
  try {
    const result = await body();
    log.debug("tool", { tool, ms: Math.round(performance.now() - started) });
    return result;
  } catch (error) {
    return toolError(tool, error, log);
  }
}
