/**
 * Costs of the sync wire codecs per call: what the relay pays per upload (header parse,
 * write-signature check) and what a client pays to seal and open a delta. Run with
 * `deno bench -A core/sync/wire/delta_bench.ts`.
 *
 * @module
 */
import * as T from "./_testing.ts";
import { openDelta, sealDelta } from "./delta.ts";
import { readDeltaHeader, verifyDeltaWrite, verifyDeltaWriteAsync } from "./delta_header.ts";
import { encodeFrames, parseFrames } from "./frames.ts";
import { verifyRosterChain } from "./roster_chain.ts";

const small = T.sampleDelta(3, 0);
const body = T.sampleBody(200);
const large = sealDelta({
  strandId: T.STRAND,
  epoch: 0,
  keys: T.KEYS_0,
  body,
  deviceSecretKey: T.DEVICE_SECRET,
}).bytes;
const roster = T.sampleRoster();
const frames = encodeFrames(Array.from({ length: 100 }, (_, i) => ({ seq: i + 1, bytes: small })));

Deno.bench(`relay: readDeltaHeader, ${small.length}-byte delta`, () => {
  readDeltaHeader(small);
});
Deno.bench(`relay: verifyDeltaWrite, ${small.length}-byte delta`, () => {
  verifyDeltaWrite(small, T.KEYS_0.writePublic);
});
Deno.bench(`relay: verifyDeltaWriteAsync (WebCrypto), ${small.length}-byte delta`, async () => {
  await verifyDeltaWriteAsync(small, T.KEYS_0.writePublic);
});
Deno.bench(`relay: verifyDeltaWrite, ${large.length}-byte delta`, () => {
  verifyDeltaWrite(large, T.KEYS_0.writePublic);
});
Deno.bench("client: sealDelta, 3 ops", () => {
  sealDelta({
    strandId: T.STRAND,
    epoch: 0,
    keys: T.KEYS_0,
    body: T.sampleBody(3),
    deviceSecretKey: T.DEVICE_SECRET,
  });
});
Deno.bench(`client: openDelta, ${small.length}-byte delta`, () => {
  openDelta(small, T.keysFor, T.STRAND);
});
Deno.bench(`client: openDelta, ${large.length}-byte delta (200 ops)`, () => {
  openDelta(large, T.keysFor, T.STRAND);
});
Deno.bench("client: verifyRosterChain, 3 entries", () => {
  verifyRosterChain(roster, T.STRAND, T.keysFor);
});
Deno.bench(`client: parseFrames, 100 frames (${frames.length} bytes)`, () => {
  parseFrames(frames);
});
