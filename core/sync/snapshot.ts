/**
 * Making a snapshot (sync-protocol R28, `docs/teams.md`): after a full exchange (nothing left
 * to push, nothing waiting), this device reads in one read transaction the strand's op set in
 * fold order, every change it has applied by chain (the sync frontier), the relay log position
 * it pulled through with the log frontier it verified there, the roster head and the state
 * hash; signs it, seals it under the current epoch in parts of at most 1 MiB and uploads them.
 * A device that joins later starts from it instead of replaying every delta
 * (`snapshot_join.ts`).
 *
 * @module
 */
import { HelixError } from "../errors.ts";
import type { Op } from "../ops/kinds.ts";
import { stateHash } from "../ops/state_hash.ts";
import { rosterEntries, syncCounts, syncStrand } from "../store/queries/sync.ts";
import { logState } from "../store/queries/sync_log.ts";
import { appliedByChain, setSnapshotMark, snapshotMark } from "../store/queries/sync_snapshot.ts";
import { readTransaction, writeTransaction } from "../store/transaction.ts";
import type { SyncDeps, SyncKeys } from "./deps.ts";
import type { Keyring } from "./keyring.ts";
import { frontierFrom } from "./log_frontier.ts";
import type { RelayPort, SnapshotPort } from "./relay_port.ts";
import { toHex } from "./wire/ids.ts";
import { sealSnapshot } from "./wire/snapshot.ts";
import type { SnapshotChain, SnapshotContent } from "./wire/snapshot_body.ts";

/** What making a snapshot did. */
export interface SnapshotReport {
  /** `snapshot_id`: hex H(manifest ‖ sig_dev). */
  /** The snapshot's id. */
  readonly snapshotId: string;
  /** The relay log position it covers. */
  readonly position: number;
  /** Ops it holds. */
  readonly ops: number;
  /** Changes it covers. */
  readonly changes: number;
  /** Parts uploaded. */
  readonly parts: number;
  /** Their bytes. */
  readonly bytes: number;
  /** Whether the relay now serves it as the strand's latest. */
  readonly latest: boolean;
}

/** Reads what a snapshot holds, in one read transaction. */
export function snapshotContent(
  deps: Pick<SyncDeps, "store" | "log">,
  author: string,
): SnapshotContent {
  const { store } = deps;
  return readTransaction(store.db, () => {
    const strand = syncStrand(store);
    if (strand === null) throw new HelixError("not_found", "Cannot snapshot: no sync");
    const counts = syncCounts(store);
    if (counts.unacked > 0 || counts.pending > 0) {
      throw new HelixError(
        "conflict",
        `Cannot snapshot: ${counts.unacked} changes wait to be pushed and ${counts.pending} to be applied; sync first`,
      );
    }
    const roster = rosterEntries(store);
    const last = roster.at(-1);
    if (last === undefined) throw new HelixError("corrupt", "Cannot snapshot: no roster");
    const ops: Op[] = [...deps.log.canonical()];
    const chains: SnapshotChain[] = [];
    for (const row of appliedByChain(store)) {
      const chain = chains.at(-1);
      const change = { seq: row.seq, changeId: row.changeId };
      if (chain?.device === row.deviceId) (chain.changes as typeof change[]).push(change);
      else chains.push({ device: row.deviceId, changes: [change] });
    }
    const log = logState(store);
    const frontier = log.frontier === null ? null : frontierFrom(log.frontier);
    return {
      author,
      rosterHead: last.hash,
      rosterSeq: last.seq,
      position: strand.cursor,
      logFrontier: frontier !== null && frontier.size === strand.cursor
        ? frontier.nodes.map((node) => [node.level, toHex(node.hash)] as const)
        : null,
      previous: snapshotMark(store)?.snapshotId ?? null,
      stateHash: stateHash(store.db),
      chains,
      ops,
    };
  });
}

/** Makes and uploads a snapshot of the strand as this device holds it. */
export async function makeSnapshot(
  deps: Pick<SyncDeps, "store" | "log" | "clock">,
  context: { strandId: string; keys: SyncKeys; keyring: Keyring; relay: RelayPort },
): Promise<SnapshotReport> {
  const { strandId, keys, keyring } = context;
  const relay = snapshotsOf(context.relay, "make a snapshot");
  const content = snapshotContent(deps, keys.device.fingerprint);
  const epoch = keyring.epoch;
  const sealed = sealSnapshot({
    strandId,
    epoch,
    keys: keyring.keysFor(epoch)!,
    content,
    deviceSecretKey: keys.device.secretKey,
  });
  let answer = { complete: false, latest: false };
  for (const [part, bytes] of sealed.parts.entries()) {
    answer = await relay.putSnapshotPart(strandId, sealed.upload, part, bytes);
  }
  if (!answer.complete) {
    throw new HelixError(
      "relay_misbehaved",
      "Cannot make a snapshot: the relay did not keep every part (another upload finished meanwhile?)",
    );
  }
  writeTransaction(deps.store.db, "record the snapshot", () =>
    setSnapshotMark(deps.store, {
      snapshotId: sealed.snapshotId,
      position: content.position,
      source: "made",
      at: deps.clock.now(),
    }));
  return {
    snapshotId: sealed.snapshotId,
    position: content.position,
    ops: content.ops.length,
    changes: content.chains.reduce((n, chain) => n + chain.changes.length, 0),
    parts: sealed.parts.length,
    bytes: sealed.size,
    latest: answer.latest,
  };
}

/** The relay's snapshot routes, or `not_found` from a relay without them. */
export function snapshotsOf(relay: RelayPort, action: string): SnapshotPort {
  const { putSnapshotPart, latestSnapshot, snapshotPart } = relay;
  if (!putSnapshotPart || !latestSnapshot || !snapshotPart) {
    throw new HelixError("not_found", `Cannot ${action}: this relay keeps no snapshots`);
  }
  return {
    putSnapshotPart: putSnapshotPart.bind(relay),
    latestSnapshot: latestSnapshot.bind(relay),
    snapshotPart: snapshotPart.bind(relay),
  };
}
