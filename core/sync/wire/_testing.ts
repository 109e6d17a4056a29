/**
 * Fixed keys, bodies and sealed deltas for the wire tests, vectors and the fuzzer.
 *
 * @module
 */
import { keyFingerprint, publicKeyOf } from "../../crypto/ed25519.ts";
import type { Op } from "../../ops/kinds.ts";
import type { ChangeBody } from "./change.ts";
import { sealDelta } from "./delta.ts";
import { deriveEpochKeys, type EpochKeys } from "./epoch.ts";
import { opFromWire } from "./wire_ops.ts";
import { x25519PublicKeyOf } from "../../crypto/x25519.ts";
import { wrapBundle } from "./bundle.ts";
import { sealRosterEntry } from "./roster_entry.ts";
import type { RosterDevice } from "./roster_ops.ts";
import { rosterEntryHash } from "./roster_outer.ts";
import { aeadSeal } from "../../crypto/aead.ts";
import { signMessage } from "../../crypto/ed25519.ts";
import { hmacSha256 } from "../../crypto/sha256.ts";
import { DELTA_COMMIT_OFFSET, DELTA_MAGIC, deltaWriteMessage } from "./delta_header.ts";
import { fromHex, toHex } from "./ids.ts";
import { concatBytes, u32Bytes } from "./reader.ts";

/** A fixed strand id. */
export const STRAND = "0123456789abcdef0123456789abcdef";
/** Another strand id. */
export const OTHER_STRAND = "fedcba9876543210fedcba9876543210";
/** A fixed epoch secret (epoch 0) and the next one. */
export const SECRET_0: Uint8Array = new Uint8Array(32).fill(0x11);
/** The epoch-1 secret. */
export const SECRET_1: Uint8Array = new Uint8Array(32).fill(0x22);
/** Keys of epoch 0 and 1 of {@linkcode STRAND}. */
export const KEYS_0: EpochKeys = deriveEpochKeys(SECRET_0, STRAND);
/** Keys of epoch 1. */
export const KEYS_1: EpochKeys = deriveEpochKeys(SECRET_1, STRAND);
/** A device signing secret (Ed25519 seed) and its public key and id. */
export const DEVICE_SECRET: Uint8Array = new Uint8Array(32).fill(0x33);
/** Its public key. */
export const DEVICE_PUBLIC: Uint8Array = publicKeyOf(DEVICE_SECRET);
/** Its device id. */
export const DEVICE_ID: string = keyFingerprint(DEVICE_PUBLIC);
/** A fixed nonce. */
export const NONCE: Uint8Array = new Uint8Array(24).fill(0x44);

/** A live op (memory.forget) at `seq`. */
export function sampleOp(seq: number, device = DEVICE_ID): Op {
  const op = opFromWire({
    device,
    hlc: `0000000000${String(1000 + seq).padStart(5, "0")}-00000`,
    kind: "memory.forget",
    payload: { id: `mem_x_${seq}`, parents: [] },
    seq,
    v: 1,
  }, "op");
  if (op === null || typeof op === "string") throw new Error(String(op));
  return op;
}

/** A change body with `count` ops. */
export function sampleBody(count = 2, overrides: Partial<ChangeBody> = {}): ChangeBody {
  return {
    author: DEVICE_ID,
    authorSeq: 1,
    prev: null,
    deps: [],
    rosterHead: "ab".repeat(32),
    hlc: "000000000002000-00001",
    ops: Array.from({ length: count }, (_, i) => sampleOp(i + 1)),
    ...overrides,
  };
}

/** Keys by epoch for {@linkcode openDelta}. */
export function keysFor(epoch: number): EpochKeys | undefined {
  return epoch === 0 ? KEYS_0 : epoch === 1 ? KEYS_1 : undefined;
}

/** A sealed sample delta (fixed nonce, so fixed bytes). */
export function sampleDelta(count = 2, epoch = 0): Uint8Array {
  return sealDelta({
    strandId: STRAND,
    epoch,
    keys: epoch === 0 ? KEYS_0 : KEYS_1,
    body: sampleBody(count),
    deviceSecretKey: DEVICE_SECRET,
    nonce: NONCE,
  }).bytes;
}

/** A second device's signing secret. */
export const DEVICE_B_SECRET: Uint8Array = new Uint8Array(32).fill(0x55);
/** X25519 secrets of device A and B. */
export const X_A: Uint8Array = new Uint8Array(32).fill(0x66);
/** Device B's X25519 secret. */
export const X_B: Uint8Array = new Uint8Array(32).fill(0x77);

/** The roster record of a device. */
export function rosterDevice(secret: Uint8Array, xSecret: Uint8Array, name: string): RosterDevice {
  const publicKey = publicKeyOf(secret);
  return {
    device: keyFingerprint(publicKey),
    ed25519: toHex(publicKey),
    x25519: toHex(x25519PublicKeyOf(xSecret)),
    name,
  };
}

/** A deterministic byte source for known-answer vectors. */
export function counterRandom(seed: number): (length: number) => Uint8Array {
  let counter = 0;
  return (length) => {
    const out = new Uint8Array(length);
    for (let i = 0; i < length; i++) out[i] = (seed * 131 + counter++ * 7 + i) & 0xff;
    return out;
  };
}

/** A three-entry roster: A creates, A adds B (with a bundle for B), B removes A. */
export function sampleRoster(): Uint8Array[] {
  const a = rosterDevice(DEVICE_SECRET, X_A, "laptop");
  const b = rosterDevice(DEVICE_B_SECRET, X_B, "desktop");
  const genesis = sealRosterEntry({
    strandId: STRAND,
    seq: 1,
    prev: "",
    epoch: 0,
    keys: KEYS_0,
    bundle: wrapBundle(SECRET_0, [x25519PublicKeyOf(X_A)], counterRandom(1)),
    op: { kind: "create", devices: [a] },
    signerSecretKey: DEVICE_SECRET,
    nonce: NONCE,
  });
  const add = sealRosterEntry({
    strandId: STRAND,
    seq: 2,
    prev: rosterEntryHash(genesis),
    epoch: 0,
    keys: KEYS_0,
    bundle: wrapBundle(SECRET_0, [x25519PublicKeyOf(X_B)], counterRandom(2)),
    op: { kind: "add_device", ...b },
    signerSecretKey: DEVICE_SECRET,
    nonce: NONCE,
  });
  const remove = sealRosterEntry({
    strandId: STRAND,
    seq: 3,
    prev: rosterEntryHash(add),
    epoch: 0,
    keys: KEYS_0,
    op: { kind: "remove_device", device: a.device },
    signerSecretKey: DEVICE_B_SECRET,
    nonce: NONCE,
  });
  return [genesis, add, remove];
}

/**
 * An envelope around an arbitrary `plaintext`, correctly committed, sealed and write-signed
 * under epoch-0 keys: for vectors that must fail inside the ciphertext.
 */
export function craftDelta(plaintext: Uint8Array, version = 1): Uint8Array {
  const header = concatBytes(
    DELTA_MAGIC,
    Uint8Array.of(version),
    fromHex(STRAND),
    u32Bytes(0),
    NONCE,
    new Uint8Array(32),
    u32Bytes(plaintext.length + 16),
  );
  const committed = concatBytes(
    header.subarray(0, DELTA_COMMIT_OFFSET),
    header.subarray(DELTA_COMMIT_OFFSET + 32),
  );
  header.set(hmacSha256(KEYS_0.commit, committed), DELTA_COMMIT_OFFSET);
  const signed = concatBytes(header, aeadSeal(KEYS_0.enc, NONCE, header, plaintext));
  return concatBytes(signed, signMessage(deltaWriteMessage(signed), KEYS_0.writeSeed));
}

/** `u32 len ‖ body ‖ sig ‖ padding` with the given pieces, unpadded unless `total` is given. */
export function innerPlaintext(
  body: Uint8Array,
  options: { length?: number; total?: number; fill?: number } = {},
): Uint8Array {
  const total = options.total ?? 4 + body.length + 64;
  const out = new Uint8Array(total).fill(options.fill ?? 0);
  out.set(u32Bytes(options.length ?? body.length), 0);
  out.set(body, 4);
  out.set(new Uint8Array(64), 4 + body.length);
  return out;
}
