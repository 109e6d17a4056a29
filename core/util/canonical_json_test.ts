import fc from "fast-check";
import { equal, throws } from "node:assert/strict";
import { canonicalJson } from "./canonical_json.ts";

const json = fc.jsonValue({ maxDepth: 4 });

function shuffleKeys(value: unknown, seed: number): unknown {
  if (Array.isArray(value)) return value.map((v, i) => shuffleKeys(v, seed + i));
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value);
    entries.sort((a, b) => ((a[0].length * 31 + seed) % 7) - ((b[0].length * 31 + seed) % 7));
    return Object.fromEntries(entries.map(([k, v], i) => [k, shuffleKeys(v, seed + i)]));
  }
  return value;
}

Deno.test("canonicalJson() is the same for any key order and survives a parse round trip", () => {
  fc.assert(fc.property(json, fc.integer({ min: 0, max: 1000 }), (value, seed) => {
    const text = canonicalJson(value);
    equal(canonicalJson(shuffleKeys(value, seed)), text);
    equal(canonicalJson(JSON.parse(text)), text);
  }));
});

Deno.test("canonicalJson() rejects values JSON cannot carry", () => {
  throws(() => canonicalJson(NaN), TypeError);
  throws(() => canonicalJson({ a: Infinity }), TypeError);
  throws(() => canonicalJson(new Date(0)), TypeError);
  throws(() => canonicalJson(1n), TypeError);
  equal(canonicalJson(-0), "0");
  equal(canonicalJson("é\u2028\n"), JSON.stringify("é\u2028\n"));
});
