/**
 * The log as people read it: one line per op ({@linkcode summarize}) and the history entry
 * `history()` returns for each op ({@linkcode historyEntry}).
 *
 * @module
 */
import { parseHlc } from "../model/hlc.ts";
import { isPurged, type Op } from "../ops/kinds.ts";
import { PURGED_REF_PREFIX, refsOf } from "../ops/refs.ts";
import { iso } from "../store/records.ts";

/** One op as history shows it. */
export interface HistoryEntry {
  /** The op's content address. */
  readonly changeId: string;
  /** Its hybrid logical clock value (fold order). */
  readonly hlc: string;
  /** Wall time of the op. */
  readonly at: string;
  /** The device that wrote it. */
  readonly deviceId: string;
  /** Its sequence number on that device. */
  readonly seq: number;
  /** What kind of change it is. */
  readonly kind: Op["kind"];
  /**
   * The memory or edge it changed; for a purge and the ops it tombstoned, the purged
   * memory's `purged:<change id of its memory.put>` ref.
   */
  readonly subject: string;
  /** One line for humans. */
  readonly summary: string;
  /** The op's payload (a tombstone for a purged op). */
  readonly payload: Op["payload"];
}

/**
 * The history entry of `op`. `refs`: what a purged op touched (its payload no longer says);
 * its subject is the purged memory's `purged:` ref, not its id.
 */
export function historyEntry(op: Op, refs: readonly string[] = []): HistoryEntry {
  const subject = !isPurged(op)
    ? refsOf(op)[0]!
    : refs.find((r) => r.startsWith(PURGED_REF_PREFIX)) ?? refs[0] ?? "";
  return {
    changeId: op.changeId,
    hlc: op.hlc,
    at: iso(parseHlc(op.hlc).wall),
    deviceId: op.deviceId,
    seq: op.seq,
    kind: op.kind,
    subject,
    summary: summarize(op),
    payload: op.payload,
  };
}

/**
 * One line describing an op, for logs and history views.
 *
 * @example Usage
 * ```ts
 * import { summarize } from "./summary.ts";
 * import { equal } from "node:assert/strict";
 *
 * const op = { changeId: "c", hlc: "000000000001000-00000", deviceId: "d", seq: 1, kind: "memory.forget" as const,
 *   payload: { id: "mem_old_note_k3f9", parents: [] } };
 * equal(summarize(op), "forgot mem_old_note_k3f9");
 * ```
 */
export function summarize(op: Op): string {
  if (isPurged(op)) {
    return `purged ${op.kind} (content removed by purge ${op.payload.purged.slice(0, 12)})`;
  }
  switch (op.kind) {
    case "memory.put": {
      const p = op.payload;
      const text = p.content.length > 72 ? `${p.content.slice(0, 71)}…` : p.content;
      return `added ${p.type} ${p.id} in ${p.scope}: ${text.replace(/\s+/g, " ")}`;
    }
    case "memory.patch": {
      const fields = Object.keys(op.payload.set).sort().join(", ");
      return `changed ${fields} of ${op.payload.id}${
        op.payload.reason ? ` (${op.payload.reason})` : ""
      }`;
    }
    case "memory.forget":
      return `forgot ${op.payload.id}`;
    case "edge.put":
      return `linked ${op.payload.from} —${op.payload.relation}→ ${op.payload.to}`;
    case "edge.remove":
      return `unlinked ${op.payload.from} ✕ ${op.payload.to} (${op.payload.id})`;
    case "memory.reinforce":
      return `reinforced ${op.payload.id} (quality ${op.payload.quality})`;
    case "session.end":
      return `session ${op.payload.session} ended${
        op.payload.project ? ` in ${op.payload.project}` : ""
      }`;
    case "memory.purge": {
      const n = op.payload.puts.length;
      return `purged ${n} ${n === 1 ? "memory" : "memories"}`;
    }
    case "job.run":
      return `${op.payload.job} run ${op.payload.run} (${op.payload.reason}): ${op.payload.summary}`;
  }
}
