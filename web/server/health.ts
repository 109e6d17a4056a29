/**
 * The health page's data in two parts: what is cheap at any size (open contradictions and
 * merge conflicts), and the counts, the worker's state and its runs, which read the whole
 * strand (a few hundred ms at 10^5 memories). The page draws the first at once and fills in the
 * second; the counts are kept while the log's newest op stays the same (a minute at most: a
 * merge can add ops older than the newest), so a second look is instant.
 *
 * @module
 */
import type { Engine } from "@helix/core";

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

/** `GET /api/health`: open contradictions and conflicts (cheap at any size). */
export function healthNow(engine: Engine): unknown {
  return {
    flags: engine.flags({ scope: "all", limit: 50 }),
    conflicts: engine.conflicts(),
  };
}

/** `GET /api/health/counts`: counts, the worker's state and runs, kept until the next op. */
export function healthCounts(engine: Engine): unknown {
  const at = newestOp(engine);
  const kept = counted.get(engine);
  if (kept && kept.at === at && Date.now() - kept.time < KEEP_MS) return kept.body;
  const body = {
    stats: engine.stats(),
    lifecycle: engine.lifecycle(),
    runs: engine.history({ kinds: ["job.run"], limit: 20 }),
  };
  counted.set(engine, { at, time: Date.now(), body });
  return body;
}
