import { deepEqual, equal, notEqual, ok, throws } from "node:assert/strict";
import { cryptoCalls } from "../../crypto/calls.ts";
import { isHelixError } from "../../errors.ts";
import {
  DEVICE_PUBLIC,
  DEVICE_SECRET,
  KEYS_0,
  KEYS_1,
  keysFor,
  OTHER_STRAND,
  sampleBody,
  sampleDelta,
  STRAND,
} from "./_testing.ts";
import { verifyChangeSignature } from "./change.ts";
import { MAX_BODY_LENGTH, openDelta, sealDelta, sealedDeltaSize } from "./delta.ts";
import {
  DELTA_HEADER_LENGTH,
  MAX_ENVELOPE_BYTES,
  readDeltaHeader,
  verifyDeltaWrite,
  verifyDeltaWriteAsync,
} from "./delta_header.ts";
import { padme } from "./padme.ts";

const code = (c: string) => (e: unknown) => isHelixError(e, c as never);

Deno.test("sealDelta() then openDelta() round-trips the body, change id and delta id", () => {
  const body = sampleBody(3);
  const sealed = sealDelta({
    strandId: STRAND,
    epoch: 0,
    keys: KEYS_0,
    body,
    deviceSecretKey: DEVICE_SECRET,
  });
  const opened = openDelta(sealed.bytes, keysFor, STRAND);
  deepEqual(opened.body, body);
  equal(opened.changeId, sealed.changeId);
  equal(opened.deltaId, sealed.deltaId);
  ok(verifyChangeSignature(STRAND, opened.bodyBytes, opened.sigDev, DEVICE_PUBLIC));
  ok(!verifyChangeSignature(OTHER_STRAND, opened.bodyBytes, opened.sigDev, DEVICE_PUBLIC));
});

Deno.test("re-sealing under a new epoch keeps the change id and changes the delta id", () => {
  const body = sampleBody(1);
  const first = sealDelta({
    strandId: STRAND,
    epoch: 0,
    keys: KEYS_0,
    body,
    deviceSecretKey: DEVICE_SECRET,
  });
  const opened = openDelta(first.bytes, keysFor, STRAND);
  const again = sealDelta({
    strandId: STRAND,
    epoch: 1,
    keys: KEYS_1,
    body,
    sigDev: opened.sigDev,
  });
  equal(again.changeId, first.changeId);
  notEqual(again.deltaId, first.deltaId);
  equal(openDelta(again.bytes, keysFor, STRAND).changeId, first.changeId);
});

Deno.test("readDeltaHeader() shows only strand, epoch, nonce, commit and a PADMÉ size", () => {
  const bytes = sampleDelta(2, 1);
  const header = readDeltaHeader(bytes);
  equal(header.strandId, STRAND);
  equal(header.epoch, 1);
  equal(header.size, bytes.length);
  const plaintext = header.ciphertextLength - 16;
  equal(padme(plaintext), plaintext);
  equal(bytes.length, DELTA_HEADER_LENGTH + header.ciphertextLength + 64);
});

Deno.test("verifyDeltaWrite() accepts the epoch write key only", () => {
  const bytes = sampleDelta(1, 0);
  ok(verifyDeltaWrite(bytes, KEYS_0.writePublic));
  ok(!verifyDeltaWrite(bytes, KEYS_1.writePublic));
  const flipped = bytes.slice();
  flipped[DELTA_HEADER_LENGTH + 3]! ^= 1;
  ok(!verifyDeltaWrite(flipped, KEYS_0.writePublic));
});

Deno.test("verifyDeltaWriteAsync() answers as verifyDeltaWrite() does", async () => {
  const bytes = sampleDelta(1, 0);
  ok(await verifyDeltaWriteAsync(bytes, KEYS_0.writePublic));
  ok(!await verifyDeltaWriteAsync(bytes, KEYS_1.writePublic));
  for (let i = 0; i < bytes.length; i += 7) {
    const flipped = bytes.slice();
    flipped[i]! ^= 0x20;
    let sync: boolean | string;
    try {
      sync = verifyDeltaWrite(flipped, KEYS_0.writePublic);
    } catch (error) {
      sync = isHelixError(error) ? error.code : "untyped";
    }
    let async: boolean | string;
    try {
      async = await verifyDeltaWriteAsync(flipped, KEYS_0.writePublic);
    } catch (error) {
      async = isHelixError(error) ? error.code : "untyped";
    }
    equal(async, sync, `byte ${i}`);
  }
});

Deno.test("openDelta() refuses another strand, an unknown epoch and a wrong key before decrypting", () => {
  const bytes = sampleDelta(1, 0);
  const before = cryptoCalls.aeadOpen;
  throws(() => openDelta(bytes, keysFor, OTHER_STRAND), code("decrypt_failed"));
  throws(() => openDelta(bytes, () => undefined, STRAND), code("decrypt_failed"));
  throws(() => openDelta(bytes, () => KEYS_1, STRAND), code("decrypt_failed"));
  equal(cryptoCalls.aeadOpen, before);
});

Deno.test("MAX_BODY_LENGTH is the largest body whose envelope fits in 1 MiB", () => {
  ok(sealedDeltaSize(MAX_BODY_LENGTH) <= MAX_ENVELOPE_BYTES);
  ok(sealedDeltaSize(MAX_BODY_LENGTH + 1) > MAX_ENVELOPE_BYTES);
  throws(() => readDeltaHeader(new Uint8Array(MAX_ENVELOPE_BYTES + 1)), code("quota_exceeded"));
});
