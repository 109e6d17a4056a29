/**
 * Deciding what to do with one delta the relay served (R20, R24): open it (commit, write
 * signature, decryption), check its author is a device of the roster and signed it, then
 * apply it when its chain predecessor and deps are here, park it when they are not, and set
 * it aside (quarantine) when it fails a check. A change by a removed device counts only when
 * it was made before the removal and a remaining device vouches for it (R29: names it, or a
 * later change of its chain, among its deps); until then it waits, so a relay colluding with
 * the removed device cannot slip in backdated changes. Pure over the lookups it is given, so
 * one batch can see the changes accepted before it in the same batch.
 *
 * @module
 */
import { isHelixError } from "../errors.ts";
import type { Keyring } from "./keyring.ts";
import { verifyChangeSignature } from "./wire/change.ts";
import { openDelta, type OpenedDelta } from "./wire/delta.ts";
import { fromHex } from "./wire/ids.ts";
import type { RosterState } from "./wire/roster_chain.ts";

/** A verified roster and the hashes of its entries (what a change may cite as its roster head). */
export type RosterView = RosterState & { readonly heads: readonly string[] };

/** What this device has applied, as a delta is judged. */
export interface AppliedView {
  isApplied(changeId: string): boolean;
  chain(deviceId: string): { maxSeq: number; head: string } | null;
  /** Whether a remaining device's change (or a vouched one's chain) names `changeId`. */
  vouched(changeId: string): boolean;
}

/** What waits on a vouch: the `missing` entry of a removed device's parked change. */
export const AWAITS_VOUCH = "a vouch from a remaining device";

/** The verdict on one delta. */
export type Verdict =
  | { readonly kind: "apply"; readonly delta: OpenedDelta }
  | { readonly kind: "duplicate"; readonly changeId: string }
  | { readonly kind: "park"; readonly delta: OpenedDelta; readonly missing: readonly string[] }
  | {
    readonly kind: "quarantine";
    readonly reason: string;
    /**
     * The roster head a change signed by a roster device cites and this device's roster does
     * not hold: the relay may be showing its author another roster (`roster_fork.ts`).
     */
    readonly unknownRoster?: { readonly author: string; readonly head: string };
  };

/** Judges one delta's bytes. */
export function judge(
  bytes: Uint8Array,
  strandId: string,
  keyring: Keyring,
  roster: RosterView,
  applied: AppliedView,
): Verdict {
  let delta: OpenedDelta;
  try {
    delta = openDelta(bytes, keyring.keysFor, strandId);
  } catch (error) {
    return { kind: "quarantine", reason: reasonOf(error) };
  }
  const { body } = delta;
  const former = roster.former.find((device) => device.device === body.author);
  const author = roster.devices.find((device) => device.device === body.author) ?? former;
  if (author === undefined) {
    return { kind: "quarantine", reason: `author ${body.author} is not a device of the roster` };
  }
  if (former !== undefined) {
    const cited = roster.heads.indexOf(body.rosterHead) + 1;
    if (cited === 0 || cited >= former.removedAt) {
      return {
        kind: "quarantine",
        reason: `author ${body.author} was removed from the roster before this change`,
      };
    }
  }
  if (!verifyChangeSignature(strandId, delta.bodyBytes, delta.sigDev, fromHex(author.ed25519))) {
    return { kind: "quarantine", reason: "the author's signature does not verify (bad_signature)" };
  }
  if (!roster.heads.includes(body.rosterHead)) {
    return {
      kind: "quarantine",
      reason: `it cites roster head ${body.rosterHead.slice(0, 12)}, which is not in this roster`,
      unknownRoster: { author: body.author, head: body.rosterHead },
    };
  }
  if (applied.isApplied(delta.changeId)) return { kind: "duplicate", changeId: delta.changeId };
  if (former !== undefined && !applied.vouched(delta.changeId)) {
    return { kind: "park", delta, missing: [AWAITS_VOUCH] };
  }
  const chain = applied.chain(body.author);
  const expected = (chain?.maxSeq ?? 0) + 1;
  if (body.authorSeq < expected) {
    return {
      kind: "quarantine",
      reason: `a second change ${body.authorSeq} in the chain of ${body.author} (a forked device)`,
    };
  }
  const missing: string[] = [];
  if (body.authorSeq > expected) missing.push(`${body.author}:${expected}`);
  else if (body.prev !== (chain?.head ?? null)) {
    return {
      kind: "quarantine",
      reason: `change ${body.authorSeq} of ${body.author} does not follow its previous change`,
    };
  }
  for (const dep of body.deps) if (!applied.isApplied(dep)) missing.push(dep);
  return missing.length > 0 ? { kind: "park", delta, missing } : { kind: "apply", delta };
}

function reasonOf(error: unknown): string {
  if (isHelixError(error)) return `${error.message} (${error.code})`;
  return String(error);
}
