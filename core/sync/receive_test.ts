/**
 * What `judge` does with one delta (R20, R24): apply it when its author is in the roster,
 * signed it, cites a known roster head and follows its chain; park it when a predecessor is
 * missing; set it aside when a check fails, and never twice apply the same change.
 */
import { deepEqual, equal } from "node:assert/strict";
import { bytesToHex } from "../crypto/_noble.ts";
import { publicKeyOf } from "../crypto/ed25519.ts";
import { type AppliedView, AWAITS_VOUCH, judge, type RosterView } from "./receive.ts";
import { sealDelta } from "./wire/delta.ts";
import type { ChangeBody } from "./wire/change.ts";
import {
  DEVICE_B_SECRET,
  DEVICE_ID,
  DEVICE_PUBLIC,
  DEVICE_SECRET,
  KEYS_0,
  keysFor,
  sampleBody,
  STRAND,
} from "./wire/_testing.ts";
import { keyFingerprint } from "../crypto/ed25519.ts";

const HEAD = "ab".repeat(32);
const roster: RosterView = {
  strandId: STRAND,
  seq: 1,
  head: HEAD,
  epoch: 0,
  writePublic: KEYS_0.writePublic,
  devices: [{
    device: DEVICE_ID,
    ed25519: bytesToHex(DEVICE_PUBLIC),
    x25519: "cd".repeat(32),
    name: "a",
  }],
  removed: [],
  former: [],
  kind: "personal",
  team: null,
  members: [{ member: DEVICE_ID, name: "owner", role: "admin", devices: [DEVICE_ID] }],
  gone: [],
  relayKey: null,
  rotationPending: false,
  bundles: [],
  heads: [HEAD],
};
const keyring = { keysFor, epoch: 0 };
const nothing: AppliedView = {
  isApplied: () => false,
  chain: () => null,
  vouched: () => false,
};

function seal(body: ChangeBody, secret = DEVICE_SECRET) {
  return sealDelta({ strandId: STRAND, epoch: 0, keys: KEYS_0, body, deviceSecretKey: secret });
}

Deno.test("a delta from a device of the roster, first in its chain, applies", () => {
  equal(judge(seal(sampleBody()).bytes, STRAND, keyring, roster, nothing).kind, "apply");
});

Deno.test("a delta by a device outside the roster is set aside", () => {
  const stranger = keyFingerprint(publicKeyOf(DEVICE_B_SECRET));
  const verdict = judge(
    seal(sampleBody(2, { author: stranger }), DEVICE_B_SECRET).bytes,
    STRAND,
    keyring,
    roster,
    nothing,
  );
  equal(verdict.kind, "quarantine");
  equal(verdict.kind === "quarantine" && /not a device of the roster/.test(verdict.reason), true);
});

Deno.test("a delta claiming a roster member but signed by another key is set aside", () => {
  const verdict = judge(
    seal(sampleBody(), DEVICE_B_SECRET).bytes,
    STRAND,
    keyring,
    roster,
    nothing,
  );
  equal(verdict.kind === "quarantine" && /signature/.test(verdict.reason), true);
});

Deno.test("a delta citing a roster head this device does not know is set aside", () => {
  const verdict = judge(
    seal(sampleBody(2, { rosterHead: "ef".repeat(32) })).bytes,
    STRAND,
    keyring,
    roster,
    nothing,
  );
  equal(verdict.kind === "quarantine" && /roster head/.test(verdict.reason), true);
});

Deno.test("a later change waits for its predecessor; an applied one is a duplicate; a second change at a used position is a fork", () => {
  const first = seal(sampleBody());
  const second = seal(sampleBody(1, { authorSeq: 2, prev: first.changeId }));
  const parked = judge(second.bytes, STRAND, keyring, roster, nothing);
  equal(parked.kind, "park");
  deepEqual(parked.kind === "park" && parked.missing, [`${DEVICE_ID}:1`]);
  const afterFirst: AppliedView = {
    isApplied: (id) => id === first.changeId,
    chain: () => ({ maxSeq: 1, head: first.changeId }),
    vouched: () => false,
  };
  equal(judge(first.bytes, STRAND, keyring, roster, afterFirst).kind, "duplicate");
  equal(judge(second.bytes, STRAND, keyring, roster, afterFirst).kind, "apply");
  const rival = seal(sampleBody(3));
  const fork = judge(rival.bytes, STRAND, keyring, roster, afterFirst);
  equal(fork.kind === "quarantine" && /forked device/.test(fork.reason), true);
});

/** The roster after B (which had written before) was removed at entry 2. */
const REMOVAL = "cd".repeat(32);
const afterRemoval: RosterView = {
  ...roster,
  seq: 2,
  head: REMOVAL,
  removed: [keyFingerprint(publicKeyOf(DEVICE_B_SECRET))],
  former: [{
    device: keyFingerprint(publicKeyOf(DEVICE_B_SECRET)),
    ed25519: bytesToHex(publicKeyOf(DEVICE_B_SECRET)),
    x25519: "ef".repeat(32),
    name: "b",
    removedAt: 2,
  }],
  heads: [HEAD, REMOVAL],
};
const removedId = keyFingerprint(publicKeyOf(DEVICE_B_SECRET));

Deno.test("R29: a removed device's change from before its removal waits for a vouch, then applies", () => {
  const before = seal(sampleBody(1, { author: removedId }), DEVICE_B_SECRET);
  const waiting = judge(before.bytes, STRAND, keyring, afterRemoval, nothing);
  equal(waiting.kind, "park");
  deepEqual(waiting.kind === "park" && waiting.missing, [AWAITS_VOUCH]);
  const vouched: AppliedView = { ...nothing, vouched: (id) => id === before.changeId };
  equal(judge(before.bytes, STRAND, keyring, afterRemoval, vouched).kind, "apply");
});

Deno.test("R29: a removed device's change citing the roster at or after its removal is set aside, vouched or not", () => {
  const backdated = seal(
    sampleBody(1, { author: removedId, rosterHead: REMOVAL }),
    DEVICE_B_SECRET,
  );
  const vouched: AppliedView = { ...nothing, vouched: () => true };
  const verdict = judge(backdated.bytes, STRAND, keyring, afterRemoval, vouched);
  equal(verdict.kind === "quarantine" && /removed from the roster/.test(verdict.reason), true);
});
