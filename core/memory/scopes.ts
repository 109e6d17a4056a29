/**
 * Project names resolve to the project they name: projects are ids like
 * `project:github.com/acme/web-app` (from the git remote), but people type `web-app`. A name
 * resolves to the project whose id it is, or else to the one project in use whose last path
 * segments it is (`web-app`, `acme/web-app`); several candidates are refused with the list, and a name that matches no
 * project is reported as unknown (a read of it would find nothing, a write starts it).
 *
 * @module
 */
import { HelixError } from "../errors.ts";
import { assertScope } from "../model/scope.ts";
import { scopesInUse } from "../store/queries/recall.ts";
import type { Store } from "../store/store.ts";

/** What a scope name resolved to. */
export interface ScopeResolution {
  /** The scope: `global`, `all`, `session:<id>` or `project:<id>`. */
  readonly scope: string;
  /** Whether any memory is in it (`all` and `global` always count as known). */
  readonly known: boolean;
  /** The projects in use, for a message when the name matched none. */
  readonly projects: readonly string[];
}

/**
 * Resolves `name` — `global`, `all`, `session:<id>`, `project:<id>` or a bare project name (no
 * `:`) —
 * against the scopes in use. Throws `invalid_input` when a name fits several projects (the
 * message lists them) or is not a scope at all.
 *
 * @example Usage
 * ```ts
 * import { openEngine } from "../engine.ts";
 * import { equal } from "node:assert/strict";
 *
 * const engine = openEngine({ path: ":memory:", project: "github.com/acme/web-app" });
 * await engine.write({ content: "Use pnpm." });
 * equal(engine.resolveScope("web-app").scope, "project:github.com/acme/web-app");
 * equal(engine.resolveScope("project:web-app").scope, "project:github.com/acme/web-app");
 * equal(engine.resolveScope("acme/web-app").scope, "project:github.com/acme/web-app");
 * equal(engine.resolveScope("mobile").known, false);
 * engine.close();
 * ```
 */
export function resolveScope(store: Store, name: string): ScopeResolution {
  const trimmed = name.trim();
  const inUse = scopesInUse(store);
  const projects = inUse.filter((s) => s.startsWith("project:"));
  if (trimmed === "all" || trimmed === "global") return { scope: trimmed, known: true, projects };
  if (trimmed.includes(":") && !trimmed.startsWith("project:")) {
    // `session:<id>` as it is; any other prefix (`team:core`) is not a scope: invalid_input.
    const scope = assertScope(trimmed);
    return { scope, known: inUse.includes(scope), projects };
  }
  const id = trimmed.replace(/^project:/, "");
  const exact = assertScope(`project:${id}`);
  if (inUse.includes(exact)) return { scope: exact, known: true, projects };
  const wanted = id.toLowerCase();
  // The last segments of an id, one or more ("web-app", "acme/web-app"): a tail of its path.
  const candidates = projects.filter((p) =>
    `/${p.slice("project:".length).toLowerCase()}`.endsWith(`/${wanted}`)
  );
  if (candidates.length === 1) return { scope: candidates[0]!, known: true, projects };
  if (candidates.length > 1) {
    throw new HelixError(
      "invalid_input",
      `Cannot resolve project "${id}": it names ${candidates.length} projects (${
        candidates.join(", ")
      }); give the full scope`,
      { details: { candidates } },
    );
  }
  return { scope: exact, known: false, projects };
}
