/**
 * The relay's side of the verifiable log (sync-protocol R16): signed heads and proofs over the
 * per-strand tree the storage keeps. A head is `(strand, size, root)` signed with the relay
 * key; the last head signed per strand is kept so a quiet strand costs no signature per read.
 * Roots and proofs read O(log n) stored nodes (`withLogNodes`).
 *
 * @module
 */
import {
  encodeLogProof,
  type KeyPair,
  logConsistencyProof,
  logHeadToHeader,
  logInclusionProof,
  logRoot,
  type SignedLogHead,
  signLogHead,
  withLogNodes,
} from "@helix/core/wire";
import type { LogNodeLookup } from "@helix/core/wire";
import { badRequest, RelayError } from "./errors.ts";
import type { RelayStorage } from "./storage/types.ts";

/** Heads kept per strand at most (the oldest goes first). */
const CACHED_HEADS = 4096;

/** A head as the relay serves it: signed, and as `x-helix-head` text. */
export interface ServedHead {
  readonly head: SignedLogHead;
  readonly header: string;
}

/** Signs heads and builds proofs for the strands of one storage. */
export interface VerifiableLog {
  /** The head of the strand's log now, or at `size` (≤ now). 404 for an unknown strand. */
  head(strand: string, size?: number): Promise<ServedHead>;
  /** The encoded consistency proof from size `from` to `to` (default: now). */
  consistency(strand: string, from: number, to?: number): Promise<[Uint8Array, ServedHead]>;
  /** The encoded inclusion proof of leaf `index` (seq − 1) in the log of `size` (default: now). */
  inclusion(strand: string, index: number, size?: number): Promise<[Uint8Array, ServedHead]>;
}

/** The log of `storage`, heads signed with `key`. */
export function createVerifiableLog(storage: RelayStorage, key: KeyPair): VerifiableLog {
  const cache = new Map<string, ServedHead>();
  const sizeOf = async (strand: string): Promise<number> => {
    const size = await storage.logSize(strand);
    if (size === null) throw new RelayError(404, "not_found", "No such strand on this relay");
    return size;
  };
  const read = <T>(strand: string, compute: (lookup: LogNodeLookup) => T) =>
    withLogNodes(compute, (keys) => storage.logNodes(strand, keys));
  const within = (value: number | undefined, size: number, name: string): number => {
    if (value === undefined) return size;
    if (value > size) throw badRequest(`${name} is ${value}; the log holds ${size} deltas`);
    return value;
  };

  async function head(strand: string, size?: number): Promise<ServedHead> {
    const now = await sizeOf(strand);
    const at = within(size, now, "size");
    const cached = cache.get(strand);
    if (cached?.head.size === at) return cached;
    const root = await read(strand, (lookup) => logRoot(at, lookup));
    const signed = signLogHead({ strandId: strand, size: at, root }, key.secretKey);
    const served = { head: signed, header: logHeadToHeader(signed) };
    if (at === now) {
      cache.delete(strand);
      if (cache.size >= CACHED_HEADS) cache.delete(cache.keys().next().value!);
      cache.set(strand, served);
    }
    return served;
  }

  return {
    head,
    async consistency(strand, from, to) {
      const served = await head(strand, to);
      const n = served.head.size;
      if (from > n) throw badRequest(`from is ${from}; it must be at most to (${n})`);
      const hashes = await read(strand, (lookup) => logConsistencyProof(from, n, lookup));
      return [encodeLogProof({ kind: "consistency", first: from, second: n, hashes }), served];
    },
    async inclusion(strand, index, size) {
      const served = await head(strand, size);
      const n = served.head.size;
      if (index >= n) throw badRequest(`index is ${index}; the log of size ${n} ends at ${n - 1}`);
      const hashes = await read(strand, (lookup) => logInclusionProof(index, n, lookup));
      return [encodeLogProof({ kind: "inclusion", first: index, second: n, hashes }), served];
    },
  };
}
