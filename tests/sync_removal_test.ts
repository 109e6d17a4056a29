/**
 * T8 (device membership and rotation, R8, R14, R29) through the real relay, in process and as a
 * relay process: removing a device opens a new epoch whose key only the remaining devices get.
 * The removed device, keeping every old key, cannot read what follows, the relay refuses its
 * writes, and the remaining devices re-seal what they had not pushed; a device that joins after
 * the rotation still reads the history before it; two removals at once: one compare-and-swap
 * fails and the other stands.
 */
import { equal, ok, rejects, throws } from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { join } from "node:path";
import {
  isHelixError,
  loadDeviceKeys,
  openBundle,
  readDeltaHeader,
  readRosterOuter,
} from "@helix/core";
import { openDevice, pairOn, VIAS, world } from "./fixtures/adversary_world.ts";

for (const via of VIAS) {
  Deno.test(`T8 removal (${via}): the removed device can neither read nor write what follows; the rest carry on`, async () => {
    const w = await world(via);
    const c = await openDevice(w.dir, "c", w.clock);
    try {
      const { a, b, relay } = w;
      await pairOn(a, c, relay);
      await c.write({ content: "The CI box caches node_modules between runs." });
      await c.sync({ relay });
      await b.sync({ relay });
      await a.sync({ relay });
      const strandId = a.syncStatus().strandId!;

      const removal = await a.syncRemoveDevice("c", { relay });
      equal(removal.removed.name, "c");
      equal(removal.epoch, 1);
      equal(removal.remaining, 2);
      equal(a.syncStatus().epoch, 1);
      equal(a.syncStatus().devices?.length, 2);

      // B adopts the new epoch and seals under it, including what it had not pushed.
      await b.write({ content: "The desktop wrote this while the removal happened." });
      equal(b.syncStatus().unpushed, 1);
      await b.sync({ relay });
      equal(b.syncStatus().epoch, 1);
      await b.write({ content: "Releases are cut from main after the removal." });
      await b.sync({ relay });
      await a.sync({ relay });
      equal(a.stateHash(), b.stateHash());
      const served = await relay.pull(strandId, 0, 100);
      const epochs = served.records.map((r) => readDeltaHeader(r.bytes).epoch);
      ok(epochs.includes(1), `epochs served: ${epochs}`);
      equal(epochs.lastIndexOf(0) < epochs.indexOf(1), true, "after the rotation only epoch 1");

      // C keeps every old key: the new epoch's bundle does not open for it...
      const cKeys = (await loadDeviceKeys(join(w.dir, "c-keys"), false))!;
      const rotation = (await relay.roster(strandId, 0)).map((r) => readRosterOuter(r.bytes))
        .find((outer) => outer.epoch === 1 && outer.wpk !== null)!;
      throws(() => openBundle(rotation.bundle, cKeys.exchange.secretKey), (e) => isHelixError(e));
      // ...its sync says it was removed...
      await c.write({ content: "Written on the CI box after it was removed." });
      await rejects(c.sync({ relay }), (e) => isHelixError(e, "unauthorized"));
      // ...and the relay refuses a write under the old epoch's key.
      const outbox = new DatabaseSync(join(w.dir, "c.db"), { readOnly: true });
      const queued = outbox.prepare("SELECT bytes FROM sync_outbox WHERE acked = 0").all() as {
        bytes: Uint8Array;
      }[];
      outbox.close();
      ok(queued.length > 0);
      await rejects(relay.push(strandId, queued[0]!.bytes), (e) => isHelixError(e, "unauthorized"));

      // A device that joins after the rotation reads the history before it.
      const d = await openDevice(w.dir, "d", w.clock);
      try {
        await pairOn(a, d, relay);
        await d.sync({ relay });
        equal(d.stateHash(), a.stateHash(), "d reads epoch 0 through the rotation entry");
        equal(d.syncStatus().quarantined, 0);
      } finally {
        d.close();
      }
    } finally {
      c.close();
      await w.close();
    }
  });

  Deno.test(`T8 concurrent removals (${via}): one compare-and-swap fails, the other stands`, async () => {
    const w = await world(via);
    const c = await openDevice(w.dir, "c", w.clock);
    const d = await openDevice(w.dir, "d", w.clock);
    try {
      const { a, b, relay } = w;
      await pairOn(a, c, relay);
      await pairOn(a, d, relay);
      await b.sync({ relay });
      const results = await Promise.allSettled([
        a.syncRemoveDevice("c", { relay }),
        b.syncRemoveDevice("d", { relay }),
      ]);
      const won = results.filter((r) => r.status === "fulfilled");
      const lost = results.filter((r) => r.status === "rejected");
      equal(won.length + lost.length, 2);
      ok(won.length >= 1, "one removal stands");
      for (const r of lost) ok(isHelixError(r.reason, "conflict"), String(r.reason));
      // The loser runs again on the roster as it is now.
      if (lost.length === 1) {
        const again = results[0]!.status === "rejected"
          ? await a.syncRemoveDevice("c", { relay })
          : await b.syncRemoveDevice("d", { relay });
        equal(again.epoch, 2);
      }
      await a.sync({ relay });
      await b.sync({ relay });
      equal(a.syncStatus().devices?.length, 2);
      equal(b.syncStatus().epoch, 2);
      equal(a.stateHash(), b.stateHash());
    } finally {
      c.close();
      d.close();
      await w.close();
    }
  });
}
