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
import { DNA_FORMAT_VERSION, type DnaKind } from "./header.ts";

/** How the body bytes after the manifest are encoded. */
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
  /** Always {@linkcode DNA_FORMAT_VERSION}; repeats the header's under the AEAD. */
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
const MAX_TEXT = 256;
const MAX_FILTER_ENTRIES = 4096;
const MAX_DIMENSION = 65_536;
const KINDS: readonly DnaKind[] = ["export", "delta"];
const BODY_ENCODINGS: readonly DnaBodyEncoding[] = ["jsonl", "jsonl+deflate"];
const HEX_HASH = /^[0-9a-f]{64}$/;

type Problem = string | null;

function isRecord(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function keysProblem(
  value: Record<string, unknown>,
  path: string,
  required: readonly string[],
  optional: readonly string[] = [],
): Problem {
  for (const key of Object.keys(value)) {
    if (!required.includes(key) && !optional.includes(key)) {
      return `${path} has unknown field "${key}"`;
    }
    if (value[key] === undefined) return `${path}.${key} is undefined`;
  }
  const missing = required.find((key) => !(key in value));
  return missing === undefined ? null : `${path}.${missing} is missing`;
}

/** True for C0 controls, DEL and C1 controls, which could drive a terminal that shows them. */
function hasControl(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x20 || (unit >= 0x7f && unit <= 0x9f)) return true;
  }
  return false;
}

function textProblem(value: unknown, path: string, max = MAX_TEXT): Problem {
  if (typeof value !== "string") return `${path} is not a string`;
  if (value.length === 0 || value.length > max) return `${path} must be 1..${max} characters`;
  return hasControl(value) ? `${path} contains a control character` : null;
}

function intProblem(value: unknown, path: string, min: number, max: number): Problem {
  if (
    typeof value !== "number" || !Number.isSafeInteger(value) || Object.is(value, -0) ||
    value < min || value > max
  ) {
    return `${path} must be an integer in ${min}..${max}`;
  }
  return null;
}

function listProblem(value: unknown, path: string): Problem {
  if (!Array.isArray(value)) return `${path} is not an array`;
  if (value.length === 0 || value.length > MAX_FILTER_ENTRIES) {
    return `${path} must hold 1..${MAX_FILTER_ENTRIES} entries`;
  }
  for (let i = 0; i < value.length; i++) {
    const problem = textProblem(value[i], `${path}[${i}]`, 512);
    if (problem !== null) return problem;
  }
  return new Set(value).size === value.length ? null : `${path} has duplicate entries`;
}

function embeddingProblem(value: unknown): Problem {
  if (value === null) return null;
  if (!isRecord(value)) return "embedding is not an object or null";
  return keysProblem(value, "embedding", ["model", "dimension"]) ??
    textProblem(value.model, "embedding.model") ??
    intProblem(value.dimension, "embedding.dimension", 1, MAX_DIMENSION);
}

function countsProblem(value: unknown): Problem {
  if (!isRecord(value)) return "counts is not an object";
  return keysProblem(value, "counts", ["ops", "memories", "edges"]) ??
    intProblem(value.ops, "counts.ops", 0, Number.MAX_SAFE_INTEGER) ??
    intProblem(value.memories, "counts.memories", 0, Number.MAX_SAFE_INTEGER) ??
    intProblem(value.edges, "counts.edges", 0, Number.MAX_SAFE_INTEGER);
}

function createdProblem(value: unknown): Problem {
  if (!isRecord(value)) return "created is not an object";
  return keysProblem(value, "created", ["at", "deviceId", "helixVersion"]) ??
    intProblem(value.at, "created.at", 0, Number.MAX_SAFE_INTEGER) ??
    textProblem(value.deviceId, "created.deviceId") ??
    textProblem(value.helixVersion, "created.helixVersion", 64);
}

function filtersProblem(value: unknown): Problem {
  if (!isRecord(value)) return "filters is not an object";
  const problem = keysProblem(value, "filters", [], ["scopes", "types"]);
  if (problem !== null) return problem;
  if (value.scopes === undefined && value.types === undefined) {
    return "filters must name scopes or types (omit it to mean everything)";
  }
  return (value.scopes === undefined ? null : listProblem(value.scopes, "filters.scopes")) ??
    (value.types === undefined ? null : listProblem(value.types, "filters.types"));
}

/** Why `value` is not a valid v1 manifest, or null when it is. */
export function manifestProblem(value: unknown): Problem {
  if (!isRecord(value)) return "the manifest is not an object";
  const { formatVersion, kind, bodyEncoding } = value;
  return keysProblem(
    value,
    "manifest",
    [
      "formatVersion",
      "kind",
      "schemaVersion",
      "strandId",
      "embedding",
      "counts",
      "created",
      "merkleRoot",
      "bodyEncoding",
    ],
    ["filters"],
  ) ??
    (formatVersion === DNA_FORMAT_VERSION ? null : `formatVersion must be ${DNA_FORMAT_VERSION}`) ??
    (KINDS.includes(kind as DnaKind) ? null : `kind must be one of ${KINDS.join(", ")}`) ??
    intProblem(value.schemaVersion, "schemaVersion", 1, 1_000_000) ??
    textProblem(value.strandId, "strandId") ??
    embeddingProblem(value.embedding) ??
    countsProblem(value.counts) ??
    createdProblem(value.created) ??
    (value.filters === undefined ? null : filtersProblem(value.filters)) ??
    (typeof value.merkleRoot === "string" && HEX_HASH.test(value.merkleRoot)
      ? null
      : "merkleRoot must be 64 lowercase hex digits") ??
    (BODY_ENCODINGS.includes(bodyEncoding as DnaBodyEncoding)
      ? null
      : `bodyEncoding must be one of ${BODY_ENCODINGS.join(", ")}`);
}

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
