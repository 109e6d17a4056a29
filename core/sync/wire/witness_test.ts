import { deepEqual, equal, throws } from "node:assert/strict";
import { isHelixError } from "../../errors.ts";
import { DEVICE_ID, DEVICE_PUBLIC, DEVICE_SECRET, STRAND } from "./_testing.ts";
import { encodeLogHead, signLogHead } from "./log_head.ts";
import {
  openWitness,
  parseWitness,
  sealWitness,
  WITNESS_LENGTH,
  witnessId,
  witnessSlot,
} from "./witness.ts";

const relaySecret = new Uint8Array(32).fill(9);
const head = signLogHead(
  { strandId: STRAND, size: 12, root: new Uint8Array(32).fill(4) },
  relaySecret,
);
const statement = sealWitness(DEVICE_ID, head, DEVICE_SECRET);

const fails = (code: string, fn: () => unknown) =>
  throws(fn, (e) => isHelixError(e, code as never));

Deno.test("a witness statement opens under its device and carries the head it signed", () => {
  equal(statement.length, WITNESS_LENGTH);
  const opened = openWitness(statement, DEVICE_ID, DEVICE_PUBLIC);
  deepEqual(encodeLogHead(opened.head), encodeLogHead(head));
});

Deno.test("a witness statement holds no device id: the signature binds it", () => {
  const text = Array.from(statement, (b) => b.toString(16).padStart(2, "0")).join("");
  equal(text.includes(DEVICE_ID), false);
  const other = "ab".repeat(16);
  fails("bad_signature", () => openWitness(statement, other, DEVICE_PUBLIC));
});

Deno.test("an altered, truncated or foreign statement is refused with a typed error", () => {
  for (let i = 0; i < statement.length; i += 17) {
    const altered = statement.slice();
    altered[i]! ^= 1;
    throws(() => openWitness(altered, DEVICE_ID, DEVICE_PUBLIC), (e) => isHelixError(e));
  }
  fails("corrupt", () => parseWitness(statement.subarray(0, statement.length - 1)));
  fails("corrupt", () => parseWitness(new Uint8Array([...statement, 0])));
  const future = statement.slice();
  future[4] = 2;
  fails("unsupported_version", () => parseWitness(future));
});

Deno.test("witness ids and slots are hashes that name neither strand nor device", () => {
  equal(witnessId(STRAND).length, 64);
  equal(witnessSlot(STRAND, DEVICE_ID).length, 32);
  equal(witnessId(STRAND).includes(STRAND), false);
  equal(witnessSlot(STRAND, DEVICE_ID) === witnessSlot(STRAND, "ab".repeat(16)), false);
});
