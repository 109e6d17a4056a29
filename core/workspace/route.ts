/**
 * Which strand a scope lives in, and which strands a read covers: a project `teams.json`
 * shares with a team lives in the team's strand; global, session and unshared project scopes
 * in the personal one. A read covers the personal strand and the team strands of the projects
 * it names (none named, from no project: every team strand; scope `all`: every one).
 *
 * @module
 */
import type { Teams } from "../config/teams.ts";
import type { ScopeSelector } from "../model/queries.ts";
import type { WorkspaceStrand } from "./types.ts";

/**
 * The team a memory of `scope` belongs to, or null (personal). A share names a project by its
 * id or by the end of it (`web-app` for `github.com/acme/web-app`), as scope names do.
 */
export function teamOfScope(teams: Teams, scope: string): string | null {
  if (!scope.startsWith("project:")) return null;
  const project = scope.slice("project:".length);
  const exact = teams.shares[project] ?? teams.shares[scope];
  if (exact !== undefined) return exact;
  const ends = Object.keys(teams.shares).filter((key) => project.endsWith(`/${key}`));
  return ends.length === 1 ? teams.shares[ends[0]!]! : null;
}

/** The strand that holds memories of `scope` (the personal one unless a team's). */
export function strandFor(
  strands: readonly WorkspaceStrand[],
  teams: Teams,
  scope: string,
): WorkspaceStrand {
  const team = teamOfScope(teams, scope);
  return strands.find((s) => team !== null && s.team === team) ?? strands[0]!;
}

/**
 * The strands a read of `selector` covers, from `project` (the reader's `project:<id>` or
 * null): the personal strand first, then the team strands it maps to.
 */
export function strandsToRead(
  strands: readonly WorkspaceStrand[],
  teams: Teams,
  selector: ScopeSelector | undefined,
  project: string | null,
): WorkspaceStrand[] {
  const [personal, ...others] = strands;
  let named: readonly string[];
  if (selector === "all") return [...strands];
  if (selector === undefined) {
    if (project === null) return [...strands];
    named = [project];
  } else {
    named = typeof selector === "string" ? [selector] : selector;
  }
  const wanted = new Set(named.map((scope) => teamOfScope(teams, scope)).filter(Boolean));
  return [personal!, ...others.filter((s) => s.team !== null && wanted.has(s.team))];
}
