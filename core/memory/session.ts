/**
 * Session boundaries: a `session.end` op records when an agent session ended (the worker
 * consolidates at these boundaries); and the scope form project and session names take.
 *
 * @module
 */
import { assertScope } from "../model/scope.ts";
import { guard } from "../store/guard.ts";
import type { MemoryDeps } from "./deps.ts";

/** A session that ended. */
export interface SessionEnd {
  /** The session id, with or without `session:`. */
  readonly session: string;
  /** The project it worked in, with or without `project:`. */
  readonly project?: string;
  /** The client (agent) name, cut to 200 characters. */
  readonly client?: string;
  /** When it started (ms); the end is the log's now. */
  readonly startedAt: number;
}

/**
 * `value` as a scope of `kind`: `"billing"` and `"project:billing"` are both
 * `"project:billing"`. Throws `invalid_input` for a malformed scope.
 *
 * @example Usage
 * ```ts
 * import { scopeOf } from "./session.ts";
 * import { equal } from "node:assert/strict";
 *
 * equal(scopeOf("billing", "project"), "project:billing");
 * equal(scopeOf("session:s-1", "session"), "session:s-1");
 * ```
 */
export function scopeOf(value: string, kind: "project" | "session"): string {
  return assertScope(value.startsWith(`${kind}:`) ? value : `${kind}:${value}`);
}

/** Appends the `session.end` op of `input`. Throws `invalid_input` for a malformed session. */
export function recordSessionEnd(deps: Pick<MemoryDeps, "log">, input: SessionEnd): void {
  const session = input.session.replace(/^session:/, "");
  assertScope(`session:${session}`);
  guard("record session end", () =>
    deps.log.transact("record session end", (tx) => {
      tx.append({
        kind: "session.end",
        payload: {
          session,
          // The same scope form memories carry, whichever form the caller gave.
          ...(input.project ? { project: scopeOf(input.project, "project") } : {}),
          ...(input.client ? { client: input.client.slice(0, 200) } : {}),
          startedAt: Math.min(input.startedAt, tx.now),
          endedAt: tx.now,
        },
      });
    }));
}
