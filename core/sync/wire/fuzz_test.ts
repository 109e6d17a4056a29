import fc from "fast-check";
import { deepEqual, equal, ok } from "node:assert/strict";
import { isHelixError } from "../../errors.ts";
import * as T from "./_testing.ts";
import { openBundle } from "./bundle.ts";
import { decodeChangeBody } from "./change.ts";
import { openDelta } from "./delta.ts";
import { readDeltaHeader } from "./delta_header.ts";
import { encodeFrames, parseFrames } from "./frames.ts";
import { fuzzSyncWire, mutate } from "./fuzz_testing.ts";
import { sampleTeamRoster } from "./_team_testing.ts";
import { logHeadFromHeader, parseLogHead } from "./log_head.ts";
import { parseLogProof } from "./log_proof_codec.ts";
import { makePairingCode, openHello, openWelcome, parsePairingCode } from "./pairing.ts";
import { readRosterOuter } from "./roster_outer.ts";
import { verifyRosterChain } from "./roster_chain.ts";
import { openSnapshot } from "./snapshot.ts";
import { decodeSnapshotBody } from "./snapshot_body.ts";
import { readSnapshotPartHeader } from "./snapshot_header.ts";

const pairing = makePairingCode("https://relay.example", T.counterRandom(4)).parsed;
const decoders: Record<string, (bytes: Uint8Array) => unknown> = {
  "openDelta": (b) => openDelta(b, T.keysFor, T.STRAND),
  "readDeltaHeader": readDeltaHeader,
  "decodeChangeBody": decodeChangeBody,
  "readRosterOuter": readRosterOuter,
  "verifyRosterChain": (b) => verifyRosterChain([b], T.STRAND, T.keysFor),
  "openBundle": (b) => openBundle(b, T.X_B),
  "parseFrames": parseFrames,
  "openHello": (b) => openHello(b, pairing),
  "openWelcome": (b) => openWelcome(b, pairing),
  "parsePairingCode": (b) => parsePairingCode(new TextDecoder().decode(b)),
  "parseLogHead": parseLogHead,
  "logHeadFromHeader": (b) => logHeadFromHeader(new TextDecoder().decode(b)),
  "parseLogProof": parseLogProof,
  "openSnapshot": (b) => openSnapshot([b], T.keysFor, T.STRAND),
  "readSnapshotPartHeader": readSnapshotPartHeader,
  "decodeSnapshotBody": decodeSnapshotBody,
};

function typedOnly(decode: (bytes: Uint8Array) => unknown, bytes: Uint8Array): boolean {
  try {
    decode(bytes);
    return true;
  } catch (error) {
    return isHelixError(error);
  }
}

Deno.test("T5: 30,000 mutants and random inputs to every sync decoder give only typed errors", () => {
  const report = fuzzSyncWire({ iterations: 30_000, seed: 0x5c });
  deepEqual(report.failures.slice(0, 5), []);
  const rejected = Object.values(report.codes).reduce((sum, n) => sum + n, 0);
  equal(rejected + report.accepted + report.unchanged, 30_000);
  for (const code of ["corrupt", "decrypt_failed", "bad_signature", "tampered"]) {
    ok((report.codes[code] ?? 0) > 100, `${code}: ${JSON.stringify(report.codes)}`);
  }
});

Deno.test("T5: fast-check random bytes and mutants of the corpus give only typed errors", async (t) => {
  const corpus = [T.sampleDelta(1, 0), ...T.sampleRoster(), ...sampleTeamRoster()];
  for (const [name, decode] of Object.entries(decoders)) {
    await t.step(name, () => {
      fc.assert(fc.property(fc.uint8Array({ maxLength: 700 }), (b) => typedOnly(decode, b)), {
        numRuns: 300,
      });
      fc.assert(
        fc.property(
          fc.integer({ min: 0, max: corpus.length - 1 }),
          fc.integer({ min: 0, max: corpus.length - 1 }),
          fc.integer(),
          (i, j, seed) => {
            let state = seed >>> 0;
            const random = () => ((state = (state * 1664525 + 1013904223) >>> 0) / 2 ** 32);
            return typedOnly(decode, mutate(corpus[i]!, corpus[j]!, random));
          },
        ),
        { numRuns: 300 },
      );
    });
  }
});

Deno.test("T5: parseFrames(encodeFrames(x)) = x for random frame lists", () => {
  const frames = fc.uniqueArray(fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), {
    maxLength: 8,
  })
    .chain((seqs) =>
      fc.tuple(
        ...seqs.sort((a, b) => a - b).map((seq) =>
          fc.uint8Array({ maxLength: 64 }).map((bytes) => ({ seq, bytes }))
        ),
      )
    );
  fc.assert(fc.property(frames, (list) => {
    deepEqual(parseFrames(encodeFrames(list)), list);
  }));
});
