/**
 * `openWorkspace`: the personal engine and one engine per team strand composed into one
 * {@linkcode Workspace}. The caller opens the engines (or passes an opener) and reads the
 * registry (`teams.json`); core reads no environment. Without teams, the workspace is the
 * personal engine unchanged: the same results, byte for byte.
 *
 * @module
 */
import type { Engine } from "../engine.ts";
import type { TeamEntry, Teams } from "../config/teams.ts";
import { scopeOf } from "../memory/session.ts";
import {
  forgetAnywhere,
  locate,
  purgeAnywhere,
  relateAnywhere,
  resolveAnywhere,
  unrelateAnywhere,
} from "./by_id.ts";
import { contextAll, labelsIn, listAll, searchAll } from "./reads.ts";
import { workspaceRules } from "./rules.ts";
import { strandFor } from "./route.ts";
import { PERSONAL, type Workspace, type WorkspaceStrand } from "./types.ts";
import { noteRouted, writeManyRouted, writeRouted } from "./writes.ts";

/** Options of {@linkcode openWorkspace}. */
export interface OpenWorkspaceOptions {
  /** The personal strand's engine (its project and session are the workspace's). */
  readonly personal: Engine;
  /** The registry: which teams there are, which project goes where. */
  readonly teams: Teams;
  /**
   * The team strands' engines by team name, or an opener called once per team of the
   * registry. Teams of the registry without an engine are left out.
   */
  readonly open:
    | Readonly<Record<string, Engine>>
    | ((team: TeamEntry) => Engine | null);
}

/**
 * The workspace over `options.personal` and the registry's team strands. Closing it closes
 * every engine it holds.
 *
 * @example Usage
 * ```ts
 * import { openEngine } from "../engine.ts";
 * import { openWorkspace } from "./open.ts";
 * import { equal } from "node:assert/strict";
 *
 * const personal = openEngine({ path: ":memory:", project: "billing" });
 * const team = openEngine({ path: ":memory:" });
 * const workspace = openWorkspace({
 *   personal,
 *   teams: { teams: [{ name: "acme", strand: "team-acme" }], shares: { billing: "acme" } },
 *   open: { acme: team },
 * });
 * await workspace.write({ content: "Billing stores money as integer cents.", type: "convention" });
 * await workspace.write({ content: "I prefer short answers.", type: "preference" });
 * equal(team.list({ scope: "all" }).items.length, 1); // the shared project's convention
 * equal(personal.list({ scope: "all" }).items.length, 1); // the global preference
 * const { hits } = await workspace.search({ query: "integer cents" });
 * equal(hits[0]?.strand, "team:acme");
 * equal(hits[0]?.member, "you");
 * workspace.close();
 * ```
 */
export function openWorkspace(options: OpenWorkspaceOptions): Workspace {
  const { personal } = options;
  const opened: Engine[] = [personal];
  const strands: WorkspaceStrand[] = [{ label: PERSONAL, team: null, engine: personal }];
  // Team strands are read and written from the personal engine's project and session.
  const context = { project: personal.scopes.project, session: personal.scopes.session };
  for (const entry of options.teams.teams) {
    const engine = typeof options.open === "function"
      ? options.open(entry)
      : options.open[entry.name];
    if (!engine) continue;
    opened.push(engine);
    strands.push({
      label: `team:${entry.name}`,
      team: entry.name,
      engine: engine.withContext(context),
    });
  }
  return {
    ...compose(strands, options.teams),
    close() {
      for (const engine of opened) engine.close();
    },
  };
}

/**
 * `engine` as a workspace: itself when it is one, else a workspace of that strand alone
 * (no teams: every call is the engine's own). Closing the result closes `engine`.
 */
export function asWorkspace(engine: Engine): Workspace {
  if ("strands" in engine && "strandOf" in engine) return engine as Workspace;
  return openWorkspace({ personal: engine, teams: { teams: [], shares: {} }, open: {} });
}

/** The workspace over `strands` (their engines already seen from one project and session). */
function compose(strands: readonly WorkspaceStrand[], teams: Teams): Workspace {
  const personal = strands[0]!.engine;
  const base = {
    strands,
    teams,
    strandOf: (id: string) => locate(strands, id).strand,
    strandFor: (scope: string) => strandFor(strands, teams, scope),
    withContext(context: { project?: string | null; session?: string | null }) {
      const views = strands.map((s) => ({ ...s, engine: s.engine.withContext(context) }));
      return { ...compose(views, teams), close() {} };
    },
  };
  // Without teams, every call is the personal engine's own.
  if (strands.length === 1) return { ...personal, ...base };
  const project = personal.scopes.project ? scopeOf(personal.scopes.project, "project") : null;
  const deps = { strands, teams, project };
  const at = (id: string) => locate(strands, id).strand.engine;
  const search: Workspace["search"] = (input) => searchAll(deps, input);
  return {
    ...personal,
    ...base,
    search,
    list: (input = {}) => listAll(deps, input),
    context: (input) => contextAll(deps, input),
    get(id) {
      const { strand, memory } = locate(strands, id);
      return { ...memory, ...labelsIn(strand, [id]).get(id) };
    },
    write: (input) => writeRouted(deps, input),
    writeMany: (inputs, onProgress) => writeManyRouted(deps, inputs, onProgress),
    note: (input) => noteRouted(deps, input),
    patch: (id, changes) => at(id).patch(id, changes),
    forget: (target) =>
      forgetAnywhere(
        strands,
        target,
        async (query, limit) => (await search({ query, limit, channels: { graph: false } })).hits,
      ),
    purge: (ids) => purgeAnywhere(strands, ids),
    relate: (input) => relateAnywhere(strands, input),
    unrelate: (edgeId) => unrelateAnywhere(strands, edgeId),
    edgesOf: (id) => at(id).edgesOf(id),
    // A memory's history is in the strand that holds it; the rest of the log is personal.
    history: (input = {}) => {
      const { id } = input;
      if (id === undefined) return personal.history(input);
      let holder = personal;
      try {
        holder = at(id);
      } catch {
        // not a memory any strand holds (an edge, a purged ref): the personal log answers
      }
      return holder.history(input);
    },
    reinforce: (id, quality) => at(id).reinforce(id, quality),
    creators: (ids) => {
      const out = new Map();
      for (const strand of strands) {
        for (const [id, creator] of strand.engine.creators(ids)) {
          if (!out.has(id)) out.set(id, creator);
        }
      }
      return out;
    },
    resolveScope: (name) => resolveAnywhere(strands, name),
    ...workspaceRules(deps, personal),
  };
}
