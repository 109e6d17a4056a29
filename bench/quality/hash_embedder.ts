/**
 * A stand-in embedder for measuring recall where the real model cannot be downloaded:
 * signed feature hashing of word unigrams, word bigrams and character trigrams into 384
 * dimensions, L2-normalized. It is lexical, not semantic — it rewards shared words and word
 * pieces (morphology, partial identifiers), never synonyms — so figures measured with it say
 * how the fusion machinery behaves, not how well bge-small understands paraphrases.
 *
 * @module
 */
import type { Embedder, EmbedderStatus, EmbedKind } from "../../core/mod.ts";

/** Model id the stand-in pins in a strand. */
export const HASH_MODEL = "helix-bench/hashed-ngrams-384";

function fnv1a(text: string, seed: number): number {
  let hash = 0x811c9dc5 ^ seed;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** Creates the hashed n-gram embedder. */
export function createHashEmbedder(dimension = 384): Embedder {
  const ready: EmbedderStatus = { state: "ready" };
  const embedOne = (text: string): Float32Array => {
    const vector = new Float32Array(dimension);
    const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
    const add = (feature: string, weight: number) => {
      const h = fnv1a(feature, 17);
      vector[h % dimension]! += (h & 0x80000000 ? -1 : 1) * weight;
    };
    words.forEach((word, i) => {
      add(`w:${word}`, 1);
      if (i > 0) add(`b:${words[i - 1]} ${word}`, 0.5);
      const padded = `^${word}$`;
      for (let j = 0; j + 3 <= padded.length; j++) add(`c:${padded.slice(j, j + 3)}`, 0.3);
    });
    let norm = 0;
    for (const v of vector) norm += v * v;
    norm = Math.sqrt(norm) || 1;
    for (let i = 0; i < dimension; i++) vector[i]! /= norm;
    return vector;
  };
  return {
    model: HASH_MODEL,
    dimension,
    embed: (texts: readonly string[], _kind: EmbedKind) => Promise.resolve(texts.map(embedOne)),
    status: () => ready,
    warmup: () => Promise.resolve(ready),
  };
}
