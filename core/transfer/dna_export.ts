/**
 * A strand's history as a `.dna` file (DESIGN §9, `docs/dna-format.md` §4.1): its ops in
 * fold order, or only those of the memories of some scopes and types, as canonical lines
 * (deflated), described by a manifest, sealed and signed by `dna/`.
 *
 * @module
 */
import type { Argon2Params } from "../crypto/argon2.ts";
import { merkleRoot } from "../crypto/merkle.ts";
import { isPurged, type Op } from "../ops/kinds.ts";
import { memoryIdsIn } from "../store/queries/transfer.ts";
import type { TransferDeps } from "./deps.ts";
import { encodeDna } from "./dna/format.ts";
import type { DnaKey } from "./dna/key.ts";
import type { DnaManifest } from "./dna/manifest.ts";
import { encodeBody } from "./dna_body.ts";
import { encodeLine } from "./dna_lines.ts";

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
  /** The whole `.dna` file, ready to write. */
  readonly bytes: Uint8Array;
  /** The manifest sealed inside it (counts, Merkle root, filters, embedding). */
  readonly manifest: DnaManifest;
}

/** Memory op kinds a filtered export keeps. */
const MEMORY_KINDS = ["memory.put", "memory.patch", "memory.forget", "memory.reinforce"];

/** Exports the strand (or the memories of `scopes` and `types`) as a `.dna` file. */
export async function exportDna(
  deps: Pick<TransferDeps, "store" | "log" | "clock" | "meta">,
  options: DnaExportOptions,
): Promise<DnaExportResult> {
  const filtered = options.scopes !== undefined || options.types !== undefined;
  const ops = filtered ? selectedOps(deps, options) : [...deps.log.canonical()];
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
  const body = await encodeBody(lines);
  const { meta } = deps;
  const manifest: DnaManifest = {
    formatVersion: 1,
    kind: filtered ? "delta" : "export",
    schemaVersion: meta.schemaVersion,
    strandId: meta.strandId,
    embedding: { model: meta.embeddingModel, dimension: meta.embeddingDimension },
    counts: { ops: ops.length, memories: memories.size, edges: edges.size },
    created: {
      at: deps.clock.now(),
      deviceId: options.deviceId,
      helixVersion: options.helixVersion,
    },
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
function selectedOps(deps: Pick<TransferDeps, "store" | "log">, options: DnaExportOptions): Op[] {
  const selected = memoryIdsIn(deps.store, options.scopes, options.types);
  const ops: Op[] = [];
  for (const op of deps.log.canonical()) {
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
