/**
 * A `.dna` file merged into the strand (`docs/dna-format.md` §4.1): opened (signature, key
 * commitment and decryption first), refused when its schema is newer than this build's, its
 * body checked against the manifest, and its ops merged (`ops/merge.ts`): nothing is written
 * unless the file opens and checks out; the merge then commits in short transactions.
 *
 * @module
 */
import { HelixError } from "../errors.ts";
import { mergeOps, type MergeReport } from "../ops/merge.ts";
import { SCHEMA_VERSION } from "../store/migrations.ts";
import type { TransferDeps } from "./deps.ts";
import { decodeDna } from "./dna/format.ts";
import type { DnaKey } from "./dna/key.ts";
import type { DnaManifest } from "./dna/manifest.ts";
import { decodeBody } from "./dna_body.ts";

/** Options of {@linkcode importDna}. */
export interface DnaImportOptions {
  /** The passphrase or raw key the file was sealed with. */
  readonly key: DnaKey;
  /** A pinned signer: a file any other device signed is refused (`bad_signature`). */
  readonly expectedSigner?: Uint8Array;
  /** What the merge is called in the marker an interrupted one leaves (e.g. the file). */
  readonly label?: string;
  /** Reports progress. */
  readonly onProgress?: (
    progress: { phase: "open" | "merge"; done: number; total: number },
  ) => void;
}

/** What an import did. */
export interface DnaImportReport extends MergeReport {
  /** The file's manifest, exactly as signed. */
  readonly manifest: DnaManifest;
  /** The signer's key fingerprint. */
  readonly signer: string;
  /**
   * Whether the file's embedding model matches the strand's. Ops carry no vectors, so the
   * imported memories are embedded with the strand's model either way; a mismatch is what
   * `helix reembed` can move the strand over.
   */
  readonly embedding: {
    /** The model and dimension the exporting strand used; null when the file does not say. */
    readonly file: { model: string; dimension: number } | null;
    /** The model and dimension this strand is pinned to. */
    readonly strand: { model: string; dimension: number };
    /** True when `file` is null or equal to `strand`. */
    readonly compatible: boolean;
  };
}

/** Opens a `.dna` file and merges its ops into the strand. */
export async function importDna(
  deps: Pick<TransferDeps, "store" | "log" | "clock" | "meta">,
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
  const ops = await decodeBody(manifest, decoded.body);
  options.onProgress?.({ phase: "open", done: 1, total: 1 });
  options.onProgress?.({ phase: "merge", done: 0, total: ops.length });
  const merged = mergeOps(deps, ops, deps.clock.now(), {
    onProgress: (done, total) => options.onProgress?.({ phase: "merge", done, total }),
    ...(options.label !== undefined ? { label: options.label } : {}),
  });
  options.onProgress?.({ phase: "merge", done: ops.length, total: ops.length });
  const strand = { model: deps.meta.embeddingModel, dimension: deps.meta.embeddingDimension };
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
