/**
 * Starting sync on the first device (R2, R5, R6): a random strand id, the first epoch
 * secret wrapped for this device alone, and the genesis roster entry naming it, created on
 * the relay; then every op already in the strand is sealed for upload.
 *
 * @module
 */
import { bytesToHex } from "../crypto/_noble.ts";
import { keyFingerprint } from "../crypto/ed25519.ts";
import { HelixError } from "../errors.ts";
import {
  markFirstDevice,
  putEpoch,
  putRosterEntry,
  startSync,
  syncStrand,
} from "../store/queries/sync.ts";
import { writeTransaction } from "../store/transaction.ts";
import type { SyncDeps, SyncKeys } from "./deps.ts";
import type { RelayPort } from "./relay_port.ts";
import { pinRelayKey } from "../store/queries/sync_log.ts";
import { EMPTY_FRONTIER, frontierText } from "./log_frontier.ts";
import { wrapBundle } from "./wire/bundle.ts";
import { deriveEpochKeys, newEpochSecret } from "./wire/epoch.ts";
import { newStrandId } from "./wire/ids.ts";
import { applyRosterEntry } from "./wire/roster_chain.ts";
import { sealRosterEntry } from "./wire/roster_entry.ts";
import type { RosterDevice } from "./wire/roster_ops.ts";
import { GENESIS_PREV } from "./wire/roster_outer.ts";

/** A device as a roster entry names it, from its public keys. */
export function rosterDevice(ed25519: Uint8Array, x25519: Uint8Array, name: string): RosterDevice {
  return {
    device: keyFingerprint(ed25519),
    ed25519: bytesToHex(ed25519),
    x25519: bytesToHex(x25519),
    name,
  };
}

/** Refuses a strand that already syncs. */
export function assertNotSynced(deps: Pick<SyncDeps, "store">, action: string): void {
  const strand = syncStrand(deps.store);
  if (strand !== null) {
    throw new HelixError(
      "conflict",
      `Cannot ${action}: this strand already syncs through ${strand.relay} (strand ${strand.strandId})`,
    );
  }
}

/**
 * Creates the strand on the relay and records this device as its first member: a personal
 * strand, or with `team` a team strand whose first admin is this device's member `team.member`.
 */
export async function initSync(
  deps: Pick<SyncDeps, "store" | "clock">,
  keys: SyncKeys,
  relay: RelayPort,
  name: string,
  team?: { readonly name: string; readonly member: string },
): Promise<{ strandId: string }> {
  assertNotSynced(deps, team ? "create the team" : "start sync");
  const me = rosterDevice(keys.device.publicKey, keys.exchange.publicKey, name);
  const strandId = newStrandId();
  const secret = newEpochSecret();
  const epochKeys = deriveEpochKeys(secret, strandId);
  const bundle = wrapBundle(secret, [keys.exchange.publicKey]);
  secret.fill(0);
  const genesis = sealRosterEntry({
    strandId,
    seq: 1,
    prev: GENESIS_PREV,
    epoch: 0,
    keys: epochKeys,
    newEpoch: true,
    bundle,
    op: team
      ? {
        kind: "create_team",
        team: team.name,
        member: me.device,
        name: team.member,
        devices: [me],
      }
      : { kind: "create", devices: [me] },
    signerSecretKey: keys.device.secretKey,
  });
  const state = applyRosterEntry(null, genesis, strandId, (e) => e === 0 ? epochKeys : undefined);
  await relay.createStrand(strandId, genesis);
  const relayKey = await relay.relayKey();
  const { store } = deps;
  writeTransaction(store.db, "start sync", () => {
    if (relayKey) pinRelayKey(store, relayKey, frontierText(EMPTY_FRONTIER));
    startSync(store, { strandId, relay: relay.url, epoch: 0, joinedAt: deps.clock.now() });
    markFirstDevice(store);
    putEpoch(store, 0, epochKeys.writePublic, bundle);
    putRosterEntry(store, 1, state.head, genesis);
  });
  return { strandId };
}
