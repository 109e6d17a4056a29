/**
 * `helix sync verify` (R22, in its stage-1 form): a short fingerprint of what this machine
 * holds, to compare out of band with the user's other machines or a teammate's: the strand id,
 * the state hash (the canonical state, the same bytes on every replica holding the same
 * changes, R25) and the relay's signed log head it verified (R16). Equal fingerprints after a
 * sync mean the machines hold the same memories and saw the same relay log; a relay that
 * served them different histories cannot make them equal.
 *
 * @module
 */
import { sha256Hex } from "../util/hash.ts";

/** What `verify` shows. */
export interface SyncFingerprint {
  /** Six groups of four hex digits: what people compare. */
  readonly fingerprint: string;
  /** The full state hash it is made from. */
  readonly stateHash: string;
  /** Changes applied here (this machine's and the others'). */
  readonly applied: number;
  /** The relay log it verified: its size and root (hex), or null for a relay without one. */
  readonly log: { readonly size: number; readonly root: string } | null;
}

/** The fingerprint of `stateHash` and the verified `log` in `strandId`. */
export function fingerprintOf(
  strandId: string,
  stateHash: string,
  applied: number,
  log: { size: number; root: string } | null,
): SyncFingerprint {
  const logLine = log === null ? "no log" : `${log.size} ${log.root}`;
  const digest = sha256Hex(`helix/sync-fingerprint/v1\n${strandId}\n${stateHash}\n${logLine}`);
  const groups = Array.from({ length: 6 }, (_, i) => digest.slice(i * 4, i * 4 + 4));
  return { fingerprint: groups.join("-"), stateHash, applied, log };
}
