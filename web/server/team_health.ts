/**
 * The health page's part for team strands (docs/teams.md): for each team strand of the
 * workspace, its sync, who keeps it (runs its lifecycle jobs) and when that machine was last
 * heard from, and, in the counting part, its counts, worker state and runs. Absent without
 * teams, so the page of a user in no team is what it always was.
 *
 * @module
 */
import { type Engine, keeperOf, seenAt, type Workspace } from "@helix/core";

/** The team strands of `engine` when it is a workspace with teams, else none. */
function teamStrands(engine: Engine): { team: string; engine: Engine }[] {
  if (!("strands" in engine)) return [];
  return (engine as Workspace).strands.flatMap((s) =>
    s.team === null ? [] : [{ team: s.team, engine: s.engine }]
  );
}

/** Who keeps a team strand, as the page shows it; null when the roster cannot be read. */
async function keeperOfStrand(
  engine: Engine,
  now: number,
): Promise<{ name: string; me: boolean; heardAt: number | null } | null> {
  try {
    const status = engine.syncStatus();
    if (!status.synced) return null;
    const view = await engine.teamMembers({ offline: true });
    const id = keeperOf({ view, now, seenAt: seenAt(status) });
    for (const member of view.members) {
      const device = member.devices.find((d) => d.id === id);
      if (device) return { name: member.name, me: device.me, heardAt: device.heardAt ?? null };
    }
    return null;
  } catch {
    // keys not loaded, a roster that does not verify: the page says it does not know
    return null;
  }
}

/** `GET /api/health`'s team part: each team strand's sync and keeper; undefined without teams. */
export async function teamsNow(engine: Engine, now: number): Promise<unknown[] | undefined> {
  const teams = teamStrands(engine);
  if (teams.length === 0) return undefined;
  const out = [];
  for (const { team, engine: strand } of teams) {
    const sync = strand.syncStatus();
    out.push({
      team,
      sync: sync.synced ? sync : null,
      keeper: await keeperOfStrand(strand, now),
      flags: strand.flags({ scope: "all", limit: 50 }).length,
      conflicts: strand.conflicts().length,
    });
  }
  return out;
}

/** `GET /api/health/counts`' team part: each team strand's counts, worker and runs. */
export function teamsCounts(
  engine: Engine,
  count: (strand: Engine) => Record<string, unknown>,
): unknown[] | undefined {
  const teams = teamStrands(engine);
  if (teams.length === 0) return undefined;
  return teams.map(({ team, engine: strand }) => ({ team, ...count(strand) }));
}
