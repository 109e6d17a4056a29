/**
 * Pull (R20, R21, R24): deltas after the cursor, a page at a time. Each is judged
 * (`receive.ts`); the page's accepted changes are merged with `mergeOps` (deterministic and
 * order-independent, duplicates skipped by op change id), then recorded as applied with the
 * cursor advanced, in one transaction. Parked deltas are tried again whenever something was
 * applied. A crash anywhere repeats at most the page: merging its ops again is a no-op.
 *
 * @module
 */
import { isHelixError } from "../errors.ts";
import type { Op } from "../ops/kinds.ts";
import {
  chainOf,
  dropRepairCopies,
  isApplied,
  keepDelta,
  markApplied,
  markReceived,
  park,
  parked,
  quarantine,
  rosterEntries,
  setCursor,
  syncStrand,
  unpark,
} from "../store/queries/sync.ts";
import { recordAcks } from "../store/queries/sync_acks.ts";
import { recordHeard } from "../store/queries/sync_heard.ts";
import { writeTransaction } from "../store/transaction.ts";
import { sha256Hex } from "../util/hash.ts";
import { logState, setFrontier, setVerifiedHead } from "../store/queries/sync_log.ts";
import { compactedAt, type CompactionStart, startAfterCompaction } from "./compaction_check.ts";
import { checkGossip } from "./fork_check.ts";
import { checkRosterHeads } from "./roster_fork.ts";
import { encodeLogHead, type SignedLogHead } from "./wire/log_head.ts";
import { checkPage } from "./log_check.ts";
import { type Frontier, frontierFrom, frontierText } from "./log_frontier.ts";
import type { SyncDeps } from "./deps.ts";
import type { Keyring } from "./keyring.ts";
import { type AppliedView, judge } from "./receive.ts";
import type { RelayPort } from "./relay_port.ts";
import { openDelta, type OpenedDelta } from "./wire/delta.ts";
import type { RosterState } from "./wire/roster_chain.ts";
import type { RosterView } from "./receive.ts";

/** What a pull did. */
export interface PullReport {
  /** Deltas the relay served. */
  readonly received: number;
  /** Changes applied (parked ones released included), acknowledgements left out. */
  readonly applied: number;
  /** Changes of no ops applied: other devices' acknowledgements of a snapshot (R28). */
  readonly acknowledgements: number;
  /** Ops new to this strand. */
  readonly opsAdded: number;
  /** Deltas already applied (replays, this device's own). */
  readonly duplicates: number;
  /** Deltas set aside this pull. */
  readonly quarantined: number;
  /** Deltas waiting for what they depend on, after the pull. */
  readonly pending: number;
  /** The relay had compacted what followed the cursor: the snapshot this device started from. */
  readonly compacted?: CompactionStart;
}

/** Called after each page: deltas received so far. */
export type PullProgress = (received: number) => void;

const PAGE = 200;
const NONE: Totals = {
  received: 0,
  applied: 0,
  acknowledgements: 0,
  opsAdded: 0,
  duplicates: 0,
  quarantined: 0,
};

/**
 * Pulls until the relay has nothing more after the cursor. When deltas still wait for
 * predecessors afterwards, the relay's whole log is read once more without moving the cursor:
 * a relay that withheld a delta and now serves it heals the gap (R21), and deltas seen before
 * are skipped as duplicates.
 */
export async function pull(
  deps: Pick<SyncDeps, "store" | "log" | "clock" | "mergeOps">,
  relay: RelayPort,
  keyring: Keyring,
  roster: RosterState,
  onProgress?: PullProgress,
): Promise<PullReport> {
  const { store } = deps;
  const totals: Totals = { ...NONE };
  const view: RosterView = { ...roster, heads: rosterEntries(store).map((entry) => entry.hash) };
  let compacted: CompactionStart | undefined;
  for (;;) {
    try {
      await pass(deps, relay, keyring, view, totals, true, onProgress);
      break;
    } catch (error) {
      // The relay dropped what follows the cursor (R28): start from its snapshot. Said again
      // once the cursor is past its marker, it is `TAMPER` (`startAfterCompaction`).
      const position = compactedAt(error);
      if (position === null) throw error;
      compacted = await startAfterCompaction(deps, { relay, keyring, roster, position });
    }
  }
  if (parked(store).length > 0) await pass(deps, relay, keyring, view, totals, false);
  writeTransaction(store.db, "record the pull", () => setCursor(store, 0, deps.clock.now()));
  return { ...totals, pending: parked(store).length, ...(compacted ? { compacted } : {}) };
}

type Totals = { -readonly [K in keyof Omit<PullReport, "pending" | "compacted">]: number };

/** Reads the relay's deltas after the cursor (`advance`), or all of them (not advancing). */
async function pass(
  deps: Pick<SyncDeps, "store" | "log" | "clock" | "mergeOps">,
  relay: RelayPort,
  keyring: Keyring,
  roster: RosterView,
  totals: Totals,
  advance: boolean,
  onProgress?: PullProgress,
): Promise<void> {
  const { store } = deps;
  const strandId = syncStrand(store)!.strandId;
  let from = advance ? syncStrand(store)!.cursor : 0;
  // The relay's log is checked as the cursor moves over it (when its key is pinned).
  const log = advance ? verifiedLog(store, from) : null;
  let frontier = log?.frontier ?? null;
  let verified: SignedLogHead | null = null;
  for (;;) {
    let page;
    try {
      page = await relay.pull(strandId, from, PAGE);
    } catch (error) {
      // Reading the whole log again: it now starts after the compacted part.
      const position = compactedAt(error);
      if (advance || position === null || position <= from) throw error;
      from = position;
      continue;
    }
    let behind = false;
    if (log && frontier) {
      const checked = checkPage(store, {
        strandId,
        relayKey: log.relayKey,
        frontier,
        records: page.records,
        head: page.head,
        now: deps.clock.now(),
      });
      frontier = checked.frontier;
      behind = checked.behind;
      if (page.head && frontier.size === page.head.size) verified = page.head;
    }
    if (page.records.length === 0) break;
    const view = overlay(deps);
    const accepted: Received[] = [];
    const now = deps.clock.now();
    const parkedNow: { delta: OpenedDelta; missing: readonly string[]; bytes: Uint8Array }[] = [];
    const setAside: { deltaId: string; serverSeq: number; reason: string; bytes: Uint8Array }[] =
      [];
    const unknownRosters: { author: string; head: string }[] = [];
    for (const record of page.records) {
      const verdict = judge(record.bytes, strandId, keyring, roster, view);
      if (verdict.kind === "apply" || verdict.kind === "park") view.vouch(verdict.delta, roster);
      if (verdict.kind === "apply") {
        accepted.push({ ...verdict.delta, bytes: record.bytes });
        view.accept(verdict.delta);
      } else if (verdict.kind === "duplicate") totals.duplicates++;
      else if (verdict.kind === "park") {
        parkedNow.push({ delta: verdict.delta, missing: verdict.missing, bytes: record.bytes });
      } else if (advance) {
        if (verdict.unknownRoster) unknownRosters.push(verdict.unknownRoster);
        setAside.push({
          deltaId: sha256Hex(record.bytes),
          serverSeq: record.seq,
          reason: verdict.reason,
          bytes: record.bytes,
        });
      }
    }
    if (advance) totals.received += page.records.length;
    totals.quarantined += setAside.length;
    from = page.records[page.records.length - 1]!.seq;
    const last = from;
    totals.opsAdded += apply(deps, accepted, () => {
      for (const item of setAside) quarantine(store, { ...item, at: now });
      for (const item of parkedNow) {
        park(store, {
          deltaId: item.delta.deltaId,
          changeId: item.delta.changeId,
          missing: item.missing,
          bytes: item.bytes,
          since: now,
        });
      }
      if (advance) setCursor(store, last, now);
      if (frontier) setFrontier(store, frontierText(frontier));
      if (verified) setVerifiedHead(store, encodeLogHead(verified));
    });
    if (advance) await checkHeads(deps, relay, strandId, accepted);
    if (unknownRosters.length > 0) await checkRosterHeads(deps, relay, strandId, unknownRosters);
    count(totals, accepted);
    if (accepted.length > 0 || parkedNow.length > 0) {
      totals.opsAdded += releaseParked(deps, strandId, keyring, roster, totals);
    }
    onProgress?.(totals.received);
    if (!page.more && !behind) break;
  }
}

/** A delta that passed its checks, with its envelope as received (kept for `sync repair`). */
type Received = OpenedDelta & { readonly bytes: Uint8Array };

/**
 * Merges the ops of `accepted`, then records them applied (keeping each envelope) and runs
 * `also`, in one transaction. When the merge refuses the batch, each change is merged alone and one the
 * merge refuses is set aside with the merge's reason; the rest apply.
 */
function apply(
  deps: Pick<SyncDeps, "store" | "log" | "clock" | "mergeOps">,
  accepted: readonly Received[],
  also: () => void,
): number {
  const { store } = deps;
  const ops: Op[] = accepted.flatMap((delta) => [...delta.body.ops]);
  let added = 0;
  const refused: { delta: Received; reason: string }[] = [];
  if (ops.length > 0) {
    writeTransaction(store.db, "note received ops", () => {
      for (const d of accepted) {
        markReceived(store, d.body.ops.map((o) => o.changeId), d.body.author);
      }
    });
    try {
      added = deps.mergeOps(ops, { label: "sync" }).added;
    } catch (error) {
      if (!isHelixError(error)) throw error;
      for (const delta of accepted) {
        try {
          added += deps.mergeOps(delta.body.ops, { label: "sync" }).added;
        } catch (alone) {
          if (!isHelixError(alone)) throw alone;
          refused.push({ delta, reason: `${alone.message} (${alone.code})` });
        }
      }
    }
  }
  const now = deps.clock.now();
  writeTransaction(store.db, "record applied changes", () => {
    for (const delta of accepted) {
      const no = refused.find((r) => r.delta === delta);
      if (no) {
        quarantine(store, {
          deltaId: delta.deltaId,
          serverSeq: 0,
          reason: no.reason,
          bytes: new Uint8Array(0),
          at: now,
        });
      } else {
        markApplied(store, delta.changeId, delta.body.author, delta.body.authorSeq);
        keepDelta(store, delta.deltaId, delta.bytes);
      }
      unpark(store, delta.deltaId);
    }
    const bodies = accepted.filter((d) => !refused.some((r) => r.delta === d)).map((d) => d.body);
    recordAcks(store, bodies);
    recordHeard(store, bodies);
    // Another device's hard forget: no sealed copy of what came before it stays here either.
    if (ops.some((op) => op.kind === "memory.purge")) dropRepairCopies(store);
    also();
  });
  return added;
}

/** Counts changes applied: those with ops, and acknowledgements (none). */
function count(totals: Totals, applied: readonly OpenedDelta[]): void {
  const acks = applied.filter((delta) => delta.body.ops.length === 0).length;
  totals.acknowledgements += acks;
  totals.applied += applied.length - acks;
}

/** Applies parked deltas whose predecessors have arrived, until none is released; ops added. */
function releaseParked(
  deps: Pick<SyncDeps, "store" | "log" | "clock" | "mergeOps">,
  strandId: string,
  keyring: Keyring,
  roster: RosterView,
  totals: Totals,
): number {
  let opsAdded = 0;
  for (;;) {
    const view = overlay(deps);
    const waiting = parked(deps.store);
    for (const row of waiting) {
      try {
        view.vouch(openDelta(row.bytes, keyring.keysFor, strandId), roster);
      } catch { /* judged (and dropped) below */ }
    }
    const ready: Received[] = [];
    const dropped: string[] = [];
    for (const row of waiting) {
      const verdict = judge(row.bytes, strandId, keyring, roster, view);
      if (verdict.kind === "apply") {
        ready.push({ ...verdict.delta, bytes: row.bytes });
        view.accept(verdict.delta);
      } else if (verdict.kind !== "park") dropped.push(row.deltaId);
    }
    if (ready.length === 0 && dropped.length === 0) return opsAdded;
    opsAdded += apply(deps, ready, () => {
      for (const deltaId of dropped) unpark(deps.store, deltaId);
    });
    count(totals, ready);
    if (ready.length === 0) return opsAdded;
  }
}

/** The applied changes and chains, plus those accepted earlier in the same batch. */
function overlay(
  deps: Pick<SyncDeps, "store">,
): AppliedView & {
  accept(delta: OpenedDelta): void;
  vouch(delta: OpenedDelta, roster: RosterView): void;
} {
  const changes = new Set<string>();
  const heads = new Map<string, { maxSeq: number; head: string }>();
  // Changes a remaining device names (deps, prev), and through a vouched change its chain.
  const vouchers = new Set<string>();
  const former = new Map<string, string | null>(); // a removed device's change → its prev
  const extend = (changeId: string) => {
    for (let at: string | null | undefined = changeId; at && !vouchers.has(at);) {
      vouchers.add(at);
      at = former.get(at);
    }
  };
  return {
    isApplied: (changeId) => changes.has(changeId) || isApplied(deps.store, changeId),
    chain: (deviceId) => heads.get(deviceId) ?? chainOf(deps.store, deviceId),
    vouched: (changeId) => vouchers.has(changeId),
    vouch(delta, roster) {
      const { body } = delta;
      if (roster.devices.some((d) => d.device === body.author)) {
        for (const dep of body.deps) extend(dep);
        if (body.prev) extend(body.prev);
      } else {
        former.set(delta.changeId, body.prev);
        if (vouchers.has(delta.changeId) && body.prev) {
          vouchers.delete(delta.changeId);
          extend(delta.changeId);
        }
      }
    },
    accept(delta) {
      changes.add(delta.changeId);
      heads.set(delta.body.author, { maxSeq: delta.body.authorSeq, head: delta.changeId });
    },
  };
}

/** Checks the heads the applied changes gossip against this device's log (R22: `FORK`). */
async function checkHeads(
  deps: Pick<SyncDeps, "store" | "clock">,
  relay: RelayPort,
  strandId: string,
  accepted: readonly OpenedDelta[],
): Promise<void> {
  const seen = new Set<string>();
  for (const delta of accepted) {
    const head = delta.body.observedHead;
    if (head === undefined || seen.has(head)) continue;
    seen.add(head);
    await checkGossip(deps.store, relay, {
      strandId,
      author: delta.body.author,
      head,
      now: deps.clock.now(),
    });
  }
}

/**
 * The relay's pinned key and the frontier verified through `cursor`, or null when the relay
 * keeps no verifiable log, or the frontier does not stand at the cursor (a strand synced
 * before the log was checked): then nothing is checked.
 */
function verifiedLog(
  store: SyncDeps["store"],
  cursor: number,
): { relayKey: Uint8Array; frontier: Frontier } | null {
  const state = logState(store);
  if (state.relayKey === null || state.frontier === null) return null;
  const frontier = frontierFrom(state.frontier);
  return frontier.size === cursor ? { relayKey: state.relayKey, frontier } : null;
}
