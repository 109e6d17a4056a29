/**
 * The ports: what the engine needs from the world outside the strand file, as interfaces the
 * caller implements or picks an adapter for. Time ({@linkcode Clock}: `clock.ts`), text to
 * vectors ({@linkcode Embedder}: `embed/`), and the project's files ({@linkcode FileProbe}:
 * `file_probe.ts`), and the optional chat model ({@linkcode Llm}: `llm/`).
 *
 * @module
 */
import type {
  ActiveMemory,
  Adjudication,
  Candidate,
  ExtractionInput,
  TypedContent,
} from "./model/candidate.ts";
import type { Statement, SynthesisKind } from "./model/synthesis.ts";

/** A source of the current time in milliseconds since the Unix epoch. */
export interface Clock {
  /** Current time, ms since epoch. */
  now(): number;
}

/** Queries and documents are embedded differently by asymmetric models (bge adds an instruction to queries). */
export type EmbedKind = "query" | "document";

/** Where an embedder's model stands. */
export type EmbedderState = "unloaded" | "loading" | "ready" | "failed";

/** Load state plus, when failed, why. */
export interface EmbedderStatus {
  /** Current state. */
  readonly state: EmbedderState;
  /** Human-readable reason for a failure, with the secret parts left out. */
  readonly error?: string;
}

/** Turns text into unit-length vectors of a fixed dimension. */
export interface Embedder {
  /** Stable model id pinned in the strand, e.g. `"Xenova/bge-small-en-v1.5"`. */
  readonly model: string;
  /** Vector length every call returns. */
  readonly dimension: number;
  /**
   * Embeds `texts` (one vector per text, same order), each L2-normalized.
   * Throws `HelixError("embedder_unavailable")` when the model cannot be loaded or reached.
   */
  embed(texts: readonly string[], kind: EmbedKind): Promise<Float32Array[]>;
  /** Current load state, without side effects. */
  status(): EmbedderStatus;
  /** Starts loading if not yet loaded (idempotent). Resolves with the resulting status; never rejects. */
  warmup(): Promise<EmbedderStatus>;
  /** Releases model resources. Optional. */
  close?(): Promise<void>;
}

/** Read access to the project's files: the only I/O anchors and the staleness check need. */
export interface FileProbe {
  /** Absolute project root that paths are relative to. */
  readonly root: string;
  /**
   * Hex SHA-256 of the file's bytes; null when it is missing, not a regular file, unreadable or
   * outside the root. Never throws.
   */
  hash(path: string): Promise<string | null>;
  /** The HEAD commit; null outside a git repository. Never throws. */
  commit(): Promise<string | null>;
}

/**
 * The optional chat model that upgrades the deterministic write path and writes the lifecycle
 * worker's syntheses. It never throws: `null` means "use the deterministic result" (no model
 * budget left, the model unreachable or its answer unusable).
 */
export interface Llm {
  /** Candidates per input, in input order; `null` where the deterministic extractor should run. */
  extract(inputs: readonly ExtractionInput[]): Promise<(Candidate[] | null)[]>;
  /** Importance 1–10 per item, in order; `null` where the heuristic should decide. */
  rateImportance(items: readonly TypedContent[]): Promise<(number | null)[]>;
  /** How `candidate` relates to `existing` (nearest first); `null` to keep the threshold decision. */
  adjudicate(
    candidate: TypedContent,
    existing: readonly ActiveMemory[],
  ): Promise<Adjudication | null>;
  /**
   * Statements written from `items` (profiles, reflection, distilled rules; see
   * {@linkcode SynthesisKind}), each citing the items it rests on; `null` when the model is not
   * available or answers unusably.
   */
  synthesize(
    kind: SynthesisKind,
    items: readonly TypedContent[],
    question?: string,
  ): Promise<Statement[] | null>;
}
