/**
 * A strand's history as a `.dna` file and back (DESIGN §9, `docs/dna-format.md` §5): the
 * export is the strand's ops in fold order, optionally only those of some scopes and types,
 * as canonical JSON lines (deflated), sealed and signed by `dna/`. The import opens the file
 * (signature, key commitment and decryption first), checks that the body is exactly what the
 * manifest promises (op count, Merkle root, canonical lines), refuses a newer schema, and
 * merges the ops (`ops/merge.ts`): all or nothing.
 *
 * @module
 */
import { HelixError } from "../errors.ts";
import type { Runtime } from "../runtime.ts";
import { SCHEMA_VERSION } from "../store/migrations.ts";
import { IN_LIST } from "../store/store.ts";
import { canonicalJson } from "../util/canonical_json.ts";
import { sha256Hex } from "../util/hash.ts";
import { mergeOps, type MergeReport } from "../ops/merge.ts";
import { encodeOpText, isPurged, type Op, type OpKind } from "../ops/op.ts";
import {
  type Argon2Params,
  decodeDna,
  type DnaKey,
  type DnaManifest,
  encodeDna,
  merkleRoot,
} from "./dna/format.ts";

/** Options of {@linkcode exportDna}. */
export interface DnaExportOptions {
  /** The passphrase or raw key to seal the file with. */
  readonly key: DnaKey;
  /** The exporting device's Ed25519 secret key (32-byte seed). */
  readonly signingKey: Uint8Array;
  /** The exporting device's id (its key fingerprint). */
  readonly deviceId: string;
  /** The Helix release writing the file. */
  readonly helixVersion: string;
  /** Only memories in these scopes (their ops and the edges between them). */
  readonly scopes?: readonly string[];
  /** Only memories of these types. */
  readonly types?: readonly string[];
  /** Argon2id cost for a passphrase (tests lower nothing: the minimum is the default). */
  readonly argon2?: Argon2Params;
  /** Reports progress (ops encoded). */
  readonly onProgress?: (
    progress: { phase: "encode" | "seal"; done: number; total: number },
  ) => void;
}

/** What an export wrote. */
export interface DnaExportResult {
  readonly bytes: Uint8Array;
  readonly manifest: DnaManifest;
}

/** Options of {@linkcode importDna}. */
export interface DnaImportOptions {
  /** The passphrase or raw key the file was sealed with. */
  readonly key: DnaKey;
  /** A pinned signer: a file any other device signed is refused (`bad_signature`). */
  readonly expectedSigner?: Uint8Array;
  /** Reports progress. */
  readonly onProgress?: (
    progress: { phase: "open" | "merge"; done: number; total: number },
  ) => void;
}

/** What an import did. */
export interface DnaImportReport extends MergeReport {
  readonly manifest: DnaManifest;
  /** The signer's key fingerprint. */
  readonly signer: string;
  /**
   * Whether the file's embedding model matches the strand's. Ops carry no vectors, so the
   * imported memories are embedded with the strand's model either way; a mismatch is what
   * `helix reembed` can move the strand over.
   */
  readonly embedding: {
    readonly file: { model: string; dimension: number } | null;
    readonly strand: { model: string; dimension: number };
    readonly compatible: boolean;
  };
}

/** Memory op kinds a filtered export keeps. */
const MEMORY_KINDS = ["memory.put", "memory.patch", "memory.forget", "memory.reinforce"];

/** Exports the strand (or the memories of `scopes` and `types`) as a `.dna` file. */
export async function exportDna(rt: Runtime, options: DnaExportOptions): Promise<DnaExportResult> {
  const filtered = options.scopes !== undefined || options.types !== undefined;
  const ops = filtered ? selectedOps(rt, options) : [...rt.log.canonical()];
  const lines: string[] = [];
  const ids: string[] = [];
  const memories = new Set<string>();
  const edges = new Set<string>();
  ops.forEach((op, i) => {
    lines.push(encodeLine(op));
    ids.push(op.changeId);
    if (!isPurged(op)) {
      if (op.kind === "memory.put") memories.add(op.payload.id);
      if (op.kind === "edge.put") edges.add(op.payload.id);
    }
    if ((i + 1) % 5_000 === 0) {
      options.onProgress?.({ phase: "encode", done: i + 1, total: ops.length });
    }
  });
  options.onProgress?.({ phase: "encode", done: ops.length, total: ops.length });
  const text = lines.map((line) => `${line}\n`).join("");
  const body = await deflate(new TextEncoder().encode(text));
  const manifest: DnaManifest = {
    formatVersion: 1,
    kind: filtered ? "delta" : "export",
    schemaVersion: rt.meta.schemaVersion,
    strandId: rt.meta.strandId,
    embedding: { model: rt.meta.embeddingModel, dimension: rt.meta.embeddingDimension },
    counts: { ops: ops.length, memories: memories.size, edges: edges.size },
    created: { at: rt.clock.now(), deviceId: options.deviceId, helixVersion: options.helixVersion },
    ...(filtered
      ? {
        filters: {
          ...(options.scopes ? { scopes: [...new Set(options.scopes)] } : {}),
          ...(options.types ? { types: [...new Set(options.types)] } : {}),
        },
      }
      : {}),
    merkleRoot: merkleRoot(ids),
    bodyEncoding: "jsonl+deflate",
  };
  options.onProgress?.({ phase: "seal", done: 0, total: 1 });
  const bytes = await encodeDna({
    manifest,
    body,
    key: options.key,
    signingKey: options.signingKey,
    ...(options.argon2 ? { argon2: options.argon2 } : {}),
  });
  options.onProgress?.({ phase: "seal", done: 1, total: 1 });
  return { bytes, manifest };
}

/**
 * The ops of the memories in `scopes` and of `types` (as they stand now), the edges between
 * two of them, and every purge (a purge carries no content, and a receiver that holds a
 * purged memory must purge it too). Sessions, job records and other memories stay home.
 */
function selectedOps(rt: Runtime, options: DnaExportOptions): Op[] {
  const selected = new Set(
    (rt.store.prepare(
      `SELECT id FROM memories WHERE (? IS NULL OR scope IN ${IN_LIST}) AND (? IS NULL OR type IN ${IN_LIST})`,
    ).all(
      options.scopes ? 1 : null,
      JSON.stringify(options.scopes ?? []),
      options.types ? 1 : null,
      JSON.stringify(options.types ?? []),
    ) as { id: string }[]).map((r) => r.id),
  );
  const ops: Op[] = [];
  for (const op of rt.log.canonical()) {
    if (isPurged(op)) continue;
    if (op.kind === "memory.purge") ops.push(op);
    else if (MEMORY_KINDS.includes(op.kind)) {
      if (selected.has((op.payload as { id: string }).id)) ops.push(op);
    } else if (op.kind === "edge.put" || op.kind === "edge.remove") {
      if (selected.has(op.payload.from) && selected.has(op.payload.to)) ops.push(op);
    }
  }
  return ops;
}

/**
 * One body line: the op's canonical bytes, whose SHA-256 is its change id; a tombstoned
 * op (its content purged) carries its change id as `change_id`, since its bytes changed.
 */
export function encodeLine(op: Op): string {
  if (!isPurged(op)) return encodeOpText(op, op.kind, canonicalJson(op.payload));
  return canonicalJson({
    change_id: op.changeId,
    device: op.deviceId,
    hlc: op.hlc,
    kind: op.kind,
    payload: op.payload,
    seq: op.seq,
    v: 1,
  });
}

/** Parses a body line back to its op; throws `corrupt` unless it is canonical. */
export function decodeLine(line: string, index: number): Op {
  const bad = (problem: string) =>
    new HelixError("corrupt", `Cannot import .dna: body line ${index + 1}: ${problem}`, {
      details: { line: index + 1 },
    });
  let value: Record<string, unknown>;
  try {
    value = JSON.parse(line);
  } catch {
    throw bad("not JSON");
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw bad("not an op");
  if (value.v !== 1) throw bad(`op version ${String(value.v)} is not 1`);
  if (canonicalJson(value as never) !== line) throw bad("not in canonical form");
  const op = {
    hlc: value.hlc,
    deviceId: value.device,
    seq: value.seq,
    kind: value.kind,
    payload: value.payload,
    changeId: "change_id" in value ? value.change_id : sha256Hex(line),
  } as Op;
  if ("change_id" in value && !isPurged(op)) throw bad("only a tombstone names its change id");
  if (
    !isPurged(op) && typeof op.hlc === "string" && typeof op.deviceId === "string" &&
    encodeOpText(op, op.kind as OpKind, canonicalJson(op.payload as never)) !== line
  ) throw bad("not in canonical form");
  return op;
}

/** Opens a `.dna` file and merges its ops into the strand. */
export async function importDna(
  rt: Runtime,
  bytes: Uint8Array,
  options: DnaImportOptions,
): Promise<DnaImportReport> {
  options.onProgress?.({ phase: "open", done: 0, total: 1 });
  const decoded = await decodeDna(bytes, {
    key: options.key,
    ...(options.expectedSigner ? { expectedSigner: options.expectedSigner } : {}),
  });
  const { manifest } = decoded;
  if (manifest.schemaVersion > SCHEMA_VERSION) {
    throw new HelixError(
      "unsupported_version",
      `Cannot import .dna: it was written by strand schema ${manifest.schemaVersion}; this Helix understands up to ${SCHEMA_VERSION}; upgrade Helix`,
      { details: { found: manifest.schemaVersion, supported: SCHEMA_VERSION } },
    );
  }
  const text = manifest.bodyEncoding === "jsonl"
    ? new TextDecoder("utf-8", { fatal: true }).decode(decoded.body)
    : await inflate(decoded.body);
  if (text.length > 0 && !text.endsWith("\n")) {
    throw new HelixError("corrupt", "Cannot import .dna: the body does not end with a line break");
  }
  const lines = text.length === 0 ? [] : text.slice(0, -1).split("\n");
  if (lines.length !== manifest.counts.ops) {
    throw new HelixError(
      "corrupt",
      `Cannot import .dna: the manifest promises ${manifest.counts.ops} ops, the body holds ${lines.length}`,
    );
  }
  const ops = lines.map(decodeLine);
  if (merkleRoot(ops.map((op) => op.changeId)) !== manifest.merkleRoot) {
    throw new HelixError(
      "corrupt",
      "Cannot import .dna: the body's ops do not match the manifest's Merkle root",
    );
  }
  options.onProgress?.({ phase: "open", done: 1, total: 1 });
  options.onProgress?.({ phase: "merge", done: 0, total: ops.length });
  const merged = mergeOps(
    rt.store,
    rt.log,
    ops,
    rt.clock.now(),
    (done, total) => options.onProgress?.({ phase: "merge", done, total }),
  );
  options.onProgress?.({ phase: "merge", done: ops.length, total: ops.length });
  const strand = { model: rt.meta.embeddingModel, dimension: rt.meta.embeddingDimension };
  return {
    ...merged,
    manifest,
    signer: decoded.header.signerFingerprint,
    embedding: {
      file: manifest.embedding,
      strand,
      compatible: manifest.embedding === null ||
        (manifest.embedding.model === strand.model &&
          manifest.embedding.dimension === strand.dimension),
    },
  };
}

async function deflate(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(
    new CompressionStream("deflate"),
  );
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

async function inflate(bytes: Uint8Array): Promise<string> {
  try {
    const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(
      new DecompressionStream("deflate"),
    );
    return new TextDecoder("utf-8", { fatal: true }).decode(
      await new Response(stream).arrayBuffer(),
    );
  } catch (error) {
    throw new HelixError("corrupt", "Cannot import .dna: the body does not inflate", {
      cause: error,
    });
  }
}
