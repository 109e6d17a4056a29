/**
 * Sealing: this device's new ops become changes in its chain, sealed into deltas and queued
 * in the outbox (R12, R13, R19). Runs inside a write transaction: the one that appended the
 * ops (the log's before-commit hook), or one of its own that catches up ops written while no
 * keys were loaded. Ops that arrived by pull are never sealed back. A change is at most one
 * envelope (1 MiB); more ops make more changes (`wire/split.ts`).
 *
 * @module
 */
import { HelixError } from "../errors.ts";
import { decodeOp } from "../ops/encode.ts";
import type { Op } from "../ops/kinds.ts";
import {
  chainOf,
  chains,
  dropRepairCopies,
  markApplied,
  opsToSeal,
  queueDelta,
  rosterEntries,
  setSealedThrough,
  type SyncStrandRow,
} from "../store/queries/sync.ts";
import type { Store } from "../store/store.ts";
import type { Keyring } from "./keyring.ts";
import type { SyncKeys } from "./deps.ts";
import type { ChangeBody } from "./wire/change.ts";
import { sealDelta } from "./wire/delta.ts";
import { splitOps } from "./wire/split.ts";
import { toHex } from "./wire/ids.ts";
import { verifiedHead } from "../store/queries/sync_log.ts";
import { recordAcks } from "../store/queries/sync_acks.ts";
import { recordHeard } from "../store/queries/sync_heard.ts";
import { formatHlc, nextHlc } from "../model/hlc.ts";

/** Ops read per round while sealing. */
const PAGE = 2000;

/** Seals every op after the sealed-through cursor; returns the changes queued. */
export function sealNew(
  store: Pick<Store, "prepare">,
  strand: SyncStrandRow,
  keyring: Keyring,
  keys: SyncKeys,
): number {
  let sealed = 0;
  let through = strand.sealedThrough;
  for (;;) {
    const rows = opsToSeal(store, through, PAGE);
    if (rows.length === 0) break;
    const ops = rows.map(decodeOp);
    // A hard forget leaves no sealed copy of what came before it on this device.
    if (ops.some((op) => op.kind === "memory.purge")) dropRepairCopies(store);
    const frame = {
      author: keys.device.fingerprint,
      deps: depsOf(store, keys),
      rosterHead: rosterHeadOf(store),
      hlc: ops[ops.length - 1]!.hlc,
    };
    for (const group of splitOps(ops, frame)) {
      sealChange(store, strand, keyring, keys, group);
      sealed++;
    }
    through = rows[rows.length - 1]!.seqno;
    setSealedThrough(store, through);
  }
  return sealed;
}

/** The relay's head this device last verified, gossiped in its changes (R22). */
function observed(store: Pick<Store, "prepare">): { observedHead?: string } {
  const head = verifiedHead(store);
  return head === null ? {} : { observedHead: toHex(head) };
}

function rosterHeadOf(store: Pick<Store, "prepare">): string {
  const roster = rosterEntries(store);
  const head = roster[roster.length - 1];
  if (head === undefined) throw new HelixError("corrupt", "Cannot seal changes: no roster");
  return head.hash;
}

function depsOf(store: Pick<Store, "prepare">, keys: SyncKeys): string[] {
  const me = keys.device.fingerprint;
  return chains(store).filter((chain) => chain.deviceId !== me).map((chain) => chain.head).sort();
}

/**
 * Seals a change with no ops whose deps are this device's current heads: its acknowledgement
 * of everything it has applied (R28, `acknowledge.ts`). Its clock is only a display value.
 */
export function sealAck(
  store: Pick<Store, "prepare">,
  strand: SyncStrandRow,
  keyring: Keyring,
  keys: SyncKeys,
  now: number,
): void {
  sealChange(store, strand, keyring, keys, [], formatHlc(nextHlc(null, now)));
}

function sealChange(
  store: Pick<Store, "prepare">,
  strand: SyncStrandRow,
  keyring: Keyring,
  keys: SyncKeys,
  ops: readonly Op[],
  hlc = ops[ops.length - 1]!.hlc,
): void {
  const me = keys.device.fingerprint;
  const chain = chainOf(store, me);
  const epoch = keyring.epoch;
  const epochKeys = keyring.keysFor(epoch)!;
  const body: ChangeBody = {
    author: me,
    authorSeq: (chain?.maxSeq ?? 0) + 1,
    prev: chain?.head ?? null,
    deps: depsOf(store, keys),
    rosterHead: rosterHeadOf(store),
    hlc,
    ops,
    ...observed(store),
  };
  const sealed = sealDelta({
    strandId: strand.strandId,
    epoch,
    keys: epochKeys,
    body,
    deviceSecretKey: keys.device.secretKey,
  });
  queueDelta(store, sealed);
  markApplied(store, sealed.changeId, me, body.authorSeq);
  // What this device's latest change acknowledges, as other devices will record it.
  recordAcks(store, [body]);
  recordHeard(store, [body]);
}
