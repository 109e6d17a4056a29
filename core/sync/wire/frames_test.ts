import { deepEqual, throws } from "node:assert/strict";
import { isHelixError } from "../../errors.ts";
import { encodeFrames, parseFrames } from "./frames.ts";

const corrupt = (e: unknown) => isHelixError(e, "corrupt");

Deno.test("parseFrames() round-trips encodeFrames() and an empty body", () => {
  const frames = [
    { seq: 1, bytes: Uint8Array.of(1, 2, 3) },
    { seq: 9, bytes: new Uint8Array(0) },
    { seq: Number.MAX_SAFE_INTEGER, bytes: new Uint8Array(300).fill(7) },
  ];
  deepEqual(parseFrames(encodeFrames(frames)), frames);
  deepEqual(parseFrames(new Uint8Array(0)), []);
});

Deno.test("parseFrames() refuses truncation, limits, disorder and seq past 2^53 with corrupt", () => {
  const body = encodeFrames([{ seq: 1, bytes: Uint8Array.of(1, 2) }, {
    seq: 2,
    bytes: Uint8Array.of(3),
  }]);
  for (let cut = 1; cut < body.length; cut++) {
    if (cut === 14) continue; // a whole first frame is a valid body
    throws(() => parseFrames(body.subarray(0, cut)), corrupt, `cut at ${cut}`);
  }
  throws(() => parseFrames(body, { maxFrames: 1 }), corrupt);
  throws(() => parseFrames(body, { maxFrameBytes: 1 }), corrupt);
  throws(
    () =>
      parseFrames(
        encodeFrames([{ seq: 2, bytes: Uint8Array.of() }, { seq: 2, bytes: Uint8Array.of() }]),
      ),
    corrupt,
  );
  throws(() => parseFrames(encodeFrames([{ seq: 0, bytes: Uint8Array.of() }])), corrupt);
  const big = new Uint8Array(12).fill(0xff);
  throws(() => parseFrames(big), corrupt);
});
