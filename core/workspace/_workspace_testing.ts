/**
 * Test helpers for workspaces: a home with a personal strand and team strands registered in
 * `teams.json`, opened on real files.
 *
 * @module
 */
import { join } from "node:path";
import { readTeams, teamStrandPath, withShare, withTeam, writeTeams } from "../config/teams.ts";
import { type Engine, openEngine, type OpenEngineOptions } from "../engine.ts";
import { openWorkspace } from "./open.ts";
import type { Workspace } from "./types.ts";

/** Options for every engine of {@linkcode homeWorkspace}. */
export type EngineOptions = Omit<OpenEngineOptions, "path" | "project">;

/**
 * Registers `teams` (name → shared projects) under `home`, creating each team's strand file.
 */
export async function registerTeams(
  home: string,
  teams: Readonly<Record<string, readonly string[]>>,
): Promise<void> {
  let registry = await readTeams(home);
  for (const [name, projects] of Object.entries(teams)) {
    registry = withTeam(registry, name);
    openEngine({ path: teamStrandPath(home, name) }).close();
    for (const project of projects) registry = withShare(registry, project, name);
  }
  await writeTeams(home, registry);
}

/** The workspace of `home` from `project`: `personal.db` and the registered team strands. */
export async function homeWorkspace(
  home: string,
  project: string | null,
  options: EngineOptions = {},
): Promise<Workspace> {
  const personal = openEngine({ ...options, path: join(home, "personal.db"), project });
  return openWorkspace({
    personal,
    teams: await readTeams(home),
    open: (team): Engine => openEngine({ ...options, path: teamStrandPath(home, team.name) }),
  });
}
