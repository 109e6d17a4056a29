/**
 * Known-answer and wire-stability vectors of snapshot parts (sync-protocol T6, R28). Frozen on
 * 2026-11-26 for part version 1: the fixed keys, upload id and nonces of
 * `_testing_snapshot.ts` give exactly these bytes; every build must keep opening them, and the
 * must-fail variants must keep failing with the same code. Never regenerate these to make a
 * test pass: a change here is a wire-format change and needs a new version.
 */
import { deepEqual, equal, throws } from "node:assert/strict";
import { hexToBytes } from "../../crypto/_noble.ts";
import { isHelixError } from "../../errors.ts";
import * as T from "./_testing.ts";
import { sampleSnapshot, sampleSnapshotContent } from "./_testing_snapshot.ts";
import { toHex } from "./ids.ts";
import { openSnapshot } from "./snapshot.ts";
import { readSnapshotPartHeader, SNAPSHOT_HEADER_LENGTH } from "./snapshot_header.ts";

const PART = `
    48585331010123456789abcdef0123456789abcdef0000000099999999999999999999999999999999000000
    00000000010000000000000005010101010101010101010101010101010101010101010101f8f34726c67e7c
    059b86b0b543f7db27ab5455f6bfdaca2d658912aad28ee644000004d002faac6a4b355ddae9365d376efdcc
    bf273fd59a316d2a199f234bda4a4dcd48ec761510531cd7516168ba9279df4b3d1c7b32ac9d84e30c1e49f0
    ff6f3b806fa434fb7e314cece25720231aa191a9b3323ba30e0a6d6e657c45cc522fb9b6b52ebe9b7f5d43a5
    8ca74103032adfa7763c2c852079a5245e6496767ca093e40a7a870380169e9287411f624f756e29179da763
    1a3cdd5e74e4730727d13d6ce18fbeb6cc77537c57025d30056c3b3ac5d7f3f86dea3d0a84c06e5b7d3a96b6
    1cb37d2b2898d08e5a216a6e0381c26c92bdf7d70826e4247cc6c0d8e8d33519e36e96c4e6353d95e5d2adcb
    c885d75c5848ab843f4d3d2fa41a59c91b8a92e13ebcc14b4c15fce4308d72f72ff99e382d079f54a32bd80d
    9f5a4163881196c40225bbedaa48a129050dfd32f2f834a1ff91d9101933401c40a4de3576dded4acb9dedc9
    edda0523f448a96aff24cebbf24eb8ae6c4097cc2f832167b9de0a5d79c7ee942249e5d3032a83d58346afad
    415b68207d77d8ad618256f4e2848b259fb7484dc787fbda051121efc4b5672b99e9f1c257bb51d1d926f9d4
    bea6799898520659fbf8220eec8357b5e50588da2d68eff067078c9c06d2c86ff2961dbf0391d068e0318614
    32a76d05b56f79a2d76b581ac5e5cfd2a0a56452b00ca79c61e85f154b4419e728969d15aded1f5156755cbd
    63cfb67fda98f2407c95d0eb8a748f8b8dbeb5718e5ecc82db638ec884bf3089982cfe352c953e930a5f3fbf
    368e02b89c265fff281926e64e8cf65724e1a32e05c82d273cf4b0497d90f96857356de55248ddedd31087f4
    a0392168d12130d3791998feb229c3de2920f177c491c746a865c1ce8dad38aef3ac5300007a869d92ff2cad
    daa129157064244b0cb3339b4b087cd0a005922281658968dda5be4c386001f80f755a47e7c6f896c2ea3842
    34b2791478459f2518b786bf794aa02e8970fdeda81f06a6c1f73f1e5f0ecae4986fcf9cab49423f22ddcdff
    5db5939cd12a97d32f24b7dd6d4e97b0f2a82a2562bf4fe7aeb2bd18778e3b565df85558319b04b13b1d5218
    401604315488dbaa00b745beebc0006eee995856652d7f190b9a64b11bf761dc8ac98837a695e9ea4e9af29e
    03d73a4a99ad0c38232deefdf3378869a350a5fedfa3be5de8056db20ae578f4a633d4ad97739292dc587037
    94980b6fea15377904ffde7c6f24e9a0794566f5900aa4c6f3a564af0f30be2b7524d9080a4689915354cb03
    f9eab5435f7541009e371c5c41096e4f81bfa5cbd2d2d4b510f816a104cb0c0e267597b19d4992bfcb3b3692
    3565568d5c6b1c88fe476f151a706509002a9c9385ba767f3c1a52d31d569a10e6296a3fc8f64110d70ce261
    76b2ea440cbcb05ae9a25140746cf04282b5c59982c140743338399df7cd92f88e54199af1c5eaca0f9cf6e5
    f393a61b8761abf0f3d2ed504006649f2c2467a9d808b4f2e041c8a4ea5b227da91eb301812ce4b4be7358e2
    7460d1cf903fa7e2d4ceff5785c67d487be7e9e8599108113fbc03cce65cfc928ec82c7945efe62ae541c3c7
    e96180262c5b27e00637b27bfaeb026d08a700c5133e662ca1f12feec837379b7746efff0b56f5eb58cad87c
    1631ec1393f879199a50899519df51fecb41785e43b7e2e742e1be0b6ac3867a87948ebc7c2a112ab5fd9595
    11d7e38eb817daa5422b9602f5282379959727bb0d9e3084f7fc4884bf8ac6ab4d4cf96caa5e9b98abde6c4e
    f5d03ef1ce57d03b39d7c03d450d2a23bcc70fdf7e4a81ec7a4e04db859c8c49b9cc87945b5f2476e5b1712e
    94e1a80909
`.replace(/\s+/g, "");
const SNAPSHOT_ID = "2bbda25e85b4eadd83fa5687ef4250d5ee7cd09bb3f94489435831bd38f020cd";

Deno.test("T6: the frozen snapshot part opens to its content and id", () => {
  const part = hexToBytes(PART);
  const header = readSnapshotPartHeader(part);
  deepEqual([header.part, header.parts, header.position, header.upload], [
    0,
    1,
    5,
    "99".repeat(16),
  ]);
  const opened = openSnapshot([part], T.keysFor, T.STRAND);
  deepEqual(opened.content, sampleSnapshotContent(2));
  equal(opened.snapshotId, SNAPSHOT_ID);
});

Deno.test("T6: sealing the sample with the fixed upload id and nonces gives the frozen bytes", () => {
  const sealed = sampleSnapshot(2);
  equal(toHex(sealed.parts[0]!), PART);
  equal(sealed.snapshotId, SNAPSHOT_ID);
});

Deno.test("T6: must-fail variants of the frozen part keep their codes", () => {
  const cases: [string, (b: Uint8Array) => void, string][] = [
    ["version 2", (b) => (b[4] = 2), "unsupported_version"],
    ["another epoch", (b) => (b[24] = 1), "decrypt_failed"],
    ["a changed position", (b) => (b[52]! ^= 1), "decrypt_failed"],
    ["a changed ciphertext", (b) => (b[SNAPSHOT_HEADER_LENGTH]! ^= 1), "bad_signature"],
    ["a changed write signature", (b) => (b[b.length - 1]! ^= 1), "bad_signature"],
    ["part 1 of 1", (b) => (b[44] = 1), "corrupt"],
  ];
  for (const [name, change, code] of cases) {
    const part = hexToBytes(PART);
    change(part);
    throws(
      () => openSnapshot([part], T.keysFor, T.STRAND),
      (e) => isHelixError(e, code as never),
      name,
    );
  }
});
