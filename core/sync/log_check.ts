/**
 * Checking the relay's log as a pull reads it (R16, R20, R21, R23): every answer carries a
 * head signed with the relay's pinned key; the deltas come in server order with no sequence
 * skipped; rebuilt from them, the log has the root the relay signed. A head smaller than the
 * log this device verified is a `ROLLBACK`; a skipped sequence, or a head claiming deltas the
 * relay does not serve, is `WITHHELD`; a head that is not the relay's, or a root that is not
 * the log served, is `TAMPER`. Each raises a lasting alarm and stops the pull before anything
 * of the page is applied or the cursor moves.
 *
 * @module
 */
import { constantTimeEqual } from "../crypto/bytes.ts";
import { HelixError } from "../errors.ts";
import { raiseAlarm } from "../store/queries/sync_log.ts";
import type { Store } from "../store/store.ts";
import { writeTransaction } from "../store/transaction.ts";
import { sha256Hex } from "../util/hash.ts";
import { appendLeaf, type Frontier, frontierRoot } from "./log_frontier.ts";
import type { RelayRecord } from "./relay_port.ts";
import { type SignedLogHead, verifyLogHead } from "./wire/log_head.ts";

/** What checking a page found: the frontier after it, and whether the log has more to read. */
export interface PageCheck {
  readonly frontier: Frontier;
  /** The relay's head says it holds more deltas than read so far. */
  readonly behind: boolean;
}

/** Raises `kind` with `detail` and throws the pull's error. */
function alarm(store: Store, kind: string, detail: string, now: number): never {
  writeTransaction(store.db, "raise a sync alarm", () => raiseAlarm(store, kind, detail, now));
  throw new HelixError("relay_misbehaved", `Cannot pull: ${kind}: ${detail}`, {
    details: { alarm: kind },
  });
}

/** Checks one page of a pull against the verified `frontier`. */
export function checkPage(
  store: Store,
  input: {
    readonly strandId: string;
    readonly relayKey: Uint8Array;
    readonly frontier: Frontier;
    readonly records: readonly RelayRecord[];
    readonly head: SignedLogHead | null;
    readonly now: number;
  },
): PageCheck {
  const { head, now } = input;
  if (head === null) return alarm(store, "TAMPER", "the relay stopped signing its log", now);
  if (head.strandId !== input.strandId || !verifyLogHead(head, input.relayKey)) {
    return alarm(store, "TAMPER", "a log head not signed by the relay's pinned key", now);
  }
  if (head.size < input.frontier.size) {
    return alarm(
      store,
      "ROLLBACK",
      `the relay's log went back from ${input.frontier.size} deltas to ${head.size}`,
      now,
    );
  }
  let frontier = input.frontier;
  for (const record of input.records) {
    if (record.seq !== frontier.size + 1) {
      return alarm(
        store,
        "WITHHELD",
        `the relay skipped deltas ${frontier.size + 1}–${record.seq - 1} of its log`,
        now,
      );
    }
    frontier = appendLeaf(frontier, sha256Hex(record.bytes));
  }
  if (frontier.size > head.size) {
    return alarm(
      store,
      "TAMPER",
      `the relay served ${frontier.size} deltas of a log of ${head.size}`,
      now,
    );
  }
  if (frontier.size === head.size && !constantTimeEqual(frontierRoot(frontier), head.root)) {
    return alarm(
      store,
      "TAMPER",
      `the deltas the relay served are not the log it signed (size ${head.size})`,
      now,
    );
  }
  if (input.records.length === 0 && head.size > frontier.size) {
    return alarm(
      store,
      "WITHHELD",
      `the relay's log holds ${head.size} deltas but it serves ${frontier.size}`,
      now,
    );
  }
  return { frontier, behind: head.size > frontier.size };
}
