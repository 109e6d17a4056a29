/**
 * Starting from a snapshot (sync-protocol R28): a device that has just entered a strand
 * (`enter.ts`, after pairing or recovery) asks the relay for the strand's latest snapshot. It
 * verifies it before writing anything: every part (commit, `wsig`, tag, same upload), the
 * body (strict), the author's signature by a device of the roster at the roster head it
 * names (an entry this device verified), and a sync frontier whose chains are roster devices.
 * Then it applies it in one bulk step: the ops merged as another strand's (`mergeOps`, short
 * transactions, the search index current after each), the changes recorded as applied with
 * each chain's head, the cursor set to the log position it covers, and the log frontier the
 * author verified there, so the next pull reads only the deltas that follow and keeps checking
 * the relay's log. A snapshot that fails verification is refused (a `TAMPER` alarm saying why)
 * and the device replays the deltas as it would without one.
 *
 * @module
 */
import { HelixError, isHelixError } from "../errors.ts";
import { markReceived, rosterEntries, setCursor } from "../store/queries/sync.ts";
import { logState, raiseAlarm, setFrontier } from "../store/queries/sync_log.ts";
import { markAppliedBulk, setSnapshotMark } from "../store/queries/sync_snapshot.ts";
import type { Store } from "../store/store.ts";
import { withBulkCache } from "../store/bulk_cache.ts";
import { writeTransaction } from "../store/transaction.ts";
import type { SyncDeps } from "./deps.ts";
import { frontierText } from "./log_frontier.ts";
import type { RelayPort } from "./relay_port.ts";
import { fromHex } from "./wire/ids.ts";
import type { KeysForEpoch, RosterState } from "./wire/roster_chain.ts";
import { openSnapshot } from "./wire/snapshot.ts";
import { type DecodedSnapshot, verifySnapshotSignature } from "./wire/snapshot_body.ts";

/**
 * How long one transaction of the bulk apply may hold the write lock (ms): a writer of another
 * connection waits up to this long, once, while a device starts from a snapshot.
 */
const SNAPSHOT_BUDGET_MS = 1000;
/** Parts downloaded at once. */
const PARALLEL_PARTS = 4;
/** The page cache of the bulk apply (MiB). */
const SNAPSHOT_CACHE_MIB = 256;

/** What starting from a snapshot did. */
export type SnapshotStart =
  /** The relay has no snapshot (or no snapshot routes): the device replays every delta. */
  | { readonly kind: "none" }
  /** Applied: the device pulls only what follows `position`. */
  | {
    readonly kind: "applied";
    readonly snapshotId: string;
    readonly position: number;
    readonly ops: number;
    readonly opsAdded: number;
    readonly changes: number;
    readonly parts: number;
  }
  /** Refused (a `TAMPER` alarm says why): the device replays every delta. */
  | { readonly kind: "refused"; readonly reason: string };

/** What the join passes in. */
export interface SnapshotJoinContext {
  readonly strandId: string;
  readonly relay: RelayPort;
  /** The roster this device just verified and kept. */
  readonly roster: RosterState;
  /** Epoch keys this device holds. */
  readonly keysFor: KeysForEpoch;
}

/**
 * Applies the strand's latest snapshot when the relay has one that verifies; otherwise leaves
 * the strand as it was (replay). Without `mergeOps` (a caller that cannot merge) it does
 * nothing.
 */
export async function startFromSnapshot(
  deps: Pick<SyncDeps, "store" | "clock"> & { readonly mergeOps?: SyncDeps["mergeOps"] },
  context: SnapshotJoinContext,
): Promise<SnapshotStart> {
  const { relay } = context;
  if (!deps.mergeOps || !relay.latestSnapshot || !relay.snapshotPart) return { kind: "none" };
  let decoded: OpenedLatest | null;
  try {
    decoded = await latestVerifiedSnapshot(deps.store, context);
    if (decoded === null) return { kind: "none" };
  } catch (error) {
    if (!isHelixError(error)) throw error;
    // Not there or not reachable now: nothing is wrong with the strand; replay instead.
    if (error.code === "relay_unavailable" || error.code === "not_found") return { kind: "none" };
    const reason = `${error.message} (${error.code})`;
    writeTransaction(
      deps.store.db,
      "note a refused snapshot",
      () => raiseAlarm(deps.store, "TAMPER", `snapshot refused: ${reason}`, deps.clock.now()),
    );
    return { kind: "refused", reason };
  }
  return applySnapshot({ ...deps, mergeOps: deps.mergeOps }, decoded);
}

/** A snapshot downloaded, opened and verified, with its part count. */
export type OpenedLatest = DecodedSnapshot & { readonly parts: number; readonly upload: string };

/**
 * The strand's latest snapshot, downloaded, opened and verified against the roster this device
 * holds, or null when the relay has none. Throws the `HelixError` of the check that failed.
 */
export async function latestVerifiedSnapshot(
  store: Pick<Store, "prepare">,
  context: SnapshotJoinContext,
): Promise<OpenedLatest | null> {
  const { relay, strandId } = context;
  if (!relay.latestSnapshot || !relay.snapshotPart) return null;
  const ref = await relay.latestSnapshot(strandId);
  if (ref === null) return null;
  const parts = await fetchParts(
    ref.parts,
    (part) => relay.snapshotPart!(strandId, ref.upload, part),
  );
  const opened = openSnapshot(parts, context.keysFor, strandId);
  if (opened.upload !== ref.upload) throw refuse("the parts name another upload");
  verifySnapshot(store, opened, context);
  return { ...opened, parts: parts.length };
}

/** Parts fetched a few at a time, in order. */
async function fetchParts(
  count: number,
  fetchPart: (part: number) => Promise<Uint8Array>,
): Promise<Uint8Array[]> {
  const parts: Uint8Array[] = new Array(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const part = next++;
      parts[part] = await fetchPart(part);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_PARTS, count) }, worker));
  return parts;
}

function refuse(problem: string): HelixError {
  return new HelixError("tampered", `Cannot start from the snapshot: ${problem}`);
}

/** The checks a decoded snapshot must pass against the roster this device verified. */
export function verifySnapshot(
  store: Pick<Store, "prepare">,
  decoded: DecodedSnapshot,
  context: Pick<SnapshotJoinContext, "strandId" | "roster">,
): void {
  const { content } = decoded;
  const { roster } = context;
  const entry = rosterEntries(store)[content.rosterSeq - 1];
  if (entry === undefined || entry.hash !== content.rosterHead) {
    throw refuse(`it cites roster entry ${content.rosterSeq}, which is not this roster's`);
  }
  const signer = roster.devices.find((d) => d.device === content.author) ??
    roster.former.find((d) => d.device === content.author && d.removedAt > content.rosterSeq);
  if (signer === undefined) {
    throw refuse(`its author ${content.author} is not a device of the roster at its head`);
  }
  if (!verifySnapshotSignature(context.strandId, decoded, fromHex(signer.ed25519))) {
    throw new HelixError(
      "bad_signature",
      "Cannot start from the snapshot: its author's signature does not verify",
    );
  }
  const members = new Set([...roster.devices, ...roster.former].map((d) => d.device));
  const stranger = content.chains.find((chain) => !members.has(chain.device));
  if (stranger) throw refuse(`its frontier names ${stranger.device}, not a device of the roster`);
}

/**
 * Applies a verified snapshot in one bulk step: its ops merged, its changes recorded applied,
 * the cursor at its position and, when the relay's key is pinned, the log frontier its author
 * verified there.
 */
export function applySnapshot(
  deps: Pick<SyncDeps, "store" | "clock" | "mergeOps">,
  decoded: DecodedSnapshot & { parts: number },
): SnapshotStart & { kind: "applied" } {
  const { store } = deps;
  const { content } = decoded;
  // Arrived from others: never sealed back as this device's changes.
  writeTransaction(store.db, "note snapshot ops", () => {
    markReceived(store, content.ops.map((op) => op.changeId));
  });
  // Longer transactions than a merge's usual 50 ms (fewer commits, each rewriting fewer index
  // pages) and a larger cache, on a strand this device is only now starting to use.
  const merged = withBulkCache(store.db, SNAPSHOT_CACHE_MIB, () =>
    deps.mergeOps(content.ops, {
      label: "snapshot",
      budgetMs: SNAPSHOT_BUDGET_MS,
      chunkSize: 50_000,
    }));
  const pinned = logState(store).relayKey !== null;
  writeTransaction(store.db, "record the snapshot", () => {
    markAppliedBulk(store, content.chains);
    setCursor(store, content.position, deps.clock.now());
    if (pinned && content.logFrontier !== null) {
      setFrontier(
        store,
        frontierText({
          size: content.position,
          nodes: content.logFrontier.map(([level, hash]) => ({ level, hash: fromHex(hash) })),
        }),
      );
    }
    setSnapshotMark(store, {
      snapshotId: decoded.snapshotId,
      position: content.position,
      source: "applied",
      at: deps.clock.now(),
    });
  });
  return {
    kind: "applied",
    snapshotId: decoded.snapshotId,
    position: content.position,
    ops: content.ops.length,
    opsAdded: merged.added,
    changes: content.chains.reduce((n, chain) => n + chain.changes.length, 0),
    parts: decoded.parts,
  };
}
