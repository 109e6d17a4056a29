/**
 * Entering a synced strand on this device, after pairing (`pair.ts`) or recovery
 * (`recovery.ts`) put it in the roster: the roster verified from genesis with the keys its
 * bundles open for this device, the relay's key checked against the roster's pin, then the
 * strand, epochs and entries kept in one transaction. Until then nothing is kept and nothing
 * is pushed (a device never writes under a key it cannot open). Then, when the caller can
 * merge ops, the strand's latest snapshot is applied if it verifies (`snapshot_join.ts`), so
 * the first pull reads only what follows it.
 *
 * @module
 */
import { constantTimeEqual } from "../crypto/bytes.ts";
import { HelixError } from "../errors.ts";
import { putEpoch, putRosterEntry, startSync } from "../store/queries/sync.ts";
import { pinRelayKey } from "../store/queries/sync_log.ts";
import type { Store } from "../store/store.ts";
import { writeTransaction } from "../store/transaction.ts";
import type { SyncDeps, SyncKeys } from "./deps.ts";
import { openKeyring } from "./keyring.ts";
import { startFromSnapshot } from "./snapshot_join.ts";
import { EMPTY_FRONTIER, frontierText } from "./log_frontier.ts";
import type { RelayPort } from "./relay_port.ts";
import { rosterRelayKey } from "./relay_pin.ts";
import { extendKeys } from "./roster.ts";
import { type RosterState, verifyRosterChain } from "./wire/roster_chain.ts";
import { rosterEntryHash } from "./wire/roster_outer.ts";

/**
 * Verifies the strand's roster for this device and keeps it: this device now syncs. `atLeast`:
 * the roster entry that added this device, which a relay must not withhold.
 */
export async function enterStrand(
  deps: {
    readonly store: Store;
    readonly clock: { now(): number };
    readonly mergeOps?: SyncDeps["mergeOps"];
  },
  keys: SyncKeys,
  relay: RelayPort,
  strandId: string,
  action: string,
  atLeast = 1,
): Promise<RosterState> {
  const entries = (await relay.roster(strandId, 0)).map((r) => r.bytes);
  const found = extendKeys(() => undefined, entries, strandId, keys.exchange.secretKey);
  if (found.found.size === 0) {
    throw new HelixError(
      "decrypt_failed",
      `Cannot ${action}: no key bundle of the roster opens with this device's key`,
    );
  }
  let state: RosterState;
  try {
    state = verifyRosterChain(entries, strandId, found.get);
  } catch (error) {
    throw new HelixError(
      "relay_misbehaved",
      `Cannot ${action}: the relay's roster does not verify (${(error as Error).message})`,
      { cause: error },
    );
  }
  if (!state.devices.some((d) => d.device === keys.device.fingerprint)) {
    throw new HelixError("unauthorized", `Cannot ${action}: the roster does not list this device`);
  }
  if (state.seq < atLeast) {
    throw new HelixError(
      "relay_misbehaved",
      `Cannot ${action}: the relay withholds the roster entry that added this device`,
    );
  }
  const served = await relay.relayKey();
  const pinned = rosterRelayKey(state);
  if (pinned !== null && (served === null || !constantTimeEqual(pinned, served))) {
    throw new HelixError(
      "relay_misbehaved",
      `Cannot ${action}: the relay signs its log with another key than the one the strand's members pinned in its roster`,
    );
  }
  const relayKey = pinned ?? served;
  const { store } = deps;
  writeTransaction(store.db, "join sync", () => {
    if (relayKey) pinRelayKey(store, relayKey, frontierText(EMPTY_FRONTIER));
    startSync(store, {
      strandId,
      relay: relay.url,
      epoch: state.epoch,
      joinedAt: deps.clock.now(),
    });
    for (const [epoch, item] of found.found) putEpoch(store, epoch, item.wpk, item.bundle);
    entries.forEach((bytes, i) => putRosterEntry(store, i + 1, rosterEntryHash(bytes), bytes));
  });
  const { keysFor } = openKeyring(store, strandId, keys.exchange.secretKey);
  await startFromSnapshot(deps, { strandId, relay, roster: state, keysFor });
  return state;
}
