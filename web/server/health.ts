/**
 * The health page's data in two parts: what is cheap at any size (open contradictions and
 * merge conflicts), and the counts, growth over time, the worker's state and its runs, which
 * read the whole strand (a few hundred ms at 10^5 memories). The page draws the first at once and fills in the
 * second; the counts are kept while the log's newest op stays the same (a minute at most: a
 * merge can add ops older than the newest), so a second look is instant.
 *
 * @module
 */
import type { Engine } from "@helix/core";
import { teamsCounts, teamsNow } from "./team_health.ts";

/** The counts part, and the newest op it was computed at. */
interface Counted {
  readonly at: string | null;
  readonly time: number;
  readonly body: unknown;
}

const counted = new WeakMap<Engine, Counted>();
const KEEP_MS = 60_000;

/** The newest op's change id: what the counts are valid for. */
function newestOp(engine: Engine): string | null {
  return engine.history({ limit: 1 })[0]?.changeId ?? null;
}

/**
 * `GET /api/health`: open contradictions and conflicts, and sync (cheap at any size); with
 * team strands, each one's sync and keeper (`teams`).
 */
export async function healthNow(engine: Engine): Promise<unknown> {
  const sync = engine.syncStatus();
  const teams = await teamsNow(engine, Date.now());
  return {
    flags: engine.flags({ scope: "all", limit: 50 }),
    conflicts: engine.conflicts(),
    sync: sync.synced ? sync : null,
    ...(teams ? { teams } : {}),
  };
}

/** A worker run as the health page lists it: its slices' summaries, and whether undo applies. */
export interface RunView {
  readonly run: string;
  readonly at: string;
  readonly jobs: readonly string[];
  readonly summary: string;
  readonly ops: number;
  /** The worker's runs with changes can be undone (rollbacks are undone by rolling back). */
  readonly undoable: boolean;
}

/** The newest worker runs, one entry per run (a run records one `job.run` per slice). */
function runsOf(engine: Engine): RunView[] {
  const byRun = new Map<string, RunView>();
  const undone = new Set<string>();
  for (const entry of engine.history({ kinds: ["job.run"], limit: 100 })) {
    const payload = entry.payload as unknown as {
      run?: string;
      job?: string;
      reason?: string;
      ops?: unknown[];
    };
    if (typeof payload.run !== "string") continue;
    if (payload.reason === "undo") undone.add(payload.run);
    const seen = byRun.get(payload.run);
    const job = payload.job ?? "?";
    byRun.set(payload.run, {
      run: payload.run,
      at: seen?.at ?? entry.at,
      jobs: seen?.jobs.includes(job) ? seen.jobs : [...(seen?.jobs ?? []), job],
      summary: seen ? `${entry.summary}; ${seen.summary}` : entry.summary,
      ops: (seen?.ops ?? 0) + (payload.ops?.length ?? 0),
      undoable: false,
    });
  }
  return [...byRun.values()].slice(0, 20).map((run) => ({
    ...run,
    undoable: run.ops > 0 && !undone.has(run.run) && !run.jobs.includes("rollback"),
  }));
}

/** Days with writes or forgets beyond which the growth plot counts weeks instead. */
const MAX_DAYS = 120;

/** The strand's growth, by day, or by week when the log spans more than {@linkcode MAX_DAYS}. */
function growthOf(engine: Engine): { by: "day" | "week"; periods: unknown[] } {
  const days = engine.growth({ by: "day" });
  const first = days[0];
  const last = days.at(-1);
  const span = first && last ? (Date.parse(last.start) - Date.parse(first.start)) / 86_400_000 : 0;
  return span > MAX_DAYS
    ? { by: "week", periods: engine.growth({ by: "week" }) }
    : { by: "day", periods: days };
}

/**
 * `GET /api/health/counts`: counts, the worker's state and runs, kept until the next op; with
 * team strands, the same for each (`teams`, without growth).
 */
export function healthCounts(engine: Engine): unknown {
  const body = countsOf(engine, true);
  const teams = teamsCounts(engine, (strand) => countsOf(strand, false));
  return teams ? { ...body, teams } : body;
}

/** One strand's counts (and growth when `growth`), kept until its next op. */
function countsOf(engine: Engine, growth: boolean): Record<string, unknown> {
  const at = newestOp(engine);
  const kept = counted.get(engine);
  if (kept && kept.at === at && Date.now() - kept.time < KEEP_MS) {
    return kept.body as Record<string, unknown>;
  }
  const body = {
    stats: engine.stats(),
    lifecycle: engine.lifecycle(),
    runs: runsOf(engine),
    ...(growth ? { growth: growthOf(engine) } : {}),
  };
  counted.set(engine, { at, time: Date.now(), body });
  return body;
}
