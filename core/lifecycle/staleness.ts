/**
 * Code-anchored staleness: which memories cite files that changed or vanished since they were
 * written ({@linkcode checkAnchors}), and the patch that marks one stale and lowers its confidence
 * ({@linkcode stalePatch}) or clears the mark when its files match again ({@linkcode freshPatch}).
 * Reading files goes through a {@linkcode FileProbe}; the patches are pure.
 *
 * A memory's `attributes.anchors` (see {@linkcode anchorsOf}) is never rewritten here: findings
 * always compare against the files as they were when the memory was written.
 *
 * @module
 */
import { anchorsOf } from "../extract/anchors.ts";
import type { FileProbe } from "../ports.ts";

/** Each new change to a memory's files multiplies its confidence by this. */
export const STALE_CONFIDENCE_FACTOR = 0.7;

/** A cited file that no longer matches the memory's anchor. */
export interface StaleFinding {
  /** The memory. */
  readonly id: string;
  /** The file, relative to the project root. */
  readonly path: string;
  /** `changed`: other bytes now; `vanished`: missing, not a file, or unreadable. */
  readonly reason: "changed" | "vanished";
  /** The anchor's hash, from when the memory was written. */
  readonly was: string;
  /** The file's hash now; null when vanished. */
  readonly now: string | null;
}

/** One entry of a memory's `attributes.stale`. */
export interface StaleMark {
  /** The file, relative to the project root. */
  readonly path: string;
  /** Why it no longer matches. */
  readonly reason: "changed" | "vanished";
  /** When this change was first seen, ISO 8601. */
  readonly at: string;
  /** The file's hash when seen; null when vanished. */
  readonly hash: string | null;
}

/**
 * Compares every well-formed anchor in `memories[i].attributes.anchors` with the file's current
 * hash and returns one finding per file that changed or vanished, in memory then anchor order.
 * Anchors recorded with a null hash (the file was absent) are skipped; a file cited by many
 * memories is read once.
 *
 * @example Usage
 * ```ts
 * import { checkAnchors } from "./staleness.ts";
 * import { deepEqual } from "node:assert/strict";
 *
 * const [a, b] = ["a".repeat(64), "b".repeat(64)];
 * const files = new Map([["src/retry.ts", b]]);
 * const probe = {
 *   root: "/repo",
 *   hash: (path: string) => Promise.resolve(files.get(path) ?? null),
 *   commit: () => Promise.resolve(null),
 * };
 * const memories = [{
 *   id: "mem_retry",
 *   attributes: { anchors: [{ path: "src/retry.ts", sha256: a }, { path: "gone.sh", sha256: a }] },
 * }];
 * deepEqual(await checkAnchors(memories, probe), [
 *   { id: "mem_retry", path: "src/retry.ts", reason: "changed", was: a, now: b },
 *   { id: "mem_retry", path: "gone.sh", reason: "vanished", was: a, now: null },
 * ]);
 * ```
 */
export async function checkAnchors(
  memories: readonly {
    readonly id: string;
    readonly attributes: Readonly<Record<string, unknown>>;
  }[],
  probe: FileProbe,
): Promise<StaleFinding[]> {
  const current = new Map<string, string | null>();
  const findings: StaleFinding[] = [];
  for (const memory of memories) {
    for (const anchor of anchorsOf(memory.attributes)) {
      const was = anchor.sha256;
      if (was === null) continue;
      let now = current.get(anchor.path);
      if (now === undefined) {
        now = await probe.hash(anchor.path);
        current.set(anchor.path, now);
      }
      if (now === was) continue;
      const reason = now === null ? "vanished" : "changed";
      findings.push({ id: memory.id, path: anchor.path, reason, was, now });
    }
  }
  return findings;
}

/**
 * The well-formed entries of a memory's `attributes.stale` (malformed ones are left out).
 *
 * @example Usage
 * ```ts
 * import { staleMarks } from "./staleness.ts";
 * import { deepEqual } from "node:assert/strict";
 *
 * const mark = { path: "a.sh", reason: "vanished", at: "2026-01-01T00:00:00.000Z", hash: null };
 * deepEqual(staleMarks({ stale: [mark, { path: 1 }] }), [mark]);
 * ```
 */
export function staleMarks(attributes: Readonly<Record<string, unknown>>): StaleMark[] {
  const raw = attributes.stale;
  if (!Array.isArray(raw)) return [];
  return (raw as unknown[]).flatMap((item): StaleMark[] => {
    if (item === null || typeof item !== "object") return [];
    const { path, reason, at, hash } = item as Record<string, unknown>;
    if (typeof path !== "string" || typeof at !== "string") return [];
    if (reason !== "changed" && reason !== "vanished") return [];
    if (hash !== null && typeof hash !== "string") return [];
    return [{ path, reason, at, hash }];
  });
}

/**
 * The fields to patch on a memory whose files no longer match, given its findings from
 * {@linkcode checkAnchors} (only those with the memory's id): `attributes.stale` lists exactly the
 * current findings, and confidence is multiplied by {@linkcode STALE_CONFIDENCE_FACTOR} once when
 * at least one finding is new. A finding is new unless the memory is already marked stale for the
 * same path with the same current hash (`null` for vanished), so running the check again changes
 * nothing; a file that changes again is a new change. Returns null when there are no findings
 * (see {@linkcode freshPatch}) or nothing would change. `now` is ms since the epoch.
 *
 * @example Usage
 * ```ts
 * import { stalePatch } from "./staleness.ts";
 * import { deepEqual, equal } from "node:assert/strict";
 *
 * const finding = {
 *   id: "mem_x", path: "deploy.sh", reason: "vanished" as const, was: "a".repeat(64), now: null,
 * };
 * const memory = { confidence: 1, attributes: { anchors: [] } };
 * const patch = stalePatch(memory, [finding], Date.UTC(2026, 0, 1))!;
 * equal(patch.confidence, 0.7);
 * deepEqual(patch.attributes.stale, [
 *   { path: "deploy.sh", reason: "vanished", at: "2026-01-01T00:00:00.000Z", hash: null },
 * ]);
 * equal(stalePatch({ ...memory, ...patch }, [finding], Date.UTC(2026, 0, 2)), null);
 * ```
 */
export function stalePatch(
  memory: { readonly confidence: number; readonly attributes: Readonly<Record<string, unknown>> },
  findings: readonly StaleFinding[],
  now: number,
): { confidence: number; attributes: Record<string, unknown> } | null {
  if (!Number.isFinite(memory.confidence)) {
    throw new RangeError(
      `Cannot mark memory stale: confidence must be finite, current value is ${memory.confidence}`,
    );
  }
  if (findings.length === 0) return null;
  const at = new Date(now).toISOString();
  const previous = staleMarks(memory.attributes);
  const known = (f: StaleFinding) =>
    previous.find((mark) => mark.path === f.path && mark.hash === f.now);
  const seen = new Set<string>();
  const stale: StaleMark[] = [];
  let isNew = false;
  for (const finding of findings) {
    if (seen.has(finding.path)) continue;
    seen.add(finding.path);
    const mark = known(finding);
    if (mark === undefined) isNew = true;
    stale.push({
      path: finding.path,
      reason: finding.reason,
      at: mark?.at ?? at,
      hash: finding.now,
    });
  }
  if (!isNew && sameMarks(stale, memory.attributes.stale)) return null;
  const confidence = isNew ? memory.confidence * STALE_CONFIDENCE_FACTOR : memory.confidence;
  return { confidence, attributes: { ...memory.attributes, stale } };
}

/** True when `stored` (a raw `attributes.stale`) holds exactly `marks`, in any order. */
function sameMarks(marks: readonly StaleMark[], stored: unknown): boolean {
  if (!Array.isArray(stored) || stored.length !== marks.length) return false;
  const previous = staleMarks({ stale: stored });
  return previous.length === marks.length &&
    marks.every((mark) =>
      previous.some((p) =>
        p.path === mark.path && p.reason === mark.reason && p.at === mark.at && p.hash === mark.hash
      )
    );
}

/**
 * The fields to patch on a memory marked stale whose files all match their anchors again (its
 * findings from {@linkcode checkAnchors} are empty): its attributes without `stale`. Confidence is
 * **not** restored: the lowered value stays until the memory is reinforced, confirmed or edited.
 * Returns null when there are findings (see {@linkcode stalePatch}) or no `stale` mark to clear.
 *
 * @example Usage
 * ```ts
 * import { freshPatch } from "./staleness.ts";
 * import { deepEqual, equal } from "node:assert/strict";
 *
 * const mark = { path: "a.sh", reason: "vanished", at: "2026-01-01T00:00:00.000Z", hash: null };
 * deepEqual(freshPatch({ attributes: { anchors: [], stale: [mark] } }, []), {
 *   attributes: { anchors: [] },
 * });
 * equal(freshPatch({ attributes: { anchors: [] } }, []), null);
 * ```
 */
export function freshPatch(
  memory: { readonly attributes: Readonly<Record<string, unknown>> },
  findings: readonly StaleFinding[],
): { attributes: Record<string, unknown> } | null {
  if (findings.length > 0 || !Object.hasOwn(memory.attributes, "stale")) return null;
  const { stale: _cleared, ...attributes } = memory.attributes;
  return { attributes };
}

/**
 * `findings` grouped by memory id, in first-seen order: the per-memory lists
 * {@linkcode stalePatch} takes.
 *
 * @example Usage
 * ```ts
 * import { findingsById } from "./staleness.ts";
 * import { deepEqual } from "node:assert/strict";
 *
 * const f = (id: string, path: string) =>
 *   ({ id, path, reason: "vanished" as const, was: "a".repeat(64), now: null });
 * deepEqual([...findingsById([f("m1", "a"), f("m2", "b"), f("m1", "c")]).keys()], ["m1", "m2"]);
 * ```
 */
export function findingsById(findings: readonly StaleFinding[]): Map<string, StaleFinding[]> {
  const out = new Map<string, StaleFinding[]>();
  for (const finding of findings) {
    const list = out.get(finding.id);
    if (list) list.push(finding);
    else out.set(finding.id, [finding]);
  }
  return out;
}
