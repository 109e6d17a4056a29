import fc from "fast-check";
import { equal, ok, throws } from "node:assert/strict";
import { padme } from "./padme.ts";

const length = fc.integer({ min: 2, max: 2 ** 30 });

Deno.test("padme() never shrinks, is idempotent and monotone", () => {
  fc.assert(fc.property(length, (n) => padme(n) >= n && padme(padme(n)) === padme(n)));
  fc.assert(fc.property(length, length, (a, b) => (a <= b ? padme(a) <= padme(b) : true)));
});

Deno.test("padme() keeps only the top ⌊log2 ⌊log2 L⌋⌋ + 1 bits and adds at most 11.7 %", () => {
  fc.assert(fc.property(length, (n) => {
    const padded = padme(n);
    const e = Math.floor(Math.log2(n));
    const s = Math.floor(Math.log2(e)) + 1;
    const low = 2 ** (e - s);
    return padded % low === 0 && padded - n < low && (padded - n) / n <= 0.117;
  }));
});

Deno.test("padme() matches the PURBs paper's examples and rejects non-lengths", () => {
  // Values from the definition: L = 2^E exactly is unchanged; between, the low bits round up.
  equal(padme(0), 0);
  equal(padme(1), 1);
  equal(padme(1024), 1024);
  equal(padme(1025), 1088);
  equal(padme(9), 10);
  equal(padme(100), 104);
  ok(padme(1_000_000) === 1_015_808);
  for (const bad of [-1, 1.5, 2 ** 31, Number.NaN]) throws(() => padme(bad), RangeError);
});
