/**
 * `helix team share <project> <team> [--move-existing]` and `helix team unshare <project>`:
 * which team strand a project's memories are written to (`teams.json`, `docs/teams.md`).
 * `--move-existing` moves the project's memories already in the personal strand into the
 * team strand, as ops (`moveProjectMemories`). `helix team` (`team.ts`) dispatches to
 * `teamShare` and `teamUnshare`.
 *
 * @module
 */
import {
  moveProjectMemories,
  readTeams,
  teamNameProblem,
  withShare,
  type Workspace,
  writeTeams,
} from "@helix/core";
import { booleanFlag, type Invocation, UsageError } from "../command.ts";
import type { CommandContext } from "../context.ts";

/** Their flags. */
export const TEAM_SHARE_OPTIONS = { "move-existing": { type: "boolean" } } as const;

/** The project id (`project:` left off) a name stands for, as reads and writes see it. */
function projectOf(workspace: Pick<Workspace, "resolveScope">, name: string): string {
  const { scope } = workspace.resolveScope(name.startsWith("project:") ? name : `project:${name}`);
  if (!scope.startsWith("project:")) throw new UsageError(`"${name}" is not a project`);
  return scope.slice("project:".length);
}

/** `helix team share <project> <team> [--move-existing]`. */
export async function teamShare(invocation: Invocation, ctx: CommandContext): Promise<void> {
  const [name, team, ...extra] = invocation.positionals;
  if (!name || !team || extra.length) {
    throw new UsageError("give the project and the team: helix team share <project> <team>");
  }
  const problem = teamNameProblem(team);
  if (problem) throw new UsageError(problem);
  const home = ctx.config.config.home;
  const workspace = await ctx.workspace({ create: true });
  const project = projectOf(workspace, name);
  await writeTeams(home, withShare(await readTeams(home), project, team));
  const move = booleanFlag(invocation, "move-existing");
  const strand = workspace.strands.find((s) => s.team === team);
  const report = move && strand
    ? await moveProjectMemories(workspace.strands[0]!.engine, strand.engine, `project:${project}`)
    : null;
  if (ctx.flags.json) return ctx.printJson({ project, team, moved: report });
  ctx.print(`${ctx.out.green("shared")} project ${ctx.out.bold(project)} with team ${team}`);
  if (move && !strand) {
    ctx.note(`(team ${team}'s strand is not on this machine: nothing moved)`);
  } else if (report) {
    ctx.print(
      `moved ${report.moved} ${report.moved === 1 ? "memory" : "memories"} into team:${team}` +
        (report.alreadyMoved ? ` (${report.alreadyMoved} moved before)` : "") +
        `; forgot ${report.forgotten} in your personal strand (see helix log)`,
    );
  }
}

/** `helix team unshare <project>`. */
export async function teamUnshare(invocation: Invocation, ctx: CommandContext): Promise<void> {
  const [name, ...extra] = invocation.positionals;
  if (!name || extra.length) throw new UsageError("give the project: helix team unshare <project>");
  const home = ctx.config.config.home;
  const teams = await readTeams(home);
  const workspace = await ctx.workspace();
  const project = projectOf(workspace, name);
  const team = teams.shares[project];
  if (team === undefined) {
    throw new UsageError(`project ${project} is not shared with a team`);
  }
  await writeTeams(home, withShare(teams, project, null));
  if (ctx.flags.json) return ctx.printJson({ project, team: null, was: team });
  ctx.print(
    `${ctx.out.green("unshared")} project ${ctx.out.bold(project)}: new memories stay personal` +
      ` (those in team:${team} stay there)`,
  );
}
