import { deepEqual, equal } from "node:assert/strict";
import { diversify } from "./mmr.ts";
import { jaccard, wordSet } from "../text/words.ts";

Deno.test("diversify() demotes near-duplicates only, keeping related items in order", () => {
  const items = [
    { id: "a", score: 1 },
    { id: "a-copy", score: 0.98 },
    { id: "b", score: 0.9 },
    { id: "c", score: 0.8 },
  ];
  const similarity = (x: { id: string }, y: { id: string }) => x.id[0] === y.id[0] ? 1 : 0.5; // related, below the redundancy threshold
  deepEqual(diversify(items, similarity, 4).map((i) => i.id), ["a", "b", "c", "a-copy"]);
});

Deno.test("jaccard() of word sets: shared over all words, case and punctuation ignored", () => {
  equal(jaccard(wordSet("Deploys run on merge."), wordSet("deploys RUN on merge!")), 1);
  equal(jaccard(wordSet("a b"), wordSet("c d")), 0);
  equal(jaccard(wordSet(""), wordSet("a")), 0);
  equal(jaccard(wordSet("a b c d"), wordSet("a b")), 0.5);
});
