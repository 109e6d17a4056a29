import { deepEqual, equal, ok, throws } from "node:assert/strict";
import { isHelixError } from "../../errors.ts";
import {
  DEVICE_B_SECRET,
  DEVICE_SECRET,
  KEYS_0,
  KEYS_1,
  keysFor,
  NONCE,
  OTHER_STRAND,
  rosterDevice,
  sampleRoster,
  SECRET_0,
  STRAND,
  X_A,
  X_B,
} from "./_testing.ts";
import { openBundle } from "./bundle.ts";
import { openRosterEntry, sealRosterEntry } from "./roster_entry.ts";
import { applyRosterEntry, verifyRosterChain } from "./roster_chain.ts";
import {
  GENESIS_PREV,
  readRosterOuter,
  rosterEntryHash,
  verifyRosterWrite,
} from "./roster_outer.ts";

const code = (c: string) => (e: unknown) => isHelixError(e, c as never);
const a = rosterDevice(DEVICE_SECRET, X_A, "laptop");
const b = rosterDevice(DEVICE_B_SECRET, X_B, "desktop");

Deno.test("readRosterOuter() shows the relay the chain fields, the wpk and the bundle", () => {
  const [genesis, add] = sampleRoster();
  const outer = readRosterOuter(genesis!);
  equal(outer.strandId, STRAND);
  equal(outer.seq, 1);
  equal(outer.prev, GENESIS_PREV);
  equal(outer.epoch, 0);
  deepEqual(outer.wpk, KEYS_0.writePublic);
  equal(outer.bundle.length, 104);
  const next = readRosterOuter(add!);
  equal(next.seq, 2);
  equal(next.prev, rosterEntryHash(genesis!));
  equal(next.wpk, null);
  ok(verifyRosterWrite(genesis!, null));
  ok(verifyRosterWrite(add!, KEYS_0.writePublic));
  ok(!verifyRosterWrite(add!, KEYS_1.writePublic));
});

Deno.test("verifyRosterChain() follows create, add_device and remove_device", () => {
  const entries = sampleRoster();
  const state = verifyRosterChain(entries, STRAND, keysFor);
  equal(state.seq, 3);
  equal(state.head, rosterEntryHash(entries[2]!));
  deepEqual(state.devices, [b]);
  deepEqual(state.removed, [a.device]);
  equal(state.epoch, 0);
  deepEqual(state.writePublic, KEYS_0.writePublic);
  deepEqual(openBundle(state.bundles[1]!.bundle, X_B), SECRET_0);
  throws(() => openBundle(state.bundles[1]!.bundle, X_A), code("decrypt_failed"));
});

Deno.test("a new device reads its stanza from the outer bundle before it can verify the roster", () => {
  const [, add] = sampleRoster();
  deepEqual(openBundle(readRosterOuter(add!).bundle, X_B), SECRET_0);
});

Deno.test("verifyRosterChain() refuses reordered, missing, foreign and unkeyed entries", () => {
  const [genesis, add, remove] = sampleRoster();
  throws(() => verifyRosterChain([add!, genesis!], STRAND, keysFor), code("tampered"));
  throws(() => verifyRosterChain([genesis!, remove!], STRAND, keysFor), code("tampered"));
  throws(() => verifyRosterChain([genesis!], OTHER_STRAND, keysFor), code("tampered"));
  throws(() => verifyRosterChain([genesis!], STRAND, () => undefined), code("decrypt_failed"));
  throws(() => verifyRosterChain([genesis!], STRAND, () => KEYS_1), code("decrypt_failed"));
  throws(() => verifyRosterChain([], STRAND, keysFor), code("corrupt"));
});

Deno.test("an entry signed by a device outside the roster is unauthorized", () => {
  const [genesis] = sampleRoster();
  const state = applyRosterEntry(null, genesis!, STRAND, keysFor);
  const forged = sealRosterEntry({
    strandId: STRAND,
    seq: 2,
    prev: state.head,
    epoch: 0,
    keys: KEYS_0,
    op: { kind: "add_device", ...b },
    signerSecretKey: DEVICE_B_SECRET,
  });
  throws(() => applyRosterEntry(state, forged, STRAND, keysFor), code("unauthorized"));
  const readd = sealRosterEntry({
    strandId: STRAND,
    seq: 2,
    prev: state.head,
    epoch: 0,
    keys: KEYS_0,
    op: { kind: "add_device", ...a },
    signerSecretKey: DEVICE_SECRET,
  });
  throws(() => applyRosterEntry(state, readd, STRAND, keysFor), code("unauthorized"));
  const last = sealRosterEntry({
    strandId: STRAND,
    seq: 2,
    prev: state.head,
    epoch: 0,
    keys: KEYS_0,
    op: { kind: "remove_device", device: a.device },
    signerSecretKey: DEVICE_SECRET,
  });
  throws(() => applyRosterEntry(state, last, STRAND, keysFor), code("unauthorized"));
});

Deno.test("a roster write signed by another epoch's key fails the relay check and the client's", () => {
  const [genesis] = sampleRoster();
  const state = applyRosterEntry(null, genesis!, STRAND, keysFor);
  const wrong = sealRosterEntry({
    strandId: STRAND,
    seq: 2,
    prev: state.head,
    epoch: 0,
    keys: KEYS_0,
    writeKeys: KEYS_1,
    op: { kind: "add_device", ...b },
    signerSecretKey: DEVICE_SECRET,
    nonce: NONCE,
  });
  ok(!verifyRosterWrite(wrong, state.writePublic));
  throws(() => applyRosterEntry(state, wrong, STRAND, keysFor), code("bad_signature"));
});

Deno.test("openRosterEntry() returns the op and signer", () => {
  const [genesis] = sampleRoster();
  const entry = openRosterEntry(genesis!, KEYS_0, STRAND);
  deepEqual(entry.op, { kind: "create", devices: [a] });
  equal(entry.signer, a.device);
  throws(() => openRosterEntry(genesis!, KEYS_1, STRAND), code("decrypt_failed"));
});
