/**
 * The manifest of a snapshot body (`snapshot_body.ts`): its shape and the checks a decoded
 * one must pass (every field, chains sorted by device, a log frontier that stands at the
 * position).
 *
 * @module
 */
import { isRecord, keysProblem, type Problem } from "../../util/json_checks.ts";
import { patternProblem } from "./checks.ts";
import { HEX16, HEX32 } from "./ids.ts";

/** Most chains a snapshot may name. */
export const MAX_SNAPSHOT_CHAINS = 4096;

/** One chain as the manifest names it. */
export type ManifestChain = { device: string; maxSeq: number; head: string; count: number };
/** The manifest, as decoded. */
export type Manifest = {
  v: 1;
  author: string;
  rosterHead: string;
  rosterSeq: number;
  position: number;
  logFrontier: [number, string][] | null;
  previous: string | null;
  stateHash: string;
  chains: ManifestChain[];
  changes: { bytes: number; sha256: string };
  ops: { count: number; bytes: number; sha256: string };
};

const natural = (value: unknown) => Number.isSafeInteger(value) && (value as number) >= 0;

/** Why `value` is not a manifest, or null. */
export function manifestProblem(value: unknown): Problem {
  if (!isRecord(value)) return "the manifest is not an object";
  const keys = keysProblem(value, "manifest", [
    "v",
    "author",
    "rosterHead",
    "rosterSeq",
    "position",
    "logFrontier",
    "previous",
    "stateHash",
    "chains",
    "changes",
    "ops",
  ]);
  if (keys !== null) return keys;
  const m = value;
  const fields = (m.v === 1 ? null : "manifest.v is not 1") ??
    patternProblem(m.author, "manifest.author", HEX16) ??
    patternProblem(m.rosterHead, "manifest.rosterHead", HEX32) ??
    (natural(m.rosterSeq) && (m.rosterSeq as number) >= 1 ? null : "manifest.rosterSeq") ??
    (natural(m.position) ? null : "manifest.position is not ≥ 0") ??
    (m.previous === null ? null : patternProblem(m.previous, "manifest.previous", HEX32)) ??
    patternProblem(m.stateHash, "manifest.stateHash", HEX32) ??
    frontierProblem(m.logFrontier, m.position as number) ??
    sectionProblem(m.changes, "changes", false) ??
    sectionProblem(m.ops, "ops", true);
  if (fields !== null) return fields;
  if (!Array.isArray(m.chains) || m.chains.length > MAX_SNAPSHOT_CHAINS) {
    return "manifest.chains is not a bounded array";
  }
  for (let i = 0; i < m.chains.length; i++) {
    const chain = m.chains[i];
    const path = `manifest.chains[${i}]`;
    if (!isRecord(chain)) return `${path} is not an object`;
    const problem = keysProblem(chain, path, ["device", "maxSeq", "head", "count"]) ??
      patternProblem(chain.device, `${path}.device`, HEX16) ??
      patternProblem(chain.head, `${path}.head`, HEX32) ??
      (natural(chain.maxSeq) && (chain.maxSeq as number) >= 1 ? null : `${path}.maxSeq`) ??
      (natural(chain.count) && (chain.count as number) >= 1 &&
          (chain.count as number) <= (chain.maxSeq as number)
        ? null
        : `${path}.count`);
    if (problem !== null) return problem;
    if (i > 0 && (m.chains[i - 1] as ManifestChain).device >= (chain.device as string)) {
      return "manifest.chains is not sorted by device";
    }
  }
  return null;
}

function sectionProblem(value: unknown, name: string, counted: boolean): Problem {
  const path = `manifest.${name}`;
  if (!isRecord(value)) return `${path} is not an object`;
  return keysProblem(value, path, counted ? ["count", "bytes", "sha256"] : ["bytes", "sha256"]) ??
    (natural(value.bytes) ? null : `${path}.bytes`) ??
    (counted && !natural(value.count) ? `${path}.count` : null) ??
    patternProblem(value.sha256, `${path}.sha256`, HEX32);
}

function frontierProblem(value: unknown, position: number): Problem {
  if (value === null) return null;
  if (!Array.isArray(value) || value.length > 64) return "manifest.logFrontier is malformed";
  let size = 0;
  for (let i = 0; i < value.length; i++) {
    const node = value[i];
    if (
      !Array.isArray(node) || node.length !== 2 || !Number.isInteger(node[0]) || node[0] < 0 ||
      node[0] > 52 || typeof node[1] !== "string" || !HEX32.test(node[1]) ||
      (i > 0 && (value[i - 1] as [number])[0] <= node[0])
    ) return `manifest.logFrontier[${i}] is malformed`;
    size += 2 ** node[0];
  }
  return size === position ? null : "manifest.logFrontier does not stand at the position";
}
