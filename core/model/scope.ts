/**
 * Scopes: where a memory is true. `global` (everywhere), `project:<id>` (one codebase) and
 * `session:<id>` (one agent session). Recall sees the caller's project and session plus
 * `global`, never another project's memories unless asked.
 *
 * @module
 */
import { HelixError } from "../errors.ts";

/** A scope string: `"global"`, `"project:<id>"` or `"session:<id>"`. */
export type Scope = string;

/** The part after `project:`/`session:`: printable, no whitespace, 1–200 characters. */
const SCOPE_ID = /^[A-Za-z0-9][A-Za-z0-9._/@:+~-]{0,199}$/;
const SCOPE = /^(?:global|(project|session):(.+))$/;

/**
 * True when `value` is a well-formed scope.
 *
 * @example Usage
 * ```ts
 * import { isScope } from "./scope.ts";
 * import { equal } from "node:assert/strict";
 *
 * equal(isScope("project:github.com/acme/billing-svc"), true);
 * equal(isScope("project:my app"), false);
 * equal(isScope("team:core"), false);
 * ```
 */
export function isScope(value: string): boolean {
  const match = SCOPE.exec(value);
  return match !== null && (match[2] === undefined || SCOPE_ID.test(match[2]));
}

/** Returns `value` when it is a well-formed scope, else throws `HelixError("invalid_input")`. */
export function assertScope(value: string): Scope {
  if (!isScope(value)) {
    throw new HelixError(
      "invalid_input",
      `Cannot use scope "${
        value.slice(0, 80)
      }": expected "global", "project:<id>" or "session:<id>"`,
      { details: { field: "scope" } },
    );
  }
  return value;
}

/** The scope kind: `"global"`, `"project"` or `"session"`. */
export function scopeKind(scope: Scope): "global" | "project" | "session" {
  if (scope === "global") return "global";
  return scope.startsWith("project:") ? "project" : "session";
}

/**
 * Which scopes a reader in `context` sees: the given project and session scopes plus `global`.
 * `"all"` means every scope (cross-project reads must be asked for).
 *
 * @example Usage
 * ```ts
 * import { visibleScopes } from "./scope.ts";
 * import { deepEqual } from "node:assert/strict";
 *
 * deepEqual(visibleScopes(["project:billing"]), ["global", "project:billing"]);
 * deepEqual(visibleScopes("all"), "all");
 * ```
 */
export function visibleScopes(context: "all" | readonly Scope[]): "all" | Scope[] {
  if (context === "all") return "all";
  const set = new Set<Scope>(["global"]);
  for (const scope of context) set.add(assertScope(scope));
  return [...set].sort();
}

/**
 * Normalizes a project name into a scope: lowercased, characters a scope id cannot hold
 * turned into dashes. Throws `invalid_input` when nothing usable remains.
 *
 * @example Usage
 * ```ts
 * import { projectScope } from "./scope.ts";
 * import { equal } from "node:assert/strict";
 *
 * equal(projectScope(" Billing Service "), "project:billing-service");
 * equal(projectScope("My App (v2)"), "project:my-app-v2");
 * equal(projectScope("github.com/acme/billing-svc"), "project:github.com/acme/billing-svc");
 * ```
 */
export function projectScope(projectId: string): Scope {
  const id = projectId.trim().toLowerCase()
    .replace(/[^a-z0-9._/@:+~-]+/g, "-")
    .replace(/-{2,}/g, "-")
    .replace(/^[^a-z0-9]+|-+$/g, "")
    .slice(0, 200);
  return assertScope(`project:${id}`);
}

/** The project and session scopes of a reader or writer, when known. */
export interface ReaderScopes {
  /** Project scope (`project:<id>`), if known. */
  readonly project: string | null;
  /** Session scope (`session:<id>`), if known. */
  readonly session: string | null;
}

/** Scopes a reader sees when it names none: its project and session (global is added by {@linkcode visibleScopes}). */
export function contextScopes(reader: ReaderScopes): string[] {
  return [reader.project, reader.session].filter((s): s is string => s !== null);
}

/**
 * The scopes a read covers: the reader's own (see {@linkcode contextScopes}) when it names
 * none, else the named ones or `"all"` — always with global. Throws `invalid_input` for a
 * malformed scope.
 *
 * @example Usage
 * ```ts
 * import { readScopes } from "./scope.ts";
 * import { deepEqual } from "node:assert/strict";
 *
 * const reader = { project: "project:web", session: null };
 * deepEqual(readScopes(reader, undefined), ["global", "project:web"]);
 * deepEqual(readScopes(reader, "project:api"), ["global", "project:api"]);
 * deepEqual(readScopes(reader, "all"), "all");
 * ```
 */
export function readScopes(
  reader: ReaderScopes,
  selector: "all" | string | readonly string[] | undefined,
): "all" | string[] {
  if (selector === undefined) return visibleScopes(contextScopes(reader));
  return visibleScopes(typeof selector === "string" && selector !== "all" ? [selector] : selector);
}
