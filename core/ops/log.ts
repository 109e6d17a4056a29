/**
 * The op log: the strand's system of record. Every change is appended as an op and folded
 * into the tables inside the same SQLite write transaction (`BEGIN IMMEDIATE`), so an op and
 * its effect are durable together or not at all, and concurrent writers (several MCP servers,
 * the CLI) serialize on SQLite's write lock instead of overwriting each other.
 *
 * @module
 */
import { formatHlc, type Hlc, nextHlc, parseHlc } from "../model/hlc.ts";
import type { Clock } from "../ports.ts";
import { lastSeqOf, localClock, newestClockAhead, opWriter } from "../store/queries/ops_append.ts";
import type { PointBound } from "../store/queries/ops_arrival.ts";
import {
  canonicalOpRows,
  countOps,
  countOpsWithPayload,
  type OpFilter,
  opRows,
  refsOfOps,
} from "../store/queries/ops_read.ts";
import type { Store } from "../store/store.ts";
import { writeTransaction } from "../store/transaction.ts";
import { canonicalJson } from "../util/canonical_json.ts";
import { sha256Hex } from "../util/hash.ts";
import { decodeOp, encodeOpText } from "./encode.ts";
import { applyOp } from "./fold.ts";
import type { LiveOp, Op, OpDraft } from "./kinds.ts";
import { refoldTables } from "./refold.ts";
import { refsOf, tombstoneText } from "./refs.ts";
import { verifyLog } from "./verify.ts";

/** What code running inside a write transaction can do. */
export interface LogTransaction {
  /** Wall-clock time when the transaction began (ms). */
  readonly now: number;
  /** The transaction's change counter for cache invalidation (allocated on first use). */
  readonly rev: number;
  /** Appends an op, folds it into the tables, and returns it with its id, clock and sequence. */
  append(draft: OpDraft): LiveOp;
}

/** Filters for reading the log. */
export type ReadOpsOptions = OpFilter;

/** The op log of one strand. */
export interface OpLog {
  /** Runs `fn` in one write transaction; ops it appends commit with their effects or not at all. */
  transact<T>(action: string, fn: (tx: LogTransaction) => T): T;
  /** Reads ops. */
  read(options?: ReadOpsOptions): Op[];
  /**
   * Installs `hook`, run inside every later write transaction after its work and before it
   * commits, so what it writes commits with the ops or not at all (sync seals new ops into its
   * outbox this way, sync-protocol R19). One hook; null removes it.
   */
  beforeCommit(hook: (() => void) | null): void;
  /**
   * Iterates every op in canonical order (hlc, device, change id), the order of the fold;
   * only those the strand held at `bound` when given (see `history/point.ts`).
   */
  canonical(bound?: PointBound): Iterable<Op>;
  /** Number of ops. */
  count(): number;
  /**
   * Change ids of ops that fail verification (empty when the log is intact): an op whose
   * stored bytes no longer hash to its id, or a tombstone no later `memory.purge` accounts
   * for (one whose memories include one the op touched: the op's `op_refs` hold its
   * `purged:` ref).
   */
  verify(): string[];
  /** The memory, edge and session ids each op touches (from `op_refs`), sorted. */
  refsOf(changeIds: readonly string[]): Map<string, string[]>;
  /** How many ops carry the tombstone of purge `changeId` among those touching `refs` (the purge's `purged:` refs). */
  purgedBy(changeId: string, refs: readonly string[]): number;
}

/** Creates the op log over an open strand. */
export function createOpLog(store: Store, deps: { deviceId: string; clock: Clock }): OpLog {
  const { deviceId, clock } = deps;
  const writer = opWriter(store);
  let inTransaction = false;
  let hook: (() => void) | null = null;

  function* canonical(bound: PointBound = null): Iterable<Op> {
    for (const row of canonicalOpRows(store, bound)) yield decodeOp(row);
  }

  /** Runs `fn` with a transaction that stamps, stores and folds each op it appends. */
  const run = <T>(fn: (tx: LogTransaction) => T): T => {
    const now = clock.now();
    const newest = localClock(store);
    let last: Hlc | null = newest === null ? null : parseHlc(newest);
    let seq = lastSeqOf(store, deviceId);
    let rev: number | undefined;
    const tx: LogTransaction = {
      now,
      get rev() {
        return rev ??= store.nextRev();
      },
      append(draft) {
        const local = nextHlc(last, now);
        last = local;
        const refs = refsOf(draft);
        // An op must sort after the ops of the memories and edges it names, or a refold would
        // apply it first: past the newest one ahead of the local clock (merged with a clock
        // suspect of running ahead, which the local clock does not adopt).
        const ahead = newestClockAhead(store, formatHlc(local), refs);
        const hlc = ahead === null ? local : nextHlc(parseHlc(ahead), local.wall);
        seq += 1;
        const header = { hlc: formatHlc(hlc), deviceId, seq };
        const payloadText = canonicalJson(draft.payload);
        const changeId = sha256Hex(encodeOpText(header, draft.kind, payloadText));
        const op = { ...header, ...draft, changeId } as LiveOp;
        writer.insert(op, payloadText, local.wall, refs);
        applyOp(store, op, tx.rev);
        if (store.takeRefold()) refoldTables(store, canonical());
        return op;
      },
    };
    const result = fn(tx);
    hook?.();
    return result;
  };

  return {
    transact(action, fn) {
      if (inTransaction) throw new Error(`Cannot ${action}: a write transaction is already open`);
      inTransaction = true;
      try {
        return writeTransaction(store.db, action, () => run(fn));
      } finally {
        inTransaction = false;
      }
    },
    beforeCommit(next) {
      hook = next;
    },
    read: (options = {}) => opRows(store, options).map(decodeOp),
    canonical,
    count: () => countOps(store),
    verify: () => verifyLog(store),
    refsOf: (changeIds) => refsOfOps(store, changeIds),
    purgedBy: (changeId, refs) => countOpsWithPayload(store, tombstoneText(changeId), refs),
  };
}
