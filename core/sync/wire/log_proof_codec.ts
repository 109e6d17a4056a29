/**
 * The bytes of a log proof as the relay serves it (`GET …/log/consistency`,
 * `GET …/log/inclusion`), integers big-endian:
 *
 * ```
 * magic "HXP1" (4) | version 1 (1) | kind u8 (1 consistency, 2 inclusion)
 * | first u64 (consistency: from size m; inclusion: leaf index i) | second u64 (size n)
 * | count u8 | count × hash (32)
 * ```
 *
 * A proof for a log of 2^53 leaves has at most 2·53 hashes; more than 128 is refused.
 *
 * @module
 */
import { equalBytes } from "../../crypto/_noble.ts";
import { HASH_LENGTH } from "../../crypto/lengths.ts";
import { corrupt, wireError } from "./errors.ts";
import { ByteReader, concatBytes, u64Bytes, utf8 } from "./reader.ts";

/** The first bytes of an encoded proof. */
export const LOG_PROOF_MAGIC: Uint8Array = utf8("HXP1");
/** The proof version this build writes and reads. */
export const LOG_PROOF_VERSION = 1;
/** The most hashes a proof may hold. */
export const MAX_PROOF_HASHES = 128;

/** A consistency proof from size `first` to size `second`, or an inclusion proof of leaf `first` in size `second`. */
export interface LogProof {
  /** Which proof it is. */
  readonly kind: "consistency" | "inclusion";
  /** The first size (consistency) or the leaf index (inclusion). */
  readonly first: number;
  /** The second size: the log the proof leads to. */
  readonly second: number;
  /** The proof's hashes, in RFC 9162 order. */
  readonly hashes: readonly Uint8Array[];
}

const KINDS = { consistency: 1, inclusion: 2 } as const;

/**
 * The bytes of `proof`.
 *
 * @example Usage
 * ```ts
 * import { encodeLogProof, parseLogProof } from "./log_proof_codec.ts";
 * import { deepEqual } from "node:assert/strict";
 *
 * const proof = { kind: "consistency" as const, first: 3, second: 7, hashes: [new Uint8Array(32)] };
 * deepEqual(parseLogProof(encodeLogProof(proof)), proof);
 * ```
 */
export function encodeLogProof(proof: LogProof): Uint8Array {
  const kind = KINDS[proof.kind];
  if (kind === undefined) throw new TypeError(`unknown proof kind ${String(proof.kind)}`);
  if (proof.hashes.length > MAX_PROOF_HASHES) {
    throw new RangeError(`a proof holds at most ${MAX_PROOF_HASHES} hashes`);
  }
  for (const hash of proof.hashes) {
    if (!(hash instanceof Uint8Array) || hash.length !== HASH_LENGTH) {
      throw new TypeError("every proof hash must be 32 bytes");
    }
  }
  return concatBytes(
    LOG_PROOF_MAGIC,
    Uint8Array.of(LOG_PROOF_VERSION, kind),
    u64Bytes(proof.first),
    u64Bytes(proof.second),
    Uint8Array.of(proof.hashes.length),
    ...proof.hashes,
  );
}

/**
 * A proof from its bytes (not yet verified): `corrupt` (reason `magic`, `kind`, `range`,
 * `count`, `truncated`, `trailing`) or `unsupported_version`, never another error.
 */
export function parseLogProof(bytes: Uint8Array): LogProof {
  if (!(bytes instanceof Uint8Array)) throw corrupt("log proof", "type", "it is not bytes");
  const reader = new ByteReader(bytes, "log proof");
  if (!equalBytes(reader.take(4, "the magic"), LOG_PROOF_MAGIC)) {
    throw corrupt("log proof", "magic", "it does not start with HXP1");
  }
  const version = reader.u8("the version");
  if (version !== LOG_PROOF_VERSION) {
    throw wireError("unsupported_version", "log proof", "version", `version ${version} is not 1`);
  }
  const code = reader.u8("the kind");
  const kind = code === 1 ? "consistency" : code === 2 ? "inclusion" : null;
  if (kind === null) throw corrupt("log proof", "kind", `kind ${code} is not 1 or 2`);
  const first = reader.u64("the first size");
  const second = reader.u64("the second size");
  if (kind === "consistency" ? first > second : first >= second) {
    throw corrupt("log proof", "range", `${first} does not fit a log of size ${second}`);
  }
  const count = reader.u8("the count");
  if (count > MAX_PROOF_HASHES) {
    throw corrupt("log proof", "count", `${count} hashes are over ${MAX_PROOF_HASHES}`);
  }
  const hashes = Array.from(
    { length: count },
    (_, i) => reader.take(HASH_LENGTH, `hash ${i}`).slice(),
  );
  reader.end();
  return { kind, first, second, hashes };
}
