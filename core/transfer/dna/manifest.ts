/**
 * The `.dna` v1 manifest: what the file holds (strand, schema, embedding, counts, filters,
 * Merkle root over its ops), as canonical JSON inside the ciphertext. One validator serves
 * both directions: an invalid manifest is `invalid_input` when encoding and `corrupt` when
 * decoding, and a manifest whose bytes are not exactly the canonical form of the value they
 * parse to is refused, so `parse(serialize(x)) = x` and `serialize(parse(b)) = b`.
 *
 * A new field, or a wider range for one, is a new format version.
 *
 * @module
 */
import { HelixError } from "../../errors.ts";
import { canonicalJson } from "../../util/canonical_json.ts";
import type { DnaKind } from "./header.ts";
import { manifestProblem } from "./manifest_check.ts";

/**
 * How the body bytes after the manifest are encoded (the validator's `BODY_ENCODINGS`):
 * canonical op JSON lines, or those lines zlib-deflated.
 */
export type DnaBodyEncoding = "jsonl" | "jsonl+deflate";

/** The embedding space the strand's vectors live in. */
export interface DnaEmbedding {
  /** The model id the vectors were made with (e.g. `Xenova/bge-small-en-v1.5`). */
  readonly model: string;
  /** Vector length. */
  readonly dimension: number;
}

/** How many records the file holds. */
export interface DnaCounts {
  /** Ops in the body (the Merkle root's leaves). */
  readonly ops: number;
  /** Memories the ops create or touch. */
  readonly memories: number;
  /** Edges the ops create or touch. */
  readonly edges: number;
}

/** Who made the file and when. */
export interface DnaCreated {
  /** Unix time in ms. */
  readonly at: number;
  /** The exporting device (its key fingerprint, sync-protocol R1). */
  readonly deviceId: string;
  /** The Helix release that wrote the file. */
  readonly helixVersion: string;
}

/** What a partial export was restricted to; absent means everything. */
export interface DnaFilters {
  /** Only these scopes (e.g. `global`, `project:helix`). */
  readonly scopes?: readonly string[];
  /** Only these memory types. */
  readonly types?: readonly string[];
}

/** The manifest of a `.dna` file. */
export interface DnaManifest {
  /** Always `DNA_FORMAT_VERSION` (1); repeats the header's under the AEAD. */
  readonly formatVersion: number;
  /** Repeats the header's kind under the AEAD. */
  readonly kind: DnaKind;
  /** The strand schema version the ops were written by. */
  readonly schemaVersion: number;
  /** The strand the ops belong to. */
  readonly strandId: string;
  /** Null when the strand holds no vectors. */
  readonly embedding: DnaEmbedding | null;
  /** How many records the body holds. */
  readonly counts: DnaCounts;
  /** Who made the file and when. */
  readonly created: DnaCreated;
  /** What a partial export was restricted to; absent means everything. */
  readonly filters?: DnaFilters;
  /** Hex RFC 9162 root over the change ids of the body's ops, in body order. */
  readonly merkleRoot: string;
  /** `jsonl`: canonical op JSON, one per line, UTF-8; `jsonl+deflate`: that, zlib-deflated. */
  readonly bodyEncoding: DnaBodyEncoding;
}

/** Longest manifest accepted, in bytes of canonical JSON. */
export const MAX_MANIFEST_BYTES = 1 << 20;

/**
 * The canonical UTF-8 bytes of `manifest`; `invalid_input` when it is not a valid v1
 * manifest.
 */
export function serializeManifest(manifest: DnaManifest): Uint8Array {
  const problem = manifestProblem(manifest);
  if (problem !== null) {
    throw new HelixError("invalid_input", `Cannot encode .dna manifest: ${problem}`);
  }
  const bytes = new TextEncoder().encode(canonicalJson(manifest));
  if (bytes.length > MAX_MANIFEST_BYTES) {
    throw new HelixError(
      "invalid_input",
      `Cannot encode .dna manifest: it is ${bytes.length} bytes, more than ${MAX_MANIFEST_BYTES}`,
    );
  }
  return bytes;
}

function corrupt(state: string): HelixError {
  return new HelixError("corrupt", `Cannot read .dna manifest: ${state}`);
}

/**
 * The manifest in `bytes`, refused with `corrupt` unless they are valid UTF-8, valid JSON, a
 * valid v1 manifest, and byte for byte its canonical form.
 */
export function parseManifest(bytes: Uint8Array): DnaManifest {
  if (bytes.length > MAX_MANIFEST_BYTES) throw corrupt("it is longer than the limit");
  let text: string;
  let value: unknown;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    throw corrupt("it is not valid UTF-8");
  }
  try {
    value = JSON.parse(text);
  } catch {
    throw corrupt("it is not valid JSON");
  }
  const problem = manifestProblem(value);
  if (problem !== null) throw corrupt(problem);
  if (canonicalJson(value) !== text) throw corrupt("it is not in canonical JSON form");
  return value as DnaManifest;
}
