/**
 * T7 (key commitment, R10) through the real relay, in process and as a relay process: a member
 * who holds two epochs' keys (the team's admin, after a rotation) forges a delta whose
 * ciphertext authenticates under both (the multi-key collision of
 * `fixtures/poly1305_collision.ts`), names the other epoch in its header, and signs it with that
 * epoch's write key; the relay is made to store it. Every other member refuses it on the key
 * commitment, before any decryption (`decrypt_failed`), sets it aside and applies nothing of it.
 * The codec-level proof is `core/sync/wire/tamper_test.ts`.
 */
import { equal, ok } from "node:assert/strict";
import { isHelixError } from "@helix/core";
import { DELTA_HEADER_LENGTH, openDelta, readDeltaHeader } from "@helix/core/wire";
import { aeadOpen } from "../core/crypto/aead.ts";
import { concatBytes } from "../core/sync/wire/reader.ts";
import { signMessage } from "../core/crypto/ed25519.ts";
import { DELTA_COMMIT_OFFSET, deltaWriteMessage } from "../core/sync/wire/delta_header.ts";
import { VIAS } from "./fixtures/adversary_world.ts";
import { collideTag } from "./fixtures/poly1305_collision.ts";
import { heldKeys, teamWorld } from "./fixtures/team_world.ts";

const hex = (bytes: Uint8Array) =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
const deltaIdOf = async (bytes: Uint8Array) =>
  hex(new Uint8Array(await crypto.subtle.digest("SHA-256", bytes.slice())));

for (const via of VIAS) {
  Deno.test(`T7 key commitment (${via}): a ciphertext that opens under two epoch keys is refused before decryption`, async () => {
    const w = await teamWorld(via);
    try {
      const { ada, bo, relay, strandId } = w;
      await ada.teamRemove("cy", { relay });
      await ada.write({ content: "Releases are cut on Thursdays." });
      await ada.sync({ relay });
      await bo.sync({ relay });

      // ada holds both epochs' keys; her last delta is sealed under epoch 1.
      const adaKeys = await w.keys("ada");
      const roster = (await relay.roster(strandId, 0)).map((r) => r.bytes);
      const held = heldKeys(roster, strandId, adaKeys.exchange.secretKey);
      const [keys0, keys1] = [held.get(0)!, held.get(1)!];
      const served = (await relay.pull(strandId, 0, 100)).records;
      const genuine = served.map((r) => r.bytes).findLast((b) => readDeltaHeader(b).epoch === 1)!;
      ok(genuine, "a delta under epoch 1");

      // The same envelope, its header naming epoch 0 (commit kept: it binds epoch 1's key),
      // the ciphertext reworked to authenticate under both epochs' keys, signed for epoch 0.
      const header = genuine.slice(0, DELTA_HEADER_LENGTH);
      new DataView(header.buffer, header.byteOffset).setUint32(4 + 1 + 16, 0);
      const nonce = header.subarray(DELTA_COMMIT_OFFSET - 24, DELTA_COMMIT_OFFSET);
      const sealed = genuine.subarray(DELTA_HEADER_LENGTH, genuine.length - 64);
      const collided = collideTag({
        sealed,
        aad: header,
        nonce,
        key1: keys1.enc,
        key2: keys0.enc,
        from: 0,
        to: sealed.length - 16,
      });
      ok(collided !== null, "no collision found");
      ok(aeadOpen(keys0.enc, nonce, header, collided) !== null, "opens under epoch 0's key");
      ok(aeadOpen(keys1.enc, nonce, header, collided) !== null, "and under epoch 1's");
      const signed = concatBytes(header, collided);
      const forged = concatBytes(signed, signMessage(deltaWriteMessage(signed), keys0.writeSeed));
      try {
        openDelta(forged, (e) => held.get(e), strandId);
        ok(false, "the forged delta opened");
      } catch (error) {
        ok(isHelixError(error, "decrypt_failed"), String(error));
      }

      // The relay stores it (it refuses epoch-0 writes since the rotation; a colluding one
      // writes its database directly), and bo pulls it.
      const storage = w.storage();
      const stored = await storage.appendDelta(
        strandId,
        {
          deltaId: await deltaIdOf(forged),
          epoch: 1, // what a colluding relay files it under, whatever its header says
          bytes: forged,
          day: Math.floor(w.clock.now() / 86_400_000),
        },
        1 << 30,
      );
      equal(stored.kind, "stored", JSON.stringify(stored));
      const before = bo.syncStatus().quarantined;
      const applied = bo.syncStatus().applied;
      await bo.sync({ relay });
      const status = bo.syncStatus();
      equal(status.quarantined, before + 1, "set aside");
      equal(status.applied, applied, "nothing applied");
      ok(
        status.quarantine.some((q) => /key commitment does not match/.test(q.reason)),
        JSON.stringify(status.quarantine),
      );
    } finally {
      await w.close();
    }
  });
}
