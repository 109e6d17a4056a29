/**
 * Acknowledging a snapshot (R28) without writing: a device that only reads, after one sync
 * that follows a snapshot, pushes one change of no ops whose deps cover the snapshot's
 * frontier, and no longer holds compaction up; its next sync sends nothing. The change is
 * not a memory change: no op, no memory, not counted as pushed or pulled; a device that writes
 * after the snapshot needs none. A device that
 * started from a snapshot learns the others' acknowledgements of the next one as they sync,
 * and can compact. Through the relay in process and as a relay process.
 */
import { deepEqual, equal, ok } from "node:assert/strict";
import type { Engine } from "@helix/core";
import { openDevice, pairOn, VIAS, world } from "./fixtures/adversary_world.ts";

async function writeMany(engine: Engine, count: number, topic: string): Promise<void> {
  for (let i = 0; i < count; i++) {
    await engine.write({ content: `${topic} note ${i}: the ${topic} queue keeps ${i} workers.` });
  }
}

for (const via of VIAS) {
  Deno.test(`R28 acknowledgement (${via}): a device that never writes stops holding compaction up after one sync`, async () => {
    const w = await world(via);
    const opened: Engine[] = [];
    try {
      const { a, b, relay } = w;
      const strandId = a.syncStatus().strandId!;
      await writeMany(a, 5, "billing");
      await a.sync({ relay });
      await b.sync({ relay });
      const made = await a.syncSnapshot({ relay });
      const held = await a.syncCompact({ relay });
      equal(held.kind, "pending");
      if (held.kind === "pending") deepEqual(held.pending.map((d) => d.name), ["b"]);

      // b only reads: one sync acknowledges the snapshot with a change of no ops.
      const stateBefore = b.stateHash();
      const first = await b.sync({ relay });
      equal(first.push.uploaded, 0, "no memory change pushed");
      equal(first.push.acknowledged?.position, made.position);
      equal(b.stateHash(), stateBefore, "no op was written");
      equal(b.history().length, a.history().length);
      equal(b.syncStatus().unpushed, 0);
      const size = (await relay.pull(strandId, 0, 1000)).records.length;
      const again = await b.sync({ relay });
      equal(again.push.acknowledged, undefined, "once per snapshot");
      equal(again.push.uploaded, 0);
      equal((await relay.pull(strandId, 0, 1000)).records.length, size, "no second delta");

      // The admin applies it as an acknowledgement, not as a memory change.
      const history = a.history().length;
      const memories = a.list().items.length;
      const seen = await a.sync({ relay });
      equal(seen.pull.applied, 0);
      ok(seen.pull.acknowledgements >= 1);
      equal(a.history().length, history, "nothing in the history");
      equal(a.list().items.length, memories);
      // b wrote no op, yet a heard from it: its acknowledgement is a change with a time.
      const devices = (await a.teamMembers({ offline: true })).members.flatMap((m) => m.devices);
      ok(devices.find((d) => d.name === "b")?.heardAt !== undefined, JSON.stringify(devices));
      const done = await a.syncCompact({ relay });
      equal(done.kind, "compacted", JSON.stringify(done));

      // A device that starts from the snapshot learns the acknowledgements of the next one.
      const c = await openDevice(w.dir, "c", w.clock);
      opened.push(c);
      await pairOn(a, c, relay);
      equal(c.syncSnapshotMark()?.snapshotId, made.snapshotId);
      await writeMany(a, 2, "search");
      await a.sync({ relay });
      await c.sync({ relay });
      const next = await a.syncSnapshot({ relay });
      // A write that cites the snapshot's frontier acknowledges it: no change of no ops besides.
      await b.syncPull({ relay });
      await b.write({ content: "Search reindexing runs weekly." });
      const wrote = await b.sync({ relay });
      equal(wrote.push.uploaded, 1);
      equal(wrote.push.acknowledged, undefined);
      await a.sync({ relay });
      const byC = await c.syncCompact({ relay });
      equal(byC.kind, "compacted", JSON.stringify(byC));
      if (byC.kind === "compacted") equal(byC.position, next.position);
      for (const engine of [a, b, c]) await engine.sync({ relay });
      deepEqual(new Set([a, b, c].map((engine) => engine.stateHash())).size, 1);
      for (const engine of [a, b, c]) deepEqual(engine.syncStatus().alarms, []);
    } finally {
      for (const engine of opened) engine.close();
      await w.close();
    }
  });
}
