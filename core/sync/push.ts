/**
 * Push (R19): this device's sealed deltas, uploaded in queue order and each marked
 * acknowledged in its own transaction once the relay answers. A crash between the upload
 * and the mark uploads it again, which the relay answers with the sequence it already has
 * (same `delta_id`, R13), so nothing is sent twice into the log.
 *
 * @module
 */
import { ack, countUnacked, stampPush, syncStrand, unacked } from "../store/queries/sync.ts";
import { ownAcks, setOwnAcks } from "../store/queries/sync_acks.ts";
import type { Store } from "../store/store.ts";
import { writeTransaction } from "../store/transaction.ts";
import type { Clock } from "../ports.ts";
import type { RelayPort } from "./relay_port.ts";

/** What a push did. */
export interface PushReport {
  /** Deltas uploaded. */
  readonly uploaded: number;
  /** Of those, deltas the relay already held. */
  readonly duplicates: number;
  /** Bytes uploaded. */
  readonly bytes: number;
  /**
   * The relay's latest snapshot this push acknowledged with a change of no ops (R28,
   * `acknowledge.ts`): not counted in `uploaded`, which counts memory changes.
   */
  readonly acknowledged?: { readonly snapshot: string; readonly position: number };
}

/** Called after each upload: deltas uploaded so far of `total`. */
export type PushProgress = (done: number, total: number) => void;

const PAGE = 100;

/** Uploads every unacknowledged delta. */
export async function push(
  deps: { store: Store; clock: Clock },
  relay: RelayPort,
  onProgress?: PushProgress,
): Promise<PushReport> {
  const { store } = deps;
  const strand = syncStrand(store)!;
  const total = countUnacked(store);
  let uploaded = 0;
  let duplicates = 0;
  let bytes = 0;
  for (;;) {
    const rows = unacked(store, PAGE);
    if (rows.length === 0) break;
    for (const row of rows) {
      const answer = await relay.push(strand.strandId, row.bytes);
      writeTransaction(store.db, "mark a delta uploaded", () => {
        ack(store, row.n);
        // Where this device's latest change sits in the log (a snapshot's acknowledgement).
        if (ownAcks(store).pushedAt < answer.seq) setOwnAcks(store, { pushedAt: answer.seq });
      });
      uploaded++;
      bytes += row.bytes.length;
      if (answer.duplicate) duplicates++;
      onProgress?.(uploaded, total);
    }
  }
  writeTransaction(store.db, "record the push", () => stampPush(store, deps.clock.now()));
  return { uploaded, duplicates, bytes };
}
