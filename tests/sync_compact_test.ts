/**
 * Compaction (R28) through the real relay, in process and as a relay process: a device that
 * has not acknowledged the snapshot holds compaction up and is named; once every device has,
 * the admin's GC marker makes the relay drop the covered deltas' bytes; a pull before the
 * marker answers `compacted`, a device that was behind starts from the snapshot and a new one
 * joins from it, and all converge with the relay's log still verifying. A member cannot
 * compact, and a marker a member forges is refused by every reader; a relay that claims a
 * compaction it cannot back raises `TAMPER` and nothing held locally is touched.
 */
import { deepEqual, equal, match, ok, rejects } from "node:assert/strict";
import { type Engine, isHelixError } from "@helix/core";
import { sealGcMarker } from "@helix/core/wire";
import { openDevice, pairOn, VIAS, world } from "./fixtures/adversary_world.ts";
import { heldKeys, teamWorld } from "./fixtures/team_world.ts";

async function writeMany(engine: Engine, count: number, topic: string): Promise<void> {
  for (let i = 0; i < count; i++) {
    await engine.write({ content: `${topic} note ${i}: the ${topic} queue keeps ${i} workers.` });
  }
}

const compactedAt = (error: unknown) =>
  isHelixError(error, "conflict") && typeof error.details?.compacted === "number";

for (const via of VIAS) {
  Deno.test(`R28 compaction (${via}): held up by a device that has not acknowledged; then the relay drops the bytes and every device converges`, async () => {
    const w = await world(via);
    const opened: Engine[] = [];
    try {
      const { a, b, relay } = w;
      const c = await openDevice(w.dir, "c", w.clock);
      opened.push(c);
      await pairOn(a, c, relay);
      await writeMany(a, 8, "billing");
      await a.sync({ relay });
      await b.sync({ relay });
      await writeMany(b, 4, "search");
      await b.sync({ relay });
      const made = await b.syncSnapshot({ relay });
      const strandId = a.syncStatus().strandId!;

      // c has pushed nothing that cites the snapshot's changes: it holds compaction up.
      const held = await a.syncCompact({ relay });
      equal(held.kind, "pending");
      if (held.kind !== "pending") return;
      deepEqual(held.pending.map((d) => d.name), ["c"]);
      equal(held.snapshotId, made.snapshotId);
      const all = await relay.pull(strandId, 0, 1000);
      ok(all.records.length >= made.position, "nothing was dropped");

      // c catches up and writes: its change cites every head of the snapshot.
      await c.sync({ relay });
      await c.write({ content: "The deploy window is Tuesday 14:00 UTC." });
      await c.sync({ relay });
      // The admin's snapshot covers c's change; c's cursor stays before its own delta.
      await a.sync({ relay });
      const latest = await a.syncSnapshot({ relay });
      await b.sync({ relay });
      await b.write({ content: "Search reindexing runs weekly." });
      await b.sync({ relay });
      const done = await a.syncCompact({ relay });
      equal(done.kind, "compacted", JSON.stringify(done));
      if (done.kind !== "compacted") return;
      equal(done.position, latest.position);
      equal(done.dropped, latest.position);
      ok(done.freed > 0);
      await rejects(relay.pull(strandId, 0, 10), compactedAt);
      await rejects(relay.pull(strandId, latest.position - 1, 10), compactedAt);
      const after = await relay.pull(strandId, latest.position, 10);
      ok(after.records.length >= 1, "what follows the marker is served");

      // c was behind its own last delta: it starts from the snapshot, then pulls what follows.
      const caught = await c.sync({ relay });
      equal(caught.pull.compacted?.snapshotId, latest.snapshotId);
      const d = await openDevice(w.dir, "d", w.clock);
      opened.push(d);
      await pairOn(a, d, relay);
      equal(d.syncSnapshotMark()?.snapshotId, latest.snapshotId);
      await d.write({ content: "Compaction keeps the relay small." });
      for (const engine of [d, a, b, c, d, a, b, c]) await engine.sync({ relay });
      for (const engine of [a, b, c, d]) {
        deepEqual(engine.syncStatus().alarms, [], "the relay's log still verifies");
      }
      const hashes = [a, b, c, d].map((engine) => engine.stateHash());
      deepEqual(new Set(hashes).size, 1, "same state everywhere");
      const fingerprints = [a, b, c, d].map((engine) => engine.syncFingerprint().fingerprint);
      deepEqual(new Set(fingerprints).size, 1, "same state and same verified log head");
      const found = await d.search({ query: "billing queue workers", limit: 3 });
      match(found.hits[0]?.memory.content ?? "", /billing/);
    } finally {
      for (const engine of opened) engine.close();
      await w.close();
    }
  });
}

Deno.test("R28 compaction: a relay that answers `compacted` without a marker is caught; nothing is lost", async () => {
  const w = await world("app");
  try {
    const { a, b, relay } = w;
    await writeMany(a, 3, "orders");
    await a.sync({ relay });
    const before = b.stateHash();
    w.adversary.add({
      name: "claim a compaction",
      method: "GET",
      route: "deltas",
      request: () =>
        Response.json({ error: { code: "compacted", message: "gone" }, position: 3 }, {
          status: 410,
        }),
    });
    await rejects(b.syncPull({ relay }), (e) => isHelixError(e, "relay_misbehaved"));
    const alarms = b.syncStatus().alarms;
    equal(alarms[0]?.kind, "TAMPER");
    match(alarms[0]?.detail ?? "", /compacted its log through 3 but shows no GC marker/);
    equal(b.stateHash(), before, "nothing applied, nothing lost");
    w.adversary.clear();
    await b.syncPull({ relay });
    equal(b.stateHash(), a.stateHash());
  } finally {
    await w.close();
  }
});

Deno.test("R28 compaction: a member cannot compact, and a marker a member forges is refused by every reader", async () => {
  const w = await teamWorld("app");
  try {
    const { ada, bo, cy, relay, strandId } = w;
    await writeMany(ada, 4, "design");
    await ada.sync({ relay });
    await bo.sync({ relay });
    await cy.sync({ relay });
    await bo.write({ content: "Reviews need two approvals." });
    await bo.sync({ relay });
    await cy.write({ content: "Releases go out on Thursdays." });
    await cy.sync({ relay });
    await ada.sync({ relay });
    const made = await bo.syncSnapshot({ relay });
    await rejects(bo.syncCompact({ relay }), (e) => isHelixError(e, "unauthorized"));

    // bo signs a marker itself, with its device key and the epoch's write key it holds.
    const keys = await w.keys("bo");
    const entries = (await relay.roster(strandId, 0)).map((r) => r.bytes);
    const epochs = heldKeys(entries, strandId, keys.exchange.secretKey);
    const epoch = Math.max(...epochs.keys());
    const ref = (await relay.latestSnapshot!(strandId))!;
    const head = w.storage();
    const roster = (await head.rosterHead(strandId))!;
    const forged = sealGcMarker(
      {
        strandId,
        epoch,
        upload: ref.upload,
        position: made.position,
        rosterSeq: roster.seq,
        rosterHead: roster.hash,
        snapshotId: made.snapshotId,
      },
      keys.device.fingerprint,
      keys.device.secretKey,
      epochs.get(epoch)!,
    );
    // The relay cannot read roles (they are inside the encrypted roster): it keeps the marker.
    await relay.putGcMarker!(strandId, forged);
    const cyBefore = cy.stateHash();
    await cy.write({ content: "A change after the forged compaction." });
    // cy's cursor is before its own last delta: the relay answers `compacted`.
    await rejects(cy.syncPull({ relay }), (e) => isHelixError(e, "relay_misbehaved"));
    const alarm = cy.syncStatus().alarms.find((a) => a.kind === "TAMPER");
    match(alarm?.detail ?? "", /GC marker does not hold.*no admin device/);
    ok(cy.stateHash() !== cyBefore, "cy's own write is still there");
    equal((await cy.search({ query: "forged compaction", limit: 3 })).hits.length, 1);
  } finally {
    await w.close();
  }
});

Deno.test("R28 compaction: a relay that keeps answering `compacted` past its marker is caught", async () => {
  const w = await world("app");
  try {
    const { a, b, relay } = w;
    await writeMany(a, 3, "ledger");
    await a.sync({ relay });
    await b.sync({ relay });
    await b.write({ content: "Ledger exports are signed." });
    await b.sync({ relay });
    await a.syncSnapshot({ relay });
    const done = await a.syncCompact({ relay });
    equal(done.kind, "compacted");
    const position = done.position;
    w.adversary.add({
      name: "compacted, always",
      method: "GET",
      route: "deltas",
      request: () =>
        Response.json({ error: { code: "compacted", message: "gone" }, position }, {
          status: 410,
        }),
    });
    // b's cursor is before its own last delta: the first answer is true, the second a lie.
    await rejects(b.syncPull({ relay }), (e) => isHelixError(e, "relay_misbehaved"));
    match(b.syncStatus().alarms[0]?.detail ?? "", /yet withholds the deltas after/);
    equal(b.stateHash(), a.stateHash(), "nothing lost");
  } finally {
    await w.close();
  }
});
