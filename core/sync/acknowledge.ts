/**
 * Acknowledging a snapshot (R28): a device acknowledges a snapshot's frontier by pushing a
 * change whose `deps` cover it, and an admin compacts only once every current device has
 * (`compact.ts`). A device that only reads never pushes a change, and a device that started
 * from a snapshot learns nobody's acknowledgements that the snapshot covers; so, after each
 * push, a device that has pulled through the relay's latest snapshot (nothing parked) and has
 * not acknowledged it yet pushes one change with no ops whose deps are its current heads,
 * unless its latest change already does that from after the snapshot's position. Once per
 * snapshot per device: the snapshot's upload id is kept (`sync_own_acks` in `meta`). The
 * change is an ordinary one on the wire (an empty op list is valid): other devices apply it
 * and record what it acknowledges; it adds no op, so no memory, log or history entry.
 *
 * @module
 */
import { chains, parked, syncStrand } from "../store/queries/sync.ts";
import { ackVectors, ownAcks, setOwnAcks } from "../store/queries/sync_acks.ts";
import type { Store } from "../store/store.ts";
import { writeTransaction } from "../store/transaction.ts";
import type { Clock } from "../ports.ts";
import type { SyncKeys } from "./deps.ts";
import type { Keyring } from "./keyring.ts";
import { push } from "./push.ts";
import type { RelayPort } from "./relay_port.ts";
import { sealAck } from "./seal.ts";

/** What acknowledging did: the snapshot acknowledged now by a change of no ops, or null. */
export type Acknowledgement = { readonly snapshot: string; readonly position: number } | null;

/**
 * Acknowledges the relay's latest snapshot when this device has pulled through it and has
 * not acknowledged it yet (call after a push, with the outbox empty).
 */
export async function acknowledgeSnapshot(
  deps: { store: Store; clock: Clock },
  context: { readonly relay: RelayPort; readonly keyring: Keyring; readonly keys: SyncKeys },
): Promise<Acknowledgement> {
  const { store } = deps;
  const { relay, keyring, keys } = context;
  const strand = syncStrand(store);
  if (strand === null || !relay.latestSnapshot) return null;
  const ref = await relay.latestSnapshot(strand.strandId);
  const own = ownAcks(store);
  if (ref === null || own.snapshot === ref.upload) return null;
  // Not pulled through it yet, or waiting for changes: the next sync acknowledges it.
  if (strand.cursor < ref.position || parked(store).length > 0) return null;
  if (own.pushedAt > ref.position && citesEveryHead(store, keys.device.fingerprint)) {
    // This device's latest change, after the snapshot, already acknowledges all it applied.
    writeTransaction(store.db, "note a snapshot acknowledged", () => {
      setOwnAcks(store, { snapshot: ref.upload });
    });
    return null;
  }
  // Sealed and noted in one transaction (another process syncing this strand at the same time
  // sees the note); a push that fails leaves it in the outbox for the next one.
  const sealed = writeTransaction(store.db, "acknowledge a snapshot", () => {
    if (ownAcks(store).snapshot === ref.upload) return false;
    sealAck(store, syncStrand(store)!, keyring, keys, deps.clock.now());
    setOwnAcks(store, { snapshot: ref.upload });
    return true;
  });
  if (!sealed) return null;
  await push(deps, relay);
  return { snapshot: ref.upload, position: ref.position };
}

/** Whether this device's latest change cites the head of every other chain it applied. */
function citesEveryHead(store: Pick<Store, "prepare">, me: string): boolean {
  const mine = ackVectors(store)[me];
  if (mine === undefined) return false;
  return chains(store).every((chain) =>
    chain.deviceId === me || (mine[chain.deviceId] ?? 0) >= chain.maxSeq
  );
}
