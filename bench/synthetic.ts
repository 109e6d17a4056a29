/**
 * Synthetic strands for benchmarks: memories whose text follows a Zipf distribution over a
 * coding vocabulary (so FTS5 sees realistic term frequencies), with identifiers sprinkled in,
 * spread over ten projects plus global, and an embedder that gives clustered, deterministic
 * 384-d vectors (fifty topics plus noise) at no cost, so timings measure the engine, not a
 * model.
 *
 * @module
 */
import type { Embedder, EmbedderStatus, EmbedKind, MemoryType, WriteInput } from "../core/mod.ts";
import { seededRandom } from "../tests/fixtures/random.ts";

const BASE_WORDS = (
  "api app auth backend billing branch build bug cache ci cli client cluster code commit config " +
  "container cron data database debug dependency deploy docker docs endpoint env error event " +
  "feature file fix frontend function git handler helm http image index infra input invoice " +
  "job json key kubernetes lambda latency library lint lock log login memory merge metric " +
  "migration mobile model module monitor network node npm package page payment pipeline pod " +
  "postgres prod proxy python query queue react redis release repo request response retry " +
  "review route runtime rust schema script secret server service session sql sqlite stack " +
  "staging storage stripe style table task terraform test timeout token trace type typescript " +
  "ui upload user validation version view webhook worker workflow yaml"
).split(" ");

/** Vocabulary: the base words plus generated ones, 5,000 in all, most common first. */
function vocabulary(random: () => number): string[] {
  const words = [...BASE_WORDS];
  const syllables = [
    "ka",
    "lo",
    "mi",
    "ra",
    "te",
    "vo",
    "su",
    "ne",
    "pi",
    "da",
    "zo",
    "ri",
    "gu",
    "fe",
  ];
  while (words.length < 5_000) {
    const n = 2 + Math.floor(random() * 3);
    let word = "";
    for (let i = 0; i < n; i++) word += syllables[Math.floor(random() * syllables.length)];
    if (!words.includes(word)) words.push(word);
  }
  return words;
}

/** Draws word indexes with a Zipf(1.1) distribution. */
function zipf(random: () => number, n: number): () => number {
  const cumulative = new Float64Array(n);
  let total = 0;
  for (let i = 0; i < n; i++) cumulative[i] = total += 1 / Math.pow(i + 1, 1.1);
  return () => {
    const target = random() * total;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cumulative[mid]! < target) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

const TYPES: MemoryType[] = [
  "fact",
  "decision",
  "convention",
  "episode",
  "procedure",
  "preference",
  "entity",
  "snippet",
];

/** A generator of synthetic memories and queries. */
export interface Synthetic {
  memory(i: number): WriteInput;
  query(i: number): string;
}

/** Creates a deterministic generator. */
export function synthetic(seed = 1): Synthetic {
  const random = seededRandom(seed);
  const words = vocabulary(random);
  const draw = zipf(random, words.length);
  const sentence = (r: () => number, min: number, max: number) => {
    const n = min + Math.floor(r() * (max - min + 1));
    return Array.from({ length: n }, () => words[draw()]).join(" ");
  };
  return {
    memory(i) {
      const r = seededRandom(seed * 1_000_003 + i);
      const project = Math.floor(r() * 11);
      const extra = r() < 0.3 ? ` see src/${words[draw()]}/${words[draw()]}_${i % 997}.ts` : "";
      return {
        content: `${sentence(r, 12, 36)}${extra} (#${i})`,
        type: TYPES[Math.floor(r() * TYPES.length)]!,
        scope: project === 10 ? "global" : `project:p${project}`,
        importance: 1 + Math.floor(r() * 10),
      };
    },
    query(i) {
      const r = seededRandom(seed * 7_000_003 + i);
      return sentence(r, 3, 6);
    },
  };
}

/**
 * Deterministic clustered vectors: the text's hash picks one of fifty topic centroids and
 * seeds the noise; 60 % centroid, 40 % noise, unit length.
 */
export function syntheticEmbedder(dimension = 384, model = "helix-bench/synthetic-384"): Embedder {
  const topics = 50;
  const random = seededRandom(42);
  const centroids = Array.from({ length: topics }, () => {
    const v = new Float32Array(dimension);
    for (let i = 0; i < dimension; i++) v[i] = random() * 2 - 1;
    return v;
  });
  const hash = (text: string) => {
    let h = 0x811c9dc5;
    for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
    return h >>> 0;
  };
  const ready: EmbedderStatus = { state: "ready" };
  const embedOne = (text: string) => {
    const h = hash(text);
    const noise = seededRandom(h);
    const centroid = centroids[h % topics]!;
    const v = new Float32Array(dimension);
    let norm = 0;
    for (let i = 0; i < dimension; i++) {
      v[i] = 0.6 * centroid[i]! + 0.4 * (noise() * 2 - 1);
      norm += v[i]! * v[i]!;
    }
    norm = Math.sqrt(norm);
    for (let i = 0; i < dimension; i++) v[i] = v[i]! / norm;
    return v;
  };
  return {
    model,
    dimension,
    embed: (texts: readonly string[], _kind: EmbedKind) => Promise.resolve(texts.map(embedOne)),
    status: () => ready,
    warmup: () => Promise.resolve(ready),
  };
}
