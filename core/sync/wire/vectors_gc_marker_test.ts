/**
 * Known-answer and wire-stability vectors of the GC marker (sync-protocol T6, R28). Frozen on
 * 2026-11-26 for marker version 1: the fixed keys of `_testing.ts` give exactly these bytes
 * (Ed25519 signatures are deterministic); every build must keep reading them, and the
 * must-fail variants must keep failing with the same code. Never regenerate these to make a
 * test pass: a change here is a wire-format change and needs a new version.
 */
import { deepEqual, equal, throws } from "node:assert/strict";
import { hexToBytes } from "../../crypto/_noble.ts";
import { publicKeyOf } from "../../crypto/ed25519.ts";
import { isHelixError } from "../../errors.ts";
import * as T from "./_testing.ts";
import { sampleGcMarker } from "./_testing_snapshot.ts";
import { GC_MARKER_LENGTH, openGcMarker, parseGcMarker, verifyGcMarkerWrite } from "./gc_marker.ts";
import { toHex } from "./ids.ts";

const MARKER = `
    48584731010123456789abcdef0123456789abcdef0000000099999999999999999999999999999999000000
    000000000500000002abababababababababababababababababababababababababababababababab2bbda2
    5e85b4eadd83fa5687ef4250d5ee7cd09bb3f94489435831bd38f020cdb207bd4dff0d9258682225017b139c
    38c1b1d5222042adda30ff50ffd53d0632d7df1800d3f9721ba9e127c4b425611ee44fbc4dc39508607048d8
    d23ae8c90636e0f19b42fe32a615f714fd41e8ff59448bd85c87039213467fe4318c3426684cb18f15f76d46
    79b3620804db6697dcf6d136822a085b050c5225ca6541b30e
`.replace(/\s+/g, "");

const admin = { device: T.DEVICE_ID, ed25519: T.DEVICE_PUBLIC };

Deno.test("T6: the frozen GC marker reads to its fields and verifies", () => {
  const bytes = hexToBytes(MARKER);
  equal(bytes.length, GC_MARKER_LENGTH);
  const marker = parseGcMarker(bytes);
  deepEqual(
    [marker.strandId, marker.epoch, marker.upload, marker.position, marker.rosterSeq],
    [T.STRAND, 0, "99".repeat(16), 5, 2],
  );
  equal(marker.rosterHead, "ab".repeat(32));
  equal(marker.snapshotId, "2bbda25e85b4eadd83fa5687ef4250d5ee7cd09bb3f94489435831bd38f020cd");
  equal(verifyGcMarkerWrite(bytes, T.KEYS_0.writePublic), true);
  equal(openGcMarker(bytes, [admin], T.KEYS_0.writePublic), T.DEVICE_ID);
});

Deno.test("T6: sealing the sample marker gives the frozen bytes", () => {
  equal(toHex(sampleGcMarker(5)), MARKER);
});

Deno.test("T6: must-fail variants of the frozen marker keep their codes", () => {
  const other = { device: "ee".repeat(16), ed25519: publicKeyOf(new Uint8Array(32).fill(9)) };
  const cases: [string, (b: Uint8Array) => Uint8Array, string, typeof admin[]][] = [
    ["version 2", (b) => (b[4] = 2, b), "unsupported_version", [admin]],
    ["another magic", (b) => (b[0] = 0, b), "corrupt", [admin]],
    ["truncated", (b) => b.subarray(0, 200), "corrupt", [admin]],
    ["a trailing byte", (b) => Uint8Array.of(...b, 0), "corrupt", [admin]],
    ["roster seq 0", (b) => (b.fill(0, 49, 53), b), "corrupt", [admin]],
    ["a changed position", (b) => (b[48]! ^= 1, b), "bad_signature", [admin]],
    ["a changed write signature", (b) => (b[b.length - 1]! ^= 1, b), "bad_signature", [admin]],
    ["a signer not among the admins", (b) => b, "bad_signature", [other]],
  ];
  for (const [name, change, code, signers] of cases) {
    const bytes = change(hexToBytes(MARKER));
    throws(
      () => openGcMarker(bytes, signers, T.KEYS_0.writePublic),
      (e) => isHelixError(e, code as never),
      name,
    );
  }
});

Deno.test("a member's device signature does not pass for an admin's", () => {
  const bytes = hexToBytes(MARKER);
  bytes[120]! ^= 1; // inside sig_dev: the write signature no longer verifies either
  throws(() => openGcMarker(bytes, [admin]), (e) => isHelixError(e, "bad_signature"));
});
