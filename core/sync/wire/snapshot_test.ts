import { deepEqual, equal, ok, throws } from "node:assert/strict";
import { signMessage } from "../../crypto/ed25519.ts";
import { isHelixError } from "../../errors.ts";
import * as T from "./_testing.ts";
import { sampleSnapshot, sampleSnapshotContent } from "./_testing_snapshot.ts";
import { concatBytes } from "./reader.ts";
import { openSnapshot, sealSnapshot } from "./snapshot.ts";
import {
  decodeSnapshotBody,
  encodeSnapshotBody,
  verifySnapshotSignature,
} from "./snapshot_body.ts";
import {
  PART_PLAINTEXT,
  readSnapshotPartHeader,
  SNAPSHOT_HEADER_LENGTH,
  snapshotWriteMessage,
  verifySnapshotWrite,
} from "./snapshot_header.ts";
import { MAX_ENVELOPE_BYTES } from "./delta_header.ts";

const code = (expected: string, reason?: string) => (error: unknown) =>
  isHelixError(error, expected as never) &&
  (reason === undefined || (error.details as { reason: string }).reason === reason);

const big = sampleSnapshot(12_000);

Deno.test("sealSnapshot() cuts a large snapshot into parts of at most 1 MiB that open to the same content", () => {
  ok(big.parts.length >= 2, `${big.parts.length} parts`);
  for (const [i, part] of big.parts.entries()) {
    ok(part.length <= MAX_ENVELOPE_BYTES);
    if (i < big.parts.length - 1) equal(part.length, MAX_ENVELOPE_BYTES);
    const header = readSnapshotPartHeader(part);
    deepEqual([header.part, header.parts, header.position, header.epoch], [
      i,
      big.parts.length,
      5,
      0,
    ]);
    ok(verifySnapshotWrite(part, T.KEYS_0.writePublic));
    ok(!verifySnapshotWrite(part, T.KEYS_1.writePublic));
  }
  const opened = openSnapshot(big.parts, T.keysFor, T.STRAND);
  deepEqual(opened.content, sampleSnapshotContent(12_000));
  equal(opened.snapshotId, big.snapshotId);
  ok(verifySnapshotSignature(T.STRAND, opened, T.DEVICE_PUBLIC));
  ok(!verifySnapshotSignature(T.OTHER_STRAND, opened, T.DEVICE_PUBLIC));
});

Deno.test("openSnapshot() refuses parts out of order, missing, from another upload, strand or key", () => {
  const [a, b, ...rest] = big.parts as Uint8Array[];
  throws(() => openSnapshot([b!, a!, ...rest], T.keysFor, T.STRAND), code("corrupt", "parts"));
  throws(() => openSnapshot([a!], T.keysFor, T.STRAND), code("corrupt", "parts"));
  const other = sealSnapshot({
    strandId: T.STRAND,
    epoch: 0,
    keys: T.KEYS_0,
    content: sampleSnapshotContent(12_000),
    deviceSecretKey: T.DEVICE_SECRET,
  });
  throws(
    () => openSnapshot([a!, other.parts[1]!, ...rest], T.keysFor, T.STRAND),
    code("corrupt", "parts"),
  );
  throws(() => openSnapshot(big.parts, T.keysFor, T.OTHER_STRAND), code("decrypt_failed"));
  throws(
    () => openSnapshot(big.parts, (e) => e === 0 ? T.KEYS_1 : undefined, T.STRAND),
    code("decrypt_failed", "commit"),
  );
  throws(() => openSnapshot(big.parts, () => undefined, T.STRAND), code("decrypt_failed"));
  throws(() => openSnapshot([], T.keysFor, T.STRAND), code("corrupt"));
});

Deno.test("openSnapshot(): a changed ciphertext is bad_signature, re-signed by the write key it is tampered", () => {
  const part = sampleSnapshot(2).parts[0]!.slice();
  part[SNAPSHOT_HEADER_LENGTH + 3]! ^= 1;
  throws(() => openSnapshot([part], T.keysFor, T.STRAND), code("bad_signature"));
  const signed = part.subarray(0, part.length - 64);
  const resigned = concatBytes(
    signed,
    signMessage(snapshotWriteMessage(signed), T.KEYS_0.writeSeed),
  );
  throws(() => openSnapshot([resigned], T.keysFor, T.STRAND), code("tampered"));
});

Deno.test("openSnapshot(): every single-bit change of a sealed part is refused with a typed error", () => {
  const part = sampleSnapshot(2).parts[0]!;
  for (let i = 0; i < part.length; i++) {
    const changed = part.slice();
    changed[i]! ^= 1 << (i % 8);
    throws(() => openSnapshot([changed], T.keysFor, T.STRAND), (e) => isHelixError(e), `byte ${i}`);
  }
  throws(() => openSnapshot([part.subarray(0, 100)], T.keysFor, T.STRAND), code("corrupt"));
  throws(
    () => openSnapshot([concatBytes(part, Uint8Array.of(0))], T.keysFor, T.STRAND),
    code("corrupt"),
  );
});

Deno.test("decodeSnapshotBody() is strict: one byte form per snapshot", () => {
  const content = sampleSnapshotContent(3);
  const { bytes } = encodeSnapshotBody(content, T.STRAND, T.DEVICE_SECRET);
  deepEqual(decodeSnapshotBody(bytes).content, content);
  throws(
    () => decodeSnapshotBody(concatBytes(bytes, Uint8Array.of(0))),
    code("corrupt", "trailing"),
  );
  // A manifest that is not canonical (a space added, length fixed up).
  const length = new DataView(bytes.buffer).getUint32(0);
  const manifest = new TextDecoder().decode(bytes.subarray(4, 4 + length));
  const spaced = new TextEncoder().encode(manifest.replace(`"v":1`, `"v": 1`));
  const out = concatBytes(new Uint8Array(4), spaced, bytes.subarray(4 + length));
  new DataView(out.buffer).setUint32(0, spaced.length);
  throws(() => decodeSnapshotBody(out), code("corrupt", "json"));
  // Ops out of fold order are never written.
  throws(
    () =>
      encodeSnapshotBody(
        { ...content, ops: [...content.ops].reverse() },
        T.STRAND,
        T.DEVICE_SECRET,
      ),
    TypeError,
  );
  // A chain whose last change is not its head, a frontier that does not stand at the position.
  throws(
    () =>
      encodeSnapshotBody(
        { ...content, logFrontier: [[0, "01".repeat(32)]] },
        T.STRAND,
        T.DEVICE_SECRET,
      ),
    TypeError,
  );
});

Deno.test("PART_PLAINTEXT fills a part to exactly 1 MiB", () => {
  equal(SNAPSHOT_HEADER_LENGTH + PART_PLAINTEXT + 16 + 64, MAX_ENVELOPE_BYTES);
});
