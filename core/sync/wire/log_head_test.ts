import fc from "fast-check";
import { deepEqual, equal, throws } from "node:assert/strict";
import { isHelixError } from "../../errors.ts";
import { bytesToHex, hexToBytes } from "../../crypto/_noble.ts";
import { publicKeyOf } from "../../crypto/ed25519.ts";
import {
  encodeLogHead,
  LOG_HEAD_LENGTH,
  logHeadFromHeader,
  logHeadToHeader,
  openLogHead,
  parseLogHead,
  signLogHead,
  verifyLogHead,
} from "./log_head.ts";
import { encodeLogProof, type LogProof, parseLogProof } from "./log_proof_codec.ts";

// Frozen vectors (T6): these bytes must verify and parse in every later build.
const SECRET = Uint8Array.from({ length: 32 }, (_, i) => i + 1);
const PUBLIC = "79b5562e8fe654f94078b112e8a98ba7901f853ae695bed7e0e3910bad049664";
const ROOT = "5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328";
const HEAD = "48584831010123456789abcdef0123456789abcdef00000000000000085dc9da79a70659a9ad55" +
  "9cb701ded9a2ab9d823aad2f4960cfe370eff4604328fbe03cbb70a001985a55f9fb1aa07d3ac252b4f39420e0" +
  "21b986a9fa3831ed8cb58af46f215fb034547430ec63ac6de34ee4438600df014a3dc0afc3348eaf0b";
const HEAD_HEADER = "SFhIMQEBI0VniavN7wEjRWeJq83vAAAAAAAAAAhdydp5pwZZqa1VnLcB3tmiq52COq0vSWDP" +
  "43Dv9GBDKPvgPLtwoAGYWlX5-xqgfTrCUrTzlCDgIbmGqfo4Me2MtYr0byFfsDRUdDDsY6xt407kQ4YA3wFKPcCvwzSOrws";
const PROOF = "48585031010100000000000000060000000000000008015dc9da79a70659a9ad559cb701ded9a2ab9d" +
  "823aad2f4960cfe370eff4604328";

const isCode = (code: string) => (e: unknown) => isHelixError(e, code as never);

Deno.test("signed log heads: frozen vector signs, encodes, parses and verifies", () => {
  equal(bytesToHex(publicKeyOf(SECRET)), PUBLIC);
  const head = { strandId: "0123456789abcdef0123456789abcdef", size: 8, root: hexToBytes(ROOT) };
  const signed = signLogHead(head, SECRET);
  equal(bytesToHex(encodeLogHead(signed)), HEAD);
  equal(logHeadToHeader(signed), HEAD_HEADER);
  const opened = openLogHead(hexToBytes(HEAD), hexToBytes(PUBLIC));
  deepEqual(opened, signed);
  deepEqual(logHeadFromHeader(HEAD_HEADER), signed);
  equal(LOG_HEAD_LENGTH, 125);
});

Deno.test("signed log heads: any changed field or another key fails verification", () => {
  const key = hexToBytes(PUBLIC);
  const head = parseLogHead(hexToBytes(HEAD));
  equal(verifyLogHead({ ...head, size: 9 }, key), false);
  equal(verifyLogHead({ ...head, strandId: "f".repeat(32) }, key), false);
  equal(verifyLogHead({ ...head, root: new Uint8Array(32) }, key), false);
  equal(verifyLogHead(head, publicKeyOf(new Uint8Array(32).fill(2))), false);
  equal(verifyLogHead({ ...head, signature: new Uint8Array(3) }, key), false);
  fc.assert(fc.property(fc.nat(LOG_HEAD_LENGTH * 8 - 1), (bit) => {
    const bytes = hexToBytes(HEAD);
    bytes[bit >> 3] = bytes[bit >> 3]! ^ (1 << (bit & 7));
    throws(() => openLogHead(bytes, key), (e) => isHelixError(e));
  }));
});

Deno.test("signed log heads: parse(serialize(x)) = x, and garbage gives only typed errors", () => {
  const arbHead = fc.record({
    strandId: fc.uint8Array({ minLength: 16, maxLength: 16 }).map(bytesToHex),
    size: fc.maxSafeNat(),
    root: fc.uint8Array({ minLength: 32, maxLength: 32 }),
    signature: fc.uint8Array({ minLength: 64, maxLength: 64 }),
  });
  fc.assert(fc.property(arbHead, (head) => {
    deepEqual(parseLogHead(encodeLogHead(head)), head);
    deepEqual(logHeadFromHeader(logHeadToHeader(head)), head);
  }));
  fc.assert(fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
    try {
      const head = parseLogHead(bytes);
      deepEqual(encodeLogHead(head), bytes);
    } catch (error) {
      equal(isHelixError(error), true);
    }
  }));
  fc.assert(fc.property(fc.string({ maxLength: 300 }), (text) => {
    try {
      logHeadFromHeader(text);
    } catch (error) {
      equal(isHelixError(error), true);
    }
  }));
  throws(() => parseLogHead(hexToBytes(HEAD).slice(0, 100)), isCode("corrupt"));
  throws(
    () => parseLogHead(hexToBytes(HEAD.replace(/^4858483101/, "4858483102"))),
    isCode("unsupported_version"),
  );
  throws(() => openLogHead(hexToBytes(HEAD), new Uint8Array(32).fill(9)), isCode("bad_signature"));
});

Deno.test("log proofs: frozen vector, round trip and typed errors", () => {
  const proof: LogProof = { kind: "consistency", first: 6, second: 8, hashes: [hexToBytes(ROOT)] };
  equal(bytesToHex(encodeLogProof(proof)), PROOF);
  deepEqual(parseLogProof(hexToBytes(PROOF)), proof);
  const arbProof = fc.record({
    kind: fc.constantFrom("consistency" as const, "inclusion" as const),
    first: fc.nat(1000),
    second: fc.nat(1000).map((n) => n + 1001),
    hashes: fc.array(fc.uint8Array({ minLength: 32, maxLength: 32 }), { maxLength: 40 }),
  });
  fc.assert(fc.property(arbProof, (p) => deepEqual(parseLogProof(encodeLogProof(p)), p)));
  fc.assert(fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
    try {
      deepEqual(encodeLogProof(parseLogProof(bytes)), bytes);
    } catch (error) {
      equal(isHelixError(error), true);
    }
  }));
  throws(() => parseLogProof(hexToBytes(PROOF).slice(0, -1)), isCode("corrupt"));
  throws(
    () => parseLogProof(hexToBytes(PROOF.replace(/^485850310101/, "485850310103"))),
    isCode("corrupt"),
  );
  const reversed = encodeLogProof({ kind: "inclusion", first: 8, second: 8, hashes: [] });
  throws(() => parseLogProof(reversed), isCode("corrupt"));
});
