/**
 * `helix sync repair` (R23's healing): uploads again everything this device holds that the
 * relay should have: the roster from genesis (creating the strand when the relay lost it, then
 * appending each entry by compare-and-swap), every change this device sealed, acknowledged or
 * not, and every other device's change as this device received it. All of it is content-addressed, so what the relay still
 * has is a no-op; a relay that lost its database (amnesia) gets back every change each device
 * repairs. Run it on every device after a relay lost data: each also reads the relay's log from
 * the start at its next pull, since a relay that lost data numbers its log anew, pins the key
 * the relay signs with now, and clears the log alarms the person has acted on.
 *
 * @module
 */
import { HelixError, isHelixError } from "../errors.ts";
import {
  allQueued,
  keptCount,
  keptDeltas,
  resetCursor,
  rosterEntries,
  syncStrand,
} from "../store/queries/sync.ts";
import type { Store } from "../store/store.ts";
import { writeTransaction } from "../store/transaction.ts";
import type { RelayPort } from "./relay_port.ts";
import { clearAlarms, repinRelayKey } from "../store/queries/sync_log.ts";
import { EMPTY_FRONTIER, frontierText } from "./log_frontier.ts";

/** What a repair did. */
export interface RepairReport {
  /** Roster entries the relay lacked and took back. */
  readonly rosterRestored: number;
  /** This device's changes uploaded that the relay lacked. */
  readonly restored: number;
  /** Other devices' changes (as this device received them) uploaded that the relay lacked. */
  readonly restoredForOthers: number;
  /** Changes the relay still had. */
  readonly present: number;
}

/** Uploads the roster and every sealed change again. */
export async function repair(
  store: Store,
  relay: RelayPort,
  now: number,
  onProgress?: (done: number, total: number) => void,
): Promise<RepairReport> {
  const strand = syncStrand(store)!;
  const roster = rosterEntries(store);
  const [genesis, ...rest] = roster;
  if (genesis === undefined) throw new HelixError("corrupt", "Cannot repair: no roster is kept");
  let rosterRestored = 0;
  let known: number;
  try {
    known = (await relay.roster(strand.strandId, 0)).length;
  } catch (error) {
    if (!isHelixError(error, "not_found")) throw error;
    await relay.createStrand(strand.strandId, genesis.bytes);
    rosterRestored++;
    known = 1;
  }
  for (const entry of rest) {
    if (entry.seq <= known) continue;
    const answer = await relay.appendRoster(strand.strandId, entry.bytes);
    if (!answer.ok) {
      throw new HelixError(
        "relay_misbehaved",
        `Cannot repair: the relay's roster has ${answer.headSeq} entries that differ from this device's`,
      );
    }
    rosterRestored++;
  }
  const queued = allQueued(store);
  const total = queued.length + keptCount(store);
  let done = 0;
  let present = 0;
  const upload = async (bytes: Uint8Array): Promise<boolean> => {
    const answer = await relay.push(strand.strandId, bytes);
    if (answer.duplicate) present++;
    onProgress?.(++done, total);
    return !answer.duplicate;
  };
  let restored = 0;
  for (const row of queued) if (await upload(row.bytes)) restored++;
  // Then what other devices sealed, so a relay that lost its data gets back the changes of a
  // device that will never repair it (lost, wiped, retired).
  let restoredForOthers = 0;
  for (let after = 0;;) {
    const page = keptDeltas(store, after, 256);
    if (page.length === 0) break;
    for (const row of page) if (await upload(row.bytes)) restoredForOthers++;
    after = page[page.length - 1]!.n;
  }
  const relayKey = await relay.relayKey();
  writeTransaction(store.db, "read the relay's log again", () => {
    resetCursor(store);
    // The relay numbers its log anew (and a relay whose data folder was wiped signs with a new
    // key): verify it from the start under the key it has now; the person acted on the alarms.
    repinRelayKey(store, relayKey, frontierText(EMPTY_FRONTIER));
    clearAlarms(store, ["ROLLBACK", "WITHHELD", "TAMPER"], now);
  });
  return { rosterRestored, restored, restoredForOthers, present };
}
