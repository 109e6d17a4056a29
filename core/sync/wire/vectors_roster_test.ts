/**
 * Known-answer and wire-stability vectors of the sync wire formats (sync-protocol T6), part
 * two of two: roster entries, bundles, pairing, frames. Frozen on 2026-11-25 for format
 * version 1: fixed keys, nonces and random bytes give exactly these bytes, every build must keep decoding them, and the
 * must-fail vectors must keep failing with the same error code. Never regenerate these to
 * make a test pass: a change here is a wire-format change and needs a new version.
 */
import { deepEqual, equal, throws } from "node:assert/strict";
import { hexToBytes } from "../../crypto/_noble.ts";
import { x25519PublicKeyOf } from "../../crypto/x25519.ts";
import { isHelixError } from "../../errors.ts";
import * as T from "./_testing.ts";
import { openBundle, wrapBundle } from "./bundle.ts";
import { encodeFrames, parseFrames } from "./frames.ts";
import { toHex } from "./ids.ts";
import {
  encodeHello,
  makePairingCode,
  openHello,
  parsePairingCode,
  shortAuthString,
} from "./pairing.ts";
import { verifyRosterChain } from "./roster_chain.ts";
import { readRosterOuter } from "./roster_outer.ts";

function hex(text: string): string {
  return text.replace(/\s+/g, "");
}

const V = {
  rosterGenesis: hex(`
    48585231010123456789abcdef0123456789abcdef0000000100000000000000000000000000000000000000
    000000000000000000000000000000000001bdab7bb534a4e273d9ab3ab3ae4351a2fdafc2750234688f690b
    9a28d0d9223d00000068a1c4e553ff69c3ccc61fcb24220144f4f5de3633d3101ccb5b5175fd5daf2006636b
    737b838b939ba3abb3bbc3cbd3dbe3ebf3fb030b131ba6ca7b8be1d37ea6783f74db5bf82309236dfc913010
    0b8667eb5fc4b726b4829ca4b33edd0982069076e924afad5a52444444444444444444444444444444444444
    444444444444000001c0871ae0566a2a60084562eebd4cc638c361637f57c41cd917aedde032e61226d5b181
    242d10d39aab5a3dbd5de41fb19a4d48b519a1fa51cdfcfa7850975b1b84a582e27c3fa2a8096c971cf6aa67
    bd7c16ddd2d061bbb680d07f6a08c6ef5b38e31a5e381b5df0be2f3b6d0977b7e1f3ad2aa79285aa97c7d982
    b76c797acc9f975b99ae163ee933c38d31ef91c642ca7c4cccc1aacc4f1edcae4d3b4b1c48034865b4c4a668
    c481e81ed175ffba807d1cc25076293f21007bace41d62103536ab087e4ca4c9c0a6cab8a76e1a87a93bbaa3
    56d2283323e62ad3c5526091c9f15e5a4b47f5e2af49b1339d469eeda4d8a694f33d2c365e49d2ed2bf7e8a5
    7233d2b4b6d4e090496307c71d67b1701f3410bf84c60b1e2a1cccf73453fd9422b338f9aa15fb0d6a562c58
    d79ff95f0d1d3e63e816efb20c7b6aaaf3e65e9f5b6e88af3c7498362bb7a402564563212ec28de021cf1a8c
    acb5d056374274f9aeea7d342304b312257e5c4ea09de5a4312e953c75606f2b4cdec7274011e1601b4ff615
    fd021bbec3cfb7cdcc6bfba66bdafaed679d9973f4faecc5b760025a0a40e09a039fb39ecb80075b618d9c3a
    d9d54650b768f8d264b1152610a26cf4e3fb52046cd316c5f8f867a621270a7a03fa458880fb480777bdf77a
    7c99346d24aee51c83de9c1d6f8cbcf6de7c65245c626a1e773d30c534fb3316f3ce74705407
  `),
  rosterAdd: hex(`
    48585231010123456789abcdef0123456789abcdef000000025bda30a1dca3bcba524363480a51712c54b6fa
    86d5266f34598c7a977219687800000000000000006818c2035a4faaf0699b3cfb57adc86b0e4ee9bd0ededb
    d9e11becbd673e7d247be6eef6fe060e161e262e363e464e565e666e767e868e969e470b82e3eeda70a06601
    69bda4d674ffc0a1afd4fdd6ddaa02d3b78487ad3aa3c8e2a25551ddc63e235702432ee3e72e444444444444
    444444444444444444444444444444444444000001b7871ae0566a2a60084562eebd4cc669db795a3016911c
    cc1bf581fa6da74177d9b28b26781187c9fc5138eb53e61db1c91d58a002f4fd06c8feaf7846cc5b5490f8d4
    e27f39a4f21c32861cf1ac66bf72468dd7d030bab4d2d77f3d00c7be583eb11a56671758a7bd29373b0f78e2
    baa4f82ea7c586fac1c6de81b46e757bd7d18d0595f14a2ceb21c18c779cd7cd55ce7a0bd4cfe4c35e07d6fc
    55350d01095d093bfdc4b0688e82e44ed428e5b092281e9d5379746c225429fae71c624b3730f70d7d1ea3cb
    92fccceff7374d82aa3bbaa2528b2d3674e12cdb955c66929af45e0d1d46a3e6ef05d47cdd1496b5f7d8e19a
    b23c20300816d2a636e1aff52326dca1e887e0941a3101cb1965e22413374be487960e4f7d11cff26004fd90
    21e03ef8ab40ab5f30537b05d0caa85e584f3837ee41ecbe0e2c3bf4f6b30f9a0a6b83fe3b7b926628e0f759
    574e60752b908bb4719a438eaeb5d258354325afabba7a627503b71d74215a48adccb6a5317c923379673e78
    49dfc0605e51f33c1d13a306fd141bfbc990bf908879f6e03fdcfabc6f9c9e25a6aae8cfb969050e0e46e59f
    0892eb8cd5c7f5aaee30ce8a5dd8d55237917b8f995b409a1fcefbaa3e67b7dad027e0bff999950ba0acdb9d
    9375cf8b3b9dc318b44e5abd3834361a848596567a5cd92c5f8ef6bdbe490f2129158a434e84d0a10d
  `),
  rosterRemove: hex(`
    48585231010123456789abcdef0123456789abcdef000000037fce5cc1ed0e9c948149fc90f83b9f3bd43403
    888c95d87de4a07d811dd237fd00000000000000000044444444444444444444444444444444444444444444
    444400000110871ae0566a2a60084562eebd4cc669db790e674dc641994efadca06dfc1375dae0d8242f4685
    c1f75269e85ae41abe9c4d58a002faf05a99e9a46316931458d0a5b9b42c7cfaf24e74c801e3ba6ced674a9d
    d78234bbe185d77f3e0cc7be5568b6190d631558f4bd2a366c5d76b3eea7f878a6c0d3a390c481d0b1642428
    909b9e0c99fc4a3ae567c1d92aa58a9f41c47d5a93d5fe9c075280ec5e74595749501c65bcd3a82cc588b44e
    d725f4e8d12b4b9a512b7b68700078fdb514671f6737a1052c1ea39897a1c9b0f5674cd7af33eff340c63e74
    28b6778fd2486983c9f508084810a2eeb40c897cda1fc3e6f2cef980a07e7b64184ac9a564e3fafd376ccfd5
    d9c9458bc719069760abba9daed80b441ffa84d1480aaca4abb452ddaf528d84bd20bfaae7fa7916f4717bca
    93ac4fca6ae42033e660648cf45a8a256dc4526c995250cf56e65e6454597210720a
  `),
  bundle: hex(`
    dcf443125a3863215c888b8ea88b4966371dc5817249ce65f6f8c22704a0774b7b838b939ba3abb3bbc3cbd3
    dbe3ebf3fb030b131b232b33e2e9da7f267a0387c1167229a469702b13a72b2b336cd4f211267b2f4a19b18a
    7957023dfddd862e8f89285115a68a71d2d4d0080dd6b1b7b04edb0ea7c08f712d55abf6439cb227b4e6a350
    19544c1b8b939ba3abb3bbc3cbd3dbe3ebf3fb030b131b232b333b43ca38756414bc7860b409baa548ce0a7d
    1d95fbeb5d30c32cb88d488aeaa2053ef25b71063e81ce0ab410a80b0fc9cf8d1eb246e2c23d70b3c12a23d9
    31fd064deb96fc4e828324ac692518d2a19a9a1b030b131b232b333b434b535b636b737b838b939ba3abb3bb
    eee82e2f20b73eeaa790061e946726cab4b4f4a5faa390abfae290b2fad2709b813156d3abf9c4cc28476c31
    301f2a8b7fe28a629174c54e4dbceba2c63ebd1247dd1357c28a2a60d62e0001fba5d51cd3dbe3ebf3fb030b
    131b232b333b434b535b636b737b838b1068b08c790f69d2ff89c3612fbf5551181d34ca3f58268132a7580a
    0b5a8ddfd0c352e9f1cec5d876e5cc6b14f6cbf9
  `),
  pairingCode: "https://relay.example#bqkbyjbmgq6eitcu.kjnge2tspkbiveu2",
  hello: hex(`
    8f979fa7afb7bfc7cfd7dfe7eff7ff070f171f272f373f47b8f60af7fc3b0fad0775a254baedc5ba599f78b4
    8298bc13b5f5db460feb7c0c5cbe554289afdf397d5a7abf7f56a06ec7a15780211e07cfc37b0a22cf2e4803
    f5337b2331d8dbd7e44a3c5639c805a5cd9633bdd4002c3646b596ccb7734cd82ad6cd5279c1db5e52d0ad80
    d5f6f002483fd81e678b67a92070567c516b5cfaf57c011f3207bcfa7b6877532d25e72c05386cf2e408c232
    4cd48c4bf34b6ea0b969ca60844166cbca1f7a63941cafec8493b229eaec7e9f05f2291cd6d9785b8021d909
    58002edd5b26
  `),
  sas: "172 904",
  frames: "000000000000000100000001aa000001000000000000000000",
  failRosterVersion: hex(`
    48585231020123456789abcdef0123456789abcdef000000025bda30a1dca3bcba524363480a51712c54b6fa
    86d5266f34598c7a977219687800000000000000006818c2035a4faaf0699b3cfb57adc86b0e4ee9bd0ededb
    d9e11becbd673e7d247be6eef6fe060e161e262e363e464e565e666e767e868e969e470b82e3eeda70a06601
    69bda4d674ffc0a1afd4fdd6ddaa02d3b78487ad3aa3c8e2a25551ddc63e235702432ee3e72e444444444444
    444444444444444444444444444444444444000001b7871ae0566a2a60084562eebd4cc669db795a3016911c
    cc1bf581fa6da74177d9b28b26781187c9fc5138eb53e61db1c91d58a002f4fd06c8feaf7846cc5b5490f8d4
    e27f39a4f21c32861cf1ac66bf72468dd7d030bab4d2d77f3d00c7be583eb11a56671758a7bd29373b0f78e2
    baa4f82ea7c586fac1c6de81b46e757bd7d18d0595f14a2ceb21c18c779cd7cd55ce7a0bd4cfe4c35e07d6fc
    55350d01095d093bfdc4b0688e82e44ed428e5b092281e9d5379746c225429fae71c624b3730f70d7d1ea3cb
    92fccceff7374d82aa3bbaa2528b2d3674e12cdb955c66929af45e0d1d46a3e6ef05d47cdd1496b5f7d8e19a
    b23c20300816d2a636e1aff52326dca1e887e0941a3101cb1965e22413374be487960e4f7d11cff26004fd90
    21e03ef8ab40ab5f30537b05d0caa85e584f3837ee41ecbe0e2c3bf4f6b30f9a0a6b83fe3b7b926628e0f759
    574e60752b908bb4719a438eaeb5d258354325afabba7a627503b71d74215a48adccb6a5317c923379673e78
    49dfc0605e51f33c1d13a306fd141bfbc990bf908879f6e03fdcfabc6f9c9e25a6aae8cfb969050e0e46e59f
    0892eb8cd5c7f5aaee30ce8a5dd8d55237917b8f995b409a1fcefbaa3e67b7dad027e0bff999950ba0acdb9d
    9375cf8b3b9dc318b44e5abd3834361a848596567a5cd92c5f8ef6bdbe490f2129158a434e84d0a10d
  `),
  failRosterPrev: hex(`
    48585231010123456789abcdef0123456789abcdef000000025bda30a1dca2bcba524363480a51712c54b6fa
    86d5266f34598c7a977219687800000000000000006818c2035a4faaf0699b3cfb57adc86b0e4ee9bd0ededb
    d9e11becbd673e7d247be6eef6fe060e161e262e363e464e565e666e767e868e969e470b82e3eeda70a06601
    69bda4d674ffc0a1afd4fdd6ddaa02d3b78487ad3aa3c8e2a25551ddc63e235702432ee3e72e444444444444
    444444444444444444444444444444444444000001b7871ae0566a2a60084562eebd4cc669db795a3016911c
    cc1bf581fa6da74177d9b28b26781187c9fc5138eb53e61db1c91d58a002f4fd06c8feaf7846cc5b5490f8d4
    e27f39a4f21c32861cf1ac66bf72468dd7d030bab4d2d77f3d00c7be583eb11a56671758a7bd29373b0f78e2
    baa4f82ea7c586fac1c6de81b46e757bd7d18d0595f14a2ceb21c18c779cd7cd55ce7a0bd4cfe4c35e07d6fc
    55350d01095d093bfdc4b0688e82e44ed428e5b092281e9d5379746c225429fae71c624b3730f70d7d1ea3cb
    92fccceff7374d82aa3bbaa2528b2d3674e12cdb955c66929af45e0d1d46a3e6ef05d47cdd1496b5f7d8e19a
    b23c20300816d2a636e1aff52326dca1e887e0941a3101cb1965e22413374be487960e4f7d11cff26004fd90
    21e03ef8ab40ab5f30537b05d0caa85e584f3837ee41ecbe0e2c3bf4f6b30f9a0a6b83fe3b7b926628e0f759
    574e60752b908bb4719a438eaeb5d258354325afabba7a627503b71d74215a48adccb6a5317c923379673e78
    49dfc0605e51f33c1d13a306fd141bfbc990bf908879f6e03fdcfabc6f9c9e25a6aae8cfb969050e0e46e59f
    0892eb8cd5c7f5aaee30ce8a5dd8d55237917b8f995b409a1fcefbaa3e67b7dad027e0bff999950ba0acdb9d
    9375cf8b3b9dc318b44e5abd3834361a848596567a5cd92c5f8ef6bdbe490f2129158a434e84d0a10d
  `),
  failBundleCount: hex(`
    dcf443125a3863215c888b8ea88b4966371dc5817249ce65f6f8c22704a0774b7b838b939ba3abb3bbc3cbd3
    dbe3ebf3fb030b131b232b33e2e9da7f267a0387c1167229a469702b13a72b2b336cd4f211267b2f4a19b18a
    7957023dfddd862e8f89285115a68a71d2d4d0080dd6b1b7b04edb0ea7c08f712d55abf6439cb227b4e6a350
    19544c1b8b939ba3abb3bbc3cbd3dbe3ebf3fb030b131b232b333b43ca38756414bc7860b409baa548ce0a7d
    1d95fbeb5d30c32cb88d488aeaa2053ef25b71063e81ce0ab410a80b0fc9cf8d1eb246e2c23d70b3c12a23d9
    31fd064deb96fc4e828324ac692518d2a19a9a1b030b131b232b333b434b535b636b737b838b939ba3abb3bb
    eee82e2f20b73eeaa790061e946726cab4b4f4a5faa390abfae290b2fad2709b813156d3abf9c4cc28476c31
    301f2a8b
  `),
  failFramesOrder: "0000000000000002000000010100000000000000010000000102",
  failHelloMac: hex(`
    8f979fa7afb7bfc7cfd7dfe7eff7ff070f171f272f373f474dc1010c8c823ff2466a8c4548ece589f5825f14
    a1db91c83af9c8ad243f42ee3c883f877a229501e8e65a5baf3e34cd70ae79288488afac927107ea61c1882d
    64fb4375e6a8696657ef8960ab416c3165bec34bf576825fcb562842e57ba4e7641f4aae96f406b1bd1bcbdf
    62403ad4a1f974432ad3f5e379761cafd2c8bf9117db4f6380543e1a3099664170c379c8df1bd65faf490a00
    3f6800ab9b81db1d1d947162cbaf37b6c22472af0aa0dc925456d7f63d2cd8d432b99144da5d06b293f0274c
    47f24375a687
  `),
};

const bytes = (name: keyof typeof V) => hexToBytes(V[name]);
const peer = {
  ed25519: new Uint8Array(32).fill(1),
  x25519: x25519PublicKeyOf(T.X_B),
  name: "desktop",
};

Deno.test("T6: a roster seals to the frozen bytes and the frozen roster verifies", () => {
  deepEqual(T.sampleRoster().map(toHex), [V.rosterGenesis, V.rosterAdd, V.rosterRemove]);
  const state = verifyRosterChain(
    [bytes("rosterGenesis"), bytes("rosterAdd"), bytes("rosterRemove")],
    T.STRAND,
    T.keysFor,
  );
  deepEqual(state.devices, [T.rosterDevice(T.DEVICE_B_SECRET, T.X_B, "desktop")]);
});

Deno.test("T6: a key bundle wraps to the frozen bytes and each recipient opens it", () => {
  const recipients = [T.X_A, T.X_B, new Uint8Array(32).fill(0x88)].map(x25519PublicKeyOf);
  equal(toHex(wrapBundle(T.SECRET_1, recipients, T.counterRandom(9))), V.bundle);
  equal(bytes("bundle").length, 4 * 104);
  deepEqual(openBundle(bytes("bundle"), T.X_A), T.SECRET_1);
  deepEqual(openBundle(bytes("bundle"), T.X_B), T.SECRET_1);
});

Deno.test("T6: pairing code, hello, short authentication string and frames", () => {
  const pairing = makePairingCode("https://relay.example", T.counterRandom(4));
  equal(pairing.code, V.pairingCode);
  deepEqual(parsePairingCode(V.pairingCode), pairing.parsed);
  equal(toHex(encodeHello(peer, pairing.parsed, T.counterRandom(5))), V.hello);
  deepEqual(openHello(bytes("hello"), pairing.parsed), peer);
  const inviter = { ed25519: new Uint8Array(32).fill(2), x25519: x25519PublicKeyOf(T.X_A) };
  equal(shortAuthString(pairing.parsed.secret, inviter, peer), V.sas);
  const frames = [{ seq: 1, bytes: Uint8Array.of(0xaa) }, {
    seq: 2 ** 40,
    bytes: new Uint8Array(0),
  }];
  equal(toHex(encodeFrames(frames)), V.frames);
  deepEqual(parseFrames(bytes("frames")), frames);
});

Deno.test("T6: must-fail roster, bundle, frame and pairing vectors keep failing with their codes", () => {
  const code = (c: string) => (e: unknown) => isHelixError(e, c as never);
  throws(() => readRosterOuter(bytes("failRosterVersion")), code("unsupported_version"));
  throws(
    () => verifyRosterChain([bytes("rosterGenesis"), bytes("failRosterPrev")], T.STRAND, T.keysFor),
    code("tampered"),
  );
  throws(() => openBundle(bytes("failBundleCount"), T.X_A), code("corrupt"));
  throws(() => parseFrames(bytes("failFramesOrder")), code("corrupt"));
  const pairing = parsePairingCode(V.pairingCode);
  throws(() => openHello(bytes("failHelloMac"), pairing), code("tampered"));
});
