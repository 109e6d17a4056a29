/**
 * Which team a `helix team` command means and its strand file: `--team NAME`, or the one team
 * of `teams.json` when this machine is in exactly one; joining into a file of its own before
 * the team's name is known (the roster says it), then moving it to `strands/team-<name>.db`.
 *
 * @module
 */
import { existsSync } from "node:fs";
import {
  type Engine,
  HelixError,
  type PairingPrompts,
  readTeams,
  strandPath,
  teamNameProblem,
  type Teams,
  teamStrandPath,
  withTeam,
  writeTeams,
} from "@helix/core";
import { type Invocation, stringFlag, UsageError } from "../command.ts";
import type { CommandContext } from "../context.ts";

/** The team `invocation` names (`--team`, else the only one); `not_found` when unknown. */
export async function whichTeam(ctx: CommandContext, invocation: Invocation): Promise<string> {
  const teams = await readTeams(ctx.config.config.home);
  const named = stringFlag(invocation, "team");
  const known = teams.teams.map((t) => t.name);
  if (named !== undefined) {
    if (!known.includes(named)) {
      throw new HelixError(
        "not_found",
        `This machine is not in a team named "${named}"` +
          (known.length ? ` (its teams: ${known.join(", ")})` : ""),
      );
    }
    return named;
  }
  if (known.length === 1) return known[0]!;
  if (known.length === 0) {
    throw new HelixError(
      "not_found",
      "This machine is in no team: `helix team create <name> --relay URL` or `helix team join <code> --as NAME`",
    );
  }
  throw new UsageError(
    `this machine is in ${known.length} teams: say which with --team (${known.join(", ")})`,
  );
}

/** The engine of the team `invocation` names, with its name and file. */
export async function openTeam(
  ctx: CommandContext,
  invocation: Invocation,
): Promise<{ engine: Engine; team: string; file: string }> {
  const team = await whichTeam(ctx, invocation);
  const file = teamStrandPath(ctx.config.config.home, team);
  return { engine: await ctx.engine({ path: file, sync: true }), team, file };
}

/** The file a new team `name` gets; `conflict` when this machine has it already. */
export function teamFile(home: string, name: string, teams: Teams): string {
  const problem = teamNameProblem(name);
  if (problem !== null) throw new HelixError("invalid_input", problem);
  const file = teamStrandPath(home, name);
  if (teams.teams.some((t) => t.name === name)) {
    throw new HelixError("conflict", `This machine is already in team ${name} (${file})`);
  }
  if (existsSync(file)) {
    throw new HelixError(
      "conflict",
      `A strand file for team ${name} is already here (${file}, kept after leaving it): move it away first`,
    );
  }
  return file;
}

const SIDE_FILES = ["", "-wal", "-shm"];

/**
 * Joins the team `code` names as member `as`, in a file of its own until the roster names the
 * team, then moves it to the team's file, registers the team and syncs. Null when the safety
 * numbers were not confirmed (nothing is kept).
 */
export async function joinTeam(
  ctx: CommandContext,
  code: string,
  as: string,
  pairing: PairingPrompts,
  device?: string,
): Promise<{ team: string; peer: string; sas: string; file: string; pulled: number } | null> {
  const home = ctx.config.config.home;
  const temporary = strandPath(home, `joining-${crypto.randomUUID()}`);
  const drop = async () => {
    for (const suffix of SIDE_FILES) await Deno.remove(temporary + suffix).catch(() => {});
  };
  let engine = await ctx.engine({ path: temporary, create: true, sync: true });
  let joined;
  try {
    joined = await engine.teamJoin(code, pairing, {
      member: as,
      ...(device ? { name: device } : {}),
    });
  } catch (error) {
    engine.close();
    await drop();
    throw error;
  }
  engine.close();
  if (!joined.paired || joined.team === undefined) {
    await drop();
    return null;
  }
  const teams = await readTeams(home);
  let file: string;
  try {
    file = teamFile(home, joined.team, teams);
  } catch (error) {
    await drop();
    throw error;
  }
  for (const suffix of SIDE_FILES) {
    if (existsSync(temporary + suffix)) await Deno.rename(temporary + suffix, file + suffix);
  }
  await writeTeams(home, withTeam(teams, joined.team));
  engine = await ctx.engine({ path: file, sync: true });
  const report = await engine.sync();
  return {
    team: joined.team,
    peer: joined.peer,
    sas: joined.sas,
    file,
    pulled: report.pull.applied,
  };
}
