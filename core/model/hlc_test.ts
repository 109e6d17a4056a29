import fc from "fast-check";
import { deepEqual, ok, throws } from "node:assert/strict";
import { formatHlc, type Hlc, nextHlc, parseHlc } from "./hlc.ts";

Deno.test("nextHlc() is strictly increasing whatever the wall clock does, and string order is time order", () => {
  fc.assert(
    fc.property(
      fc.array(fc.integer({ min: 0, max: 2_000_000_000_000 }), { minLength: 1, maxLength: 200 }),
      (walls) => {
        let last: Hlc | null = null;
        let lastText = "";
        for (const wall of walls) {
          const next = nextHlc(last, wall);
          const text = formatHlc(next);
          if (last) {
            ok(next.wall > last.wall || (next.wall === last.wall && next.counter > last.counter));
            ok(text > lastText);
          }
          deepEqual(parseHlc(text), next);
          last = next;
          lastText = text;
        }
      },
    ),
  );
});

Deno.test("parseHlc() and formatHlc() refuse malformed values", () => {
  throws(() => parseHlc("123"), SyntaxError);
  throws(() => parseHlc("000000000001000-0000a"), SyntaxError);
  throws(() => formatHlc({ wall: -1, counter: 0 }), RangeError);
  throws(() => formatHlc({ wall: 1, counter: 100_000 }), RangeError);
  deepEqual(nextHlc({ wall: 5, counter: 99_999 }, 5), { wall: 6, counter: 0 });
});
