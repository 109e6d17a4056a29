/**
 * The schema of a `.dna` v1 manifest (`docs/dna-format.md` §2.1) as one validator: the
 * fields, their types and ranges, no unknown or missing field. `manifest.ts` uses it both
 * ways (`invalid_input` when encoding, `corrupt` when decoding).
 *
 * @module
 */
import { intProblem, listProblem, textProblem } from "./checks.ts";
import { isRecord, keysProblem, type Problem } from "../../util/json_checks.ts";
import { DNA_FORMAT_VERSION, type DnaKind } from "./header.ts";

/** The body encodings v1 knows. */
export const BODY_ENCODINGS = ["jsonl", "jsonl+deflate"] as const;

const MAX_TEXT = 256;
const MAX_FILTER_ENTRIES = 4096;
const MAX_FILTER_TEXT = 512;
const MAX_DIMENSION = 65_536;
const KINDS: readonly DnaKind[] = ["export", "delta"];
const HEX_HASH = /^[0-9a-f]{64}$/;
const FIELDS = [
  "formatVersion",
  "kind",
  "schemaVersion",
  "strandId",
  "embedding",
  "counts",
  "created",
  "merkleRoot",
  "bodyEncoding",
];

function embeddingProblem(value: unknown): Problem {
  if (value === null) return null;
  if (!isRecord(value)) return "embedding is not an object or null";
  return keysProblem(value, "embedding", ["model", "dimension"]) ??
    textProblem(value.model, "embedding.model", MAX_TEXT) ??
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
    textProblem(value.deviceId, "created.deviceId", MAX_TEXT) ??
    textProblem(value.helixVersion, "created.helixVersion", 64);
}

function filtersProblem(value: unknown): Problem {
  if (!isRecord(value)) return "filters is not an object";
  const problem = keysProblem(value, "filters", [], ["scopes", "types"]);
  if (problem !== null) return problem;
  if (value.scopes === undefined && value.types === undefined) {
    return "filters must name scopes or types (omit it to mean everything)";
  }
  const list = (entries: unknown, path: string) =>
    entries === undefined ? null : listProblem(entries, path, MAX_FILTER_ENTRIES, MAX_FILTER_TEXT);
  return list(value.scopes, "filters.scopes") ?? list(value.types, "filters.types");
}

/** Why `value` is not a valid v1 manifest, or null when it is. */
export function manifestProblem(value: unknown): Problem {
  if (!isRecord(value)) return "the manifest is not an object";
  const { formatVersion, kind, bodyEncoding } = value;
  return keysProblem(value, "manifest", FIELDS, ["filters"]) ??
    (formatVersion === DNA_FORMAT_VERSION ? null : `formatVersion must be ${DNA_FORMAT_VERSION}`) ??
    (KINDS.includes(kind as DnaKind) ? null : `kind must be one of ${KINDS.join(", ")}`) ??
    intProblem(value.schemaVersion, "schemaVersion", 1, 1_000_000) ??
    textProblem(value.strandId, "strandId", MAX_TEXT) ??
    embeddingProblem(value.embedding) ??
    countsProblem(value.counts) ??
    createdProblem(value.created) ??
    (value.filters === undefined ? null : filtersProblem(value.filters)) ??
    (typeof value.merkleRoot === "string" && HEX_HASH.test(value.merkleRoot)
      ? null
      : "merkleRoot must be 64 lowercase hex digits") ??
    ((BODY_ENCODINGS as readonly unknown[]).includes(bodyEncoding)
      ? null
      : `bodyEncoding must be one of ${BODY_ENCODINGS.join(", ")}`);
}
