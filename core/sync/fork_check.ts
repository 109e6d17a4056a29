/**
 * Fork detection (R22): each change carries the relay's signed log head its author last
 * verified; a device that applies it checks that head against the log it verified itself. At
 * the same size the roots must be equal; at different sizes the relay must prove the smaller
 * log a prefix of the larger (RFC 9162 consistency). A relay that showed two devices two
 * histories cannot: that raises a lasting `FORK` alarm, and the two signed heads are
 * transferable proof of it. A relay that answers with no proof, or with something that is no
 * proof, for two heads it signed itself raises `WITHHELD`. A head the relay did not sign raises
 * `TAMPER`. Never throws: a relay that cannot be reached leaves the check undecided.
 *
 * @module
 */
import { constantTimeEqual } from "../crypto/bytes.ts";
import { isHelixError } from "../errors.ts";
import { logState, raiseAlarm } from "../store/queries/sync_log.ts";
import type { Store } from "../store/store.ts";
import { writeTransaction } from "../store/transaction.ts";
import { frontierFrom, frontierRoot } from "./log_frontier.ts";
import type { RelayPort } from "./relay_port.ts";
import { fromHex, toHex } from "./wire/ids.ts";
import { parseLogHead, type SignedLogHead, verifyLogHead } from "./wire/log_head.ts";
import { verifyLogConsistency } from "./wire/log_proof.ts";

/** What the check found: consistent, an alarm raised, or undecided (no key, relay unreachable). */
export type GossipVerdict = "consistent" | "fork" | "tamper" | "withheld" | "undecided";

/** Checks one gossiped head (hex of its encoding) from `author`'s change. */
export async function checkGossip(
  store: Store,
  relay: RelayPort,
  input: { strandId: string; author: string; head: string; now: number },
): Promise<GossipVerdict> {
  const state = logState(store);
  if (state.relayKey === null || state.frontier === null) return "undecided";
  let theirs: SignedLogHead;
  try {
    theirs = parseLogHead(fromHex(input.head));
  } catch {
    return "undecided"; // the change's own checks refuse a malformed head
  }
  const raise = (kind: string, detail: string) =>
    writeTransaction(
      store.db,
      "raise a sync alarm",
      () => raiseAlarm(store, kind, detail, input.now),
    );
  if (theirs.strandId !== input.strandId || !verifyLogHead(theirs, state.relayKey)) {
    raise("TAMPER", `device ${input.author.slice(0, 12)} saw a log head the relay did not sign`);
    return "tamper";
  }
  const mine = frontierFrom(state.frontier);
  const myRoot = frontierRoot(mine);
  const describe = (size: number, root: Uint8Array) => `${size}:${toHex(root).slice(0, 12)}`;
  const forked = () => {
    raise(
      "FORK",
      `device ${input.author.slice(0, 12)} saw the relay's log at ${
        describe(theirs.size, theirs.root)
      }, not consistent with this device's ${describe(mine.size, myRoot)}`,
    );
    return "fork" as const;
  };
  if (theirs.size === mine.size) {
    return constantTimeEqual(theirs.root, myRoot) ? "consistent" : forked();
  }
  const [small, big] = theirs.size < mine.size
    ? [{ size: theirs.size, root: theirs.root }, { size: mine.size, root: myRoot }]
    : [{ size: mine.size, root: myRoot }, { size: theirs.size, root: theirs.root }];
  const refused = (why: string) => {
    raise(
      "WITHHELD",
      `device ${input.author.slice(0, 12)} saw the relay's log at ${
        describe(theirs.size, theirs.root)
      }; the relay will not prove it consistent with this device's ${
        describe(mine.size, myRoot)
      } (${why})`,
    );
    return "withheld" as const;
  };
  let proof: Uint8Array[] | null;
  try {
    proof = await relay.consistency(input.strandId, small.size, big.size);
  } catch (error) {
    // A relay it cannot reach leaves the check undecided; an answer that is no proof is not.
    if (!isHelixError(error, "relay_misbehaved")) return "undecided";
    return refused((error as Error).message);
  }
  // Both heads are the relay's own signed heads: an honest relay can always join them.
  if (proof === null) return refused("it says it has no such proof");
  return verifyLogConsistency(small.size, big.size, small.root, big.root, proof)
    ? "consistent"
    : forked();
}
