/**
 * `$HELIX_HOME/teams.json`: the team strands this machine belongs to, and which projects it
 * shares with which team (`helix team share`). A team strand is an ordinary strand file,
 * `strands/team-<name>.db`; this file only says which ones are teams and where a project's
 * memories go. It is this machine's choice, written atomically and owner-only.
 *
 * @module
 */
import { join } from "node:path";
import { HelixError } from "../errors.ts";
import { isRecord } from "../util/json_checks.ts";
import { strandPath } from "./config.ts";

/** One team this machine belongs to. */
export interface TeamEntry {
  /** The team's name, as `helix team` commands take it. */
  readonly name: string;
  /** The strand name (`team-<name>`): its file is `strandPath(home, strand)`. */
  readonly strand: string;
}

/** What `teams.json` holds. */
export interface Teams {
  /** Teams, by name. */
  readonly teams: readonly TeamEntry[];
  /** Project → team name: that project's memories are written to the team's strand. */
  readonly shares: Readonly<Record<string, string>>;
}

/** No teams, nothing shared. */
export const NO_TEAMS: Teams = { teams: [], shares: {} };

const NAME = /^[a-z0-9][a-z0-9-]{0,39}$/;

/** Why `name` cannot name a team, or null: 1–40 lower-case letters, digits and dashes. */
export function teamNameProblem(name: string): string | null {
  return NAME.test(name)
    ? null
    : `"${name}" is not a team name: use 1-40 lower-case letters, digits and dashes`;
}

/** The strand name a team's file has: `team-<name>`. */
export function teamStrandName(name: string): string {
  const problem = teamNameProblem(name);
  if (problem !== null) throw new HelixError("invalid_input", problem);
  return `team-${name}`;
}

/** The path of a team's strand file under `home`. */
export function teamStrandPath(home: string, name: string): string {
  return strandPath(home, teamStrandName(name));
}

/** Where the registry lives. */
export function teamsFile(home: string): string {
  return join(home, "teams.json");
}

/**
 * The registry under `home` ({@linkcode NO_TEAMS} when the file does not exist). Throws
 * `invalid_input` naming the file when it is not a registry.
 *
 * @example Usage
 * ```ts
 * import { readTeams, writeTeams } from "./teams.ts";
 * import { deepEqual } from "node:assert/strict";
 *
 * const home = await Deno.makeTempDir();
 * deepEqual(await readTeams(home), { teams: [], shares: {} });
 * const teams = { teams: [{ name: "acme", strand: "team-acme" }], shares: { billing: "acme" } };
 * await writeTeams(home, teams);
 * deepEqual(await readTeams(home), teams);
 * ```
 */
export async function readTeams(home: string): Promise<Teams> {
  const file = teamsFile(home);
  let text: string;
  try {
    text = await Deno.readTextFile(file);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return NO_TEAMS;
    throw new HelixError("invalid_input", `Cannot read ${file}: ${(error as Error).message}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new HelixError("invalid_input", `Cannot read ${file}: ${(error as Error).message}`);
  }
  const teams = teamsFrom(value);
  if (typeof teams === "string") {
    throw new HelixError("invalid_input", `Cannot read ${file}: ${teams}`);
  }
  return teams;
}

function teamsFrom(value: unknown): Teams | string {
  if (!isRecord(value) || !Array.isArray(value.teams) || !isRecord(value.shares)) {
    return "expected {teams: [...], shares: {...}}";
  }
  const teams: TeamEntry[] = [];
  for (const item of value.teams as unknown[]) {
    if (!isRecord(item) || typeof item.name !== "string" || teamNameProblem(item.name) !== null) {
      return "a team entry has no valid name";
    }
    if (item.strand !== `team-${item.name}`) return `team ${item.name} names another strand`;
    if (teams.some((team) => team.name === item.name)) return `team ${item.name} is listed twice`;
    teams.push({ name: item.name, strand: item.strand });
  }
  const shares: Record<string, string> = {};
  for (const [project, team] of Object.entries(value.shares as Record<string, unknown>)) {
    if (typeof team !== "string" || !teams.some((entry) => entry.name === team)) {
      return `project ${project} is shared with a team this machine does not belong to`;
    }
    shares[project] = team;
  }
  return { teams, shares };
}

/** Replaces the registry under `home` atomically (a temporary file renamed over it), 0600. */
export async function writeTeams(home: string, teams: Teams): Promise<void> {
  const problem = teamsFrom(teams);
  if (typeof problem === "string") throw new HelixError("invalid_input", problem);
  await Deno.mkdir(home, { recursive: true, mode: 0o700 });
  const file = teamsFile(home);
  const temporary = `${file}.${crypto.randomUUID()}.tmp`;
  await Deno.writeTextFile(temporary, `${JSON.stringify(teams, null, 2)}\n`, { mode: 0o600 });
  await Deno.rename(temporary, file);
}

/** `teams` with team `name` added (a no-op when it is there). */
export function withTeam(teams: Teams, name: string): Teams {
  if (teams.teams.some((team) => team.name === name)) return teams;
  return { ...teams, teams: [...teams.teams, { name, strand: teamStrandName(name) }] };
}

/** `teams` without team `name` and without the projects shared with it. */
export function withoutTeam(teams: Teams, name: string): Teams {
  const shares = Object.fromEntries(
    Object.entries(teams.shares).filter(([, team]) => team !== name),
  );
  return { teams: teams.teams.filter((team) => team.name !== name), shares };
}

/** `teams` with `project` shared with `team` (null: no longer shared). */
export function withShare(teams: Teams, project: string, team: string | null): Teams {
  if (team !== null && !teams.teams.some((entry) => entry.name === team)) {
    throw new HelixError("not_found", `This machine is not in a team named "${team}"`);
  }
  const shares = { ...teams.shares };
  if (team === null) delete shares[project];
  else shares[project] = team;
  return { ...teams, shares };
}
