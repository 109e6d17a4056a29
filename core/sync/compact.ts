/**
 * Compaction (sync-protocol R28, `docs/teams.md`): an admin device asks the relay to drop the
 * bytes of the deltas the strand's latest snapshot covers. It first checks, from the deltas it
 * applied, that every current device of the roster has acknowledged that snapshot's frontier
 * (pushed a change whose `deps` reach every chain head the snapshot covers:
 * `store/queries/sync_acks.ts`); until then it names the devices still pending and sends
 * nothing. Then it signs a GC marker (`wire/gc_marker.ts`) naming the snapshot, the position it
 * covers and the roster head, and puts it at the relay, which keeps it and drops the covered
 * bytes (their log leaves stay). A member's device is refused here (`unauthorized`) and its
 * marker by every reader (`compaction_check.ts`).
 *
 * @module
 */
import { HelixError } from "../errors.ts";
import { chainOf } from "../store/queries/sync.ts";
import { ackVectors } from "../store/queries/sync_acks.ts";
import type { Store } from "../store/store.ts";
import { adminsAt } from "./compaction_check.ts";
import type { SyncKeys } from "./deps.ts";
import type { Keyring } from "./keyring.ts";
import type { RelayPort } from "./relay_port.ts";
import { latestVerifiedSnapshot } from "./snapshot_join.ts";
import { sealGcMarker } from "./wire/gc_marker.ts";
import type { RosterState } from "./wire/roster_chain.ts";
import { memberOf } from "./wire/roster_members.ts";

/** A device that has not acknowledged the snapshot's frontier yet. */
export interface PendingDevice {
  /** Its device id. */
  readonly device: string;
  /** Its name in the roster. */
  readonly name: string;
  /** Its member's name (a team strand), or null (a personal strand). */
  readonly member: string | null;
  /** Changes of the frontier it has not acknowledged (summed over chains). */
  readonly behind: number;
}

/** What `helix sync compact` did. */
export type CompactReport =
  /** The relay keeps the marker and dropped the covered deltas' bytes. */
  | {
    readonly kind: "compacted";
    readonly snapshotId: string;
    readonly position: number;
    readonly dropped: number;
    readonly freed: number;
  }
  /** Nothing was sent: these current devices have not acknowledged the snapshot yet. */
  | {
    readonly kind: "pending";
    readonly snapshotId: string;
    readonly position: number;
    readonly pending: readonly PendingDevice[];
  };

/** The current devices that have not acknowledged `frontier` (chain → last seq covered). */
export function pendingDevices(
  store: Pick<Store, "prepare">,
  roster: RosterState,
  me: string,
  frontier: ReadonlyMap<string, number>,
): PendingDevice[] {
  const acks = ackVectors(store);
  const pending: PendingDevice[] = [];
  for (const device of roster.devices) {
    const reached = (chain: string): number =>
      device.device === me ? chainOf(store, chain)?.maxSeq ?? 0 : acks[device.device]?.[chain] ?? 0;
    let behind = 0;
    for (const [chain, seq] of frontier) behind += Math.max(0, seq - reached(chain));
    if (behind === 0) continue;
    const member = roster.kind === "team" ? memberOf(roster, device.device)?.name ?? null : null;
    pending.push({ device: device.device, name: device.name, member, behind });
  }
  return pending;
}

/** Compacts the strand's log through its latest snapshot, or says which devices hold it up. */
export async function compactStrand(
  store: Pick<Store, "prepare">,
  context: {
    readonly strandId: string;
    readonly keys: SyncKeys;
    readonly keyring: Keyring;
    readonly relay: RelayPort;
    readonly roster: RosterState;
  },
): Promise<CompactReport> {
  const { strandId, keys, keyring, relay, roster } = context;
  const me = keys.device.fingerprint;
  const admins = adminsAt(store, strandId, keyring.keysFor, roster.seq);
  if (!admins.some((admin) => admin.device === me)) {
    throw new HelixError(
      "unauthorized",
      "Cannot compact the relay's log: only an admin of the strand may sign a GC marker",
    );
  }
  if (!relay.putGcMarker) {
    throw new HelixError("not_found", "Cannot compact: this relay does not compact its log");
  }
  const snapshot = await latestVerifiedSnapshot(store, {
    strandId,
    relay,
    roster,
    keysFor: keyring.keysFor,
  });
  if (snapshot === null) {
    throw new HelixError(
      "not_found",
      "Cannot compact: the relay keeps no snapshot of the strand; run `helix sync snapshot` first",
    );
  }
  const { content, snapshotId } = snapshot;
  const frontier = new Map(
    content.chains.map((chain) => [chain.device, chain.changes.at(-1)?.seq ?? 0] as const),
  );
  const pending = pendingDevices(store, roster, me, frontier);
  if (pending.length > 0) {
    return { kind: "pending", snapshotId, position: content.position, pending };
  }
  const marker = sealGcMarker(
    {
      strandId,
      epoch: keyring.epoch,
      upload: snapshot.upload,
      position: content.position,
      rosterSeq: roster.seq,
      rosterHead: roster.head,
      snapshotId,
    },
    me,
    keys.device.secretKey,
    keyring.keysFor(keyring.epoch)!,
  );
  const answer = await relay.putGcMarker(strandId, marker);
  return { kind: "compacted", snapshotId, ...answer };
}
