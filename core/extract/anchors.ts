/**
 * Code anchors: the project files a memory cites ("the retry logic lives in
 * `src/billing/retry.ts`"), with each file's content hash (and the git commit) when the memory
 * was written, so a later check can tell when the code moved on. Finding mentions is pure; reading
 * files goes through a {@linkcode FileProbe} the caller passes in. What counts as a mention is
 * `file_mentions.ts`.
 *
 * @module
 */
import type { FileProbe } from "../ports.ts";
import { fileMentions, MAX_PATH_LENGTH } from "./file_mentions.ts";

/** A file a memory cites, as it was when the memory was written. */
export interface FileAnchor {
  /** Path relative to the project root, `/`-separated, without `./`. */
  readonly path: string;
  /** Hex SHA-256 of the file's bytes when written; null: the file was absent then. */
  readonly sha256: string | null;
  /** HEAD commit when written, in a git repository. */
  readonly commit?: string;
}

/**
 * The anchors of `content`: each file it mentions that exists under the probe's root, with its
 * hash and (in a git repository) the HEAD commit. A mentioned file that does not exist here is no
 * anchor: the memory is not about this checkout's code. Reads each file once.
 *
 * @example Usage
 * ```ts
 * import { anchorsFor } from "./anchors.ts";
 * import type { FileProbe } from "../ports.ts";
 * import { deepEqual } from "node:assert/strict";
 *
 * const probe: FileProbe = {
 *   root: "/repo",
 *   hash: (path) => Promise.resolve(path === "package.json" ? "ab".repeat(32) : null),
 *   commit: () => Promise.resolve("c0ffee".padEnd(40, "0")),
 * };
 * deepEqual(await anchorsFor("Bump package.json, then run scripts/gone.sh", probe), [
 *   { path: "package.json", sha256: "ab".repeat(32), commit: "c0ffee".padEnd(40, "0") },
 * ]);
 * ```
 */
export async function anchorsFor(content: string, probe: FileProbe): Promise<FileAnchor[]> {
  const paths = fileMentions(content);
  if (paths.length === 0) return [];
  const hashes = await Promise.all(paths.map((path) => probe.hash(path)));
  const present = paths.flatMap((path, i) => {
    const sha256 = hashes[i];
    return sha256 ? [{ path, sha256 }] : [];
  });
  if (present.length === 0) return [];
  const commit = await probe.commit();
  return present.map((anchor) => commit ? { ...anchor, commit } : anchor);
}

const SHA256_HEX = /^[0-9a-f]{64}$/;
const COMMIT_HEX = /^[0-9a-f]{7,64}$/;

/**
 * The well-formed anchors stored in a memory's `attributes.anchors`; anything malformed (not an
 * array, an entry without a relative path, a hash that is not 64 lowercase hex digits or null, a
 * commit that is not hex) is left out, and a repeated path keeps its first entry.
 *
 * @example Usage
 * ```ts
 * import { anchorsOf } from "./anchors.ts";
 * import { deepEqual } from "node:assert/strict";
 *
 * const good = { path: "deno.json", sha256: "0".repeat(64) };
 * deepEqual(anchorsOf({ anchors: [good, { path: "/etc/passwd", sha256: null }, 42] }), [good]);
 * deepEqual(anchorsOf({ anchors: "deno.json" }), []);
 * ```
 */
export function anchorsOf(attributes: Readonly<Record<string, unknown>>): FileAnchor[] {
  const raw = attributes.anchors;
  if (!Array.isArray(raw)) return [];
  const seen = new Set<string>();
  const out: FileAnchor[] = [];
  for (const item of raw as unknown[]) {
    if (item === null || typeof item !== "object" || Array.isArray(item)) continue;
    const { path, sha256, commit } = item as Record<string, unknown>;
    if (typeof path !== "string" || !isRelativePath(path) || seen.has(path)) continue;
    if (sha256 !== null && (typeof sha256 !== "string" || !SHA256_HEX.test(sha256))) continue;
    if (commit !== undefined && (typeof commit !== "string" || !COMMIT_HEX.test(commit))) {
      continue;
    }
    seen.add(path);
    out.push(commit === undefined ? { path, sha256 } : { path, sha256, commit });
  }
  return out;
}

/** A non-empty, `/`-separated path that stays under the root. */
function isRelativePath(path: string): boolean {
  if (path.length === 0 || path.length > MAX_PATH_LENGTH || path.includes("\0")) return false;
  if (path.startsWith("/") || path.includes("\\") || /^[A-Za-z]:/.test(path)) return false;
  return path.split("/").every((s) => s !== "" && s !== "." && s !== "..");
}
