/**
 * A fixed team roster for the wire tests, vectors and the fuzzer: every team op once, with
 * fixed keys and nonces (so fixed bytes).
 *
 * @module
 */
import { x25519PublicKeyOf } from "../../crypto/x25519.ts";
import {
  counterRandom,
  DEVICE_B_SECRET,
  DEVICE_SECRET,
  KEYS_0,
  KEYS_1,
  NONCE,
  rosterDevice,
  SECRET_0,
  SECRET_1,
  STRAND,
  X_A,
  X_B,
} from "./_testing.ts";
import { wrapBundle } from "./bundle.ts";
import { deriveEpochKeys, type EpochKeys } from "./epoch.ts";
import { toHex } from "./ids.ts";
import { sealRosterEntry } from "./roster_entry.ts";
import type { RosterOp } from "./roster_ops.ts";
import { rosterEntryHash } from "./roster_outer.ts";

/** A third device's signing and X25519 secrets. */
export const DEVICE_C_SECRET: Uint8Array = new Uint8Array(32).fill(0x99);
/** Device C's X25519 secret. */
export const X_C: Uint8Array = new Uint8Array(32).fill(0xaa);
/** The epoch-2 secret and keys. */
export const SECRET_2: Uint8Array = new Uint8Array(32).fill(0x23);
/** Keys of epoch 2. */
export const KEYS_2: EpochKeys = deriveEpochKeys(SECRET_2, STRAND);

/** Keys of epochs 0–2. */
export function teamKeysFor(epoch: number): EpochKeys | undefined {
  return [KEYS_0, KEYS_1, KEYS_2][epoch];
}

/** Device A ("laptop", member "ada"), B ("desktop", "bo") and C ("tablet", "cy"). */
export const TEAM_A = rosterDevice(DEVICE_SECRET, X_A, "laptop");
/** Device B. */
export const TEAM_B = rosterDevice(DEVICE_B_SECRET, X_B, "desktop");
/** Device C. */
export const TEAM_C = rosterDevice(DEVICE_C_SECRET, X_C, "tablet");

const SIGNERS = [DEVICE_SECRET, DEVICE_B_SECRET, DEVICE_C_SECRET];
const SECRETS = [SECRET_0, SECRET_1, SECRET_2];

/** One step of a sample roster: the op, its signer (0 A, 1 B, 2 C) and the bundle's recipients. */
export interface TeamStep {
  readonly op: RosterOp;
  readonly signer: 0 | 1 | 2;
  /** Opens epoch + 1 with a bundle for these X25519 secrets. */
  readonly rotateFor?: readonly Uint8Array[];
  /** A bundle in the current epoch for these X25519 secrets. */
  readonly bundleFor?: readonly Uint8Array[];
}

/** The entries of `steps` after a `create_team` by A (epoch 0). */
export function teamRoster(steps: readonly TeamStep[]): Uint8Array[] {
  const genesis = sealRosterEntry({
    strandId: STRAND,
    seq: 1,
    prev: "",
    epoch: 0,
    keys: KEYS_0,
    bundle: wrapBundle(SECRET_0, [x25519PublicKeyOf(X_A)], counterRandom(11)),
    op: {
      kind: "create_team",
      team: "acme",
      member: TEAM_A.device,
      name: "ada",
      devices: [TEAM_A],
    },
    signerSecretKey: DEVICE_SECRET,
    nonce: NONCE,
  });
  const out = [genesis];
  let epoch = 0;
  steps.forEach((step, i) => {
    const rotates = step.rotateFor !== undefined;
    const next = rotates ? epoch + 1 : epoch;
    const recipients = step.rotateFor ?? step.bundleFor;
    const bundle = recipients === undefined
      ? undefined
      : wrapBundle(SECRETS[next]!, recipients.map(x25519PublicKeyOf), counterRandom(12 + i));
    out.push(sealRosterEntry({
      strandId: STRAND,
      seq: i + 2,
      prev: rosterEntryHash(out[out.length - 1]!),
      epoch: next,
      keys: teamKeysFor(next)!,
      writeKeys: teamKeysFor(epoch)!,
      newEpoch: rotates,
      ...(bundle ? { bundle } : {}),
      op: step.op,
      signerSecretKey: SIGNERS[step.signer]!,
      nonce: NONCE,
    }));
    epoch = next;
  });
  return out;
}

/**
 * A seven-entry team roster: A creates team "acme"; A adds B as a member; A makes B an
 * admin; B adds C; A removes C (epoch 1, for A and B); B leaves; A rotates (epoch 2, for A).
 */
export function sampleTeamRoster(): Uint8Array[] {
  return teamRoster([
    {
      op: { kind: "add_member", member: TEAM_B.device, name: "bo", role: "member", device: TEAM_B },
      signer: 0,
      bundleFor: [X_B],
    },
    { op: { kind: "set_role", member: TEAM_B.device, role: "admin" }, signer: 0 },
    {
      op: { kind: "add_member", member: TEAM_C.device, name: "cy", role: "member", device: TEAM_C },
      signer: 1,
      bundleFor: [X_C],
    },
    {
      op: { kind: "remove_member", member: TEAM_C.device, previous: toHex(SECRET_0) },
      signer: 0,
      rotateFor: [X_A, X_B],
    },
    { op: { kind: "leave" }, signer: 1 },
    { op: { kind: "rotate", previous: toHex(SECRET_1) }, signer: 0, rotateFor: [X_A] },
  ]);
}
