/**
 * Scope arguments as agents give them: `"web-app"` or `"project:web-app"` resolve to the
 * project they name (`project:github.com/acme/web-app`), `"global"`, sessions and `"all"` pass
 * as they are. A search or listing of a scope that holds nothing says so, naming the projects
 * there are, instead of silently finding nothing.
 *
 * @module
 */
import { type Engine, HelixError } from "@helix/core";

/** The scope `name` stands for; `read` refuses one that holds no memories (`not_found`). */
export function scopeFor(
  engine: Pick<Engine, "resolveScope">,
  name: string,
  mode: "read" | "write",
): string {
  if (name === "all") return "all";
  const { scope, known, projects } = engine.resolveScope(name);
  if (!known && mode === "read") {
    throw new HelixError(
      "not_found",
      `Cannot read ${scope}: no memories are in it (projects: ${projects.join(", ") || "none"})`,
      { details: { scope, projects } },
    );
  }
  return scope;
}
