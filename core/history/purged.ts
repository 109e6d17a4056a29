/**
 * Purged memories between two points: a purge turns every op that touched a memory into a
 * tombstone, so no fold shows it, yet a diff and a rollback report that it existed at one
 * point and not the other.
 *
 * @module
 */
import { inPoint } from "../ops/arrival.ts";
import { isPurged, type LiveOp } from "../ops/kinds.ts";
import { purgedRef } from "../ops/refs.ts";
import { arrivalsOf } from "../store/queries/history.ts";
import type { PointBound } from "../store/queries/ops_arrival.ts";
import type { HistoryDeps } from "./deps.ts";

/** A purged memory that existed at exactly one of the two points. */
export interface PurgedPresence {
  /** `purged:<change id of its memory.put>`: its id left the strand with it. */
  readonly ref: string;
  /** Change id of the `memory.purge`. */
  readonly purgedBy: string;
  /** Where it existed. */
  readonly side: "before" | "after";
}

/**
 * Purged memories that existed at one bound and not the other, by ref. A memory existed at
 * a point when its `memory.put` is in the point and the purge is not. One that existed at
 * both points is not listed (what changed in between went with its content).
 */
export function purgedBetween(
  deps: Pick<HistoryDeps, "store" | "log">,
  a: PointBound,
  b: PointBound,
): PurgedPresence[] {
  const purges = deps.log.read({ kinds: ["memory.purge"], order: "canonical" })
    .filter((op): op is LiveOp & { kind: "memory.purge" } =>
      !isPurged(op) && op.kind === "memory.purge"
    );
  if (purges.length === 0) return [];
  const firstPurge = new Map<string, LiveOp>();
  for (const purge of purges) {
    for (const put of purge.payload.puts) if (!firstPurge.has(put)) firstPurge.set(put, purge);
  }
  const out: PurgedPresence[] = [];
  const puts = deps.log.read({ ids: [...firstPurge.keys()], order: "canonical" });
  const arrival = arrivalsOf(deps.store, [...puts, ...purges].map((op) => op.changeId));
  for (const put of puts) {
    const purge = firstPurge.get(put.changeId)!;
    const existed = (bound: PointBound) =>
      inPoint(bound, arrival.get(put.changeId)!) && !inPoint(bound, arrival.get(purge.changeId)!);
    const [atA, atB] = [existed(a), existed(b)];
    if (atA === atB) continue;
    out.push({
      ref: purgedRef(put.changeId),
      purgedBy: purge.changeId,
      side: atA ? "before" : "after",
    });
  }
  return out.sort((x, y) => (x.ref < y.ref ? -1 : x.ref > y.ref ? 1 : 0));
}
