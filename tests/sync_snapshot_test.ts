/**
 * Snapshots (R28) through the real relay, in process and as a relay process: a device that
 * joins after a snapshot starts from it, pulls only the deltas that follow, and converges to the
 * same state hash as a device that replayed every delta; a tampered or substituted snapshot is
 * refused with a `TAMPER` alarm and the join still succeeds by replay.
 */
import { deepEqual, equal, match, ok } from "node:assert/strict";
import { join } from "node:path";
import { type Engine, loadDeviceKeys, openSnapshot, sealSnapshot } from "@helix/core";
import { extendKeys } from "../core/sync/roster.ts";
import { openDevice, pairOn, VIAS, world } from "./fixtures/adversary_world.ts";

async function writeMany(engine: Engine, count: number, topic: string): Promise<void> {
  for (let i = 0; i < count; i++) {
    await engine.write({
      content: `${topic} note ${i}: the ${topic} service keeps ${i} replicas.`,
    });
  }
}

const onSnapshots = (request: Request) => new URL(request.url).pathname.includes("/snapshots/");

for (const via of VIAS) {
  Deno.test(`R28 snapshot (${via}): a new device starts from it, pulls what follows, converges`, async () => {
    const w = await world(via);
    const opened: Engine[] = [];
    try {
      const { a, b, relay } = w;
      await writeMany(a, 12, "billing");
      await a.sync({ relay });
      await b.sync({ relay });
      await writeMany(b, 5, "search");
      await b.sync({ relay });
      const made = await b.syncSnapshot({ relay });
      ok(made.latest);
      equal(made.parts, 1);
      ok(made.ops >= 17 && made.changes >= 3, JSON.stringify(made));
      equal(b.syncSnapshotMark()?.snapshotId, made.snapshotId);
      const atSnapshot = b.stateHash();

      // After the snapshot: more deltas, which a new device must still pull.
      await a.write({ content: "The ledger export runs nightly at 02:00 UTC." });
      await a.sync({ relay });

      const c = await openDevice(w.dir, "c", w.clock);
      opened.push(c);
      await pairOn(a, c, relay);
      const mark = c.syncSnapshotMark();
      equal(mark?.source, "applied");
      equal(mark?.snapshotId, made.snapshotId);
      equal(mark?.position, made.position);
      equal(c.stateHash(), atSnapshot, "the snapshot alone gives the state it was made at");
      const found = await c.search({ query: "billing replicas", limit: 3 });
      match(found.hits[0]?.memory.content ?? "", /billing/);
      const pulled = await c.sync({ relay });
      ok(pulled.pull.received < made.position, `pulled ${pulled.pull.received} deltas`);
      ok(pulled.pull.applied >= 1, "the delta after the snapshot arrives");
      await a.sync({ relay });
      await b.sync({ relay });
      deepEqual(c.syncStatus().alarms, []);
      equal(c.stateHash(), b.stateHash(), "same state as a device that replayed every delta");
      equal(c.stateHash(), a.stateHash());
      const later = await c.search({ query: "ledger export nightly", limit: 3 });
      match(later.hits[0]?.memory.content ?? "", /ledger export/);

      // c's own write travels to the others.
      await c.write({ content: "Snapshots make joining fast." });
      await c.sync({ relay });
      await a.sync({ relay });
      equal(a.stateHash(), c.stateHash());

      // A part changed on the way: refused, TAMPER raised, and the join replays instead.
      w.adversary.add({
        name: "flip a snapshot byte",
        method: "GET",
        body: (bytes, request) => {
          if (!onSnapshots(request)) return bytes;
          const out = bytes.slice();
          out[out.length - 100]! ^= 1;
          return out;
        },
      });
      const d = await openDevice(w.dir, "d", w.clock);
      opened.push(d);
      await pairOn(a, d, relay);
      equal(d.syncSnapshotMark(), null);
      const alarms = d.syncStatus().alarms;
      equal(alarms.length, 1);
      equal(alarms[0]?.kind, "TAMPER");
      match(alarms[0]?.detail ?? "", /snapshot refused/);
      w.adversary.clear();
      const replayed = await d.sync({ relay });
      ok(replayed.pull.received >= made.position, "every delta replayed");
      await a.sync({ relay });
      equal(d.stateHash(), a.stateHash());
    } finally {
      for (const engine of opened) engine.close();
      await w.close();
    }
  });
}

Deno.test("R28 snapshot: one of another strand served in its place is refused; the join replays", async () => {
  const w = await world("app");
  const other = await world("app");
  const opened: Engine[] = [];
  try {
    await writeMany(w.a, 3, "payments");
    await w.a.sync({ relay: w.relay });
    await writeMany(other.a, 3, "forged");
    await other.a.sync({ relay: other.relay });
    const made = await w.a.syncSnapshot({ relay: w.relay });
    const foreign = await other.a.syncSnapshot({ relay: other.relay });
    const foreignId = (await other.relay.latestSnapshot!(other.a.syncStatus().strandId!))!;
    const foreignPart = await other.relay.snapshotPart!(
      other.a.syncStatus().strandId!,
      foreignId.upload,
      0,
    );
    ok(foreign.parts === 1 && made.parts === 1);
    w.adversary.add({
      name: "serve another strand's snapshot",
      method: "GET",
      body: (bytes, request) => onSnapshots(request) ? foreignPart : bytes,
    });
    const c = await openDevice(w.dir, "c", w.clock);
    opened.push(c);
    await pairOn(w.a, c, w.relay);
    equal(c.syncSnapshotMark(), null);
    match(c.syncStatus().alarms[0]?.detail ?? "", /snapshot refused.*decrypt_failed/);
    w.adversary.clear();
    await c.sync({ relay: w.relay });
    equal(c.stateHash(), w.a.stateHash());
    equal((await c.search({ query: "forged", limit: 5 })).hits.length, 0);
  } finally {
    for (const engine of opened) engine.close();
    await w.close();
    await other.close();
  }
});

Deno.test("R28 snapshot: a relay that fails to serve the parts is no tamper; the join replays", async () => {
  const w = await world("app");
  const opened: Engine[] = [];
  try {
    await writeMany(w.a, 3, "orders");
    await w.a.sync({ relay: w.relay });
    await w.a.syncSnapshot({ relay: w.relay });
    w.adversary.add({
      name: "fail snapshot parts",
      method: "GET",
      request: (request) => onSnapshots(request) ? new Response("", { status: 503 }) : request,
    });
    const c = await openDevice(w.dir, "c", w.clock);
    opened.push(c);
    await pairOn(w.a, c, w.relay);
    equal(c.syncSnapshotMark(), null);
    deepEqual(c.syncStatus().alarms, []);
    w.adversary.clear();
    await c.sync({ relay: w.relay });
    equal(c.stateHash(), w.a.stateHash());
  } finally {
    for (const engine of opened) engine.close();
    await w.close();
  }
});

Deno.test("R28 snapshot: one signed by a device outside the roster is refused, even sealed with the strand's keys", async () => {
  const w = await world("app");
  const opened: Engine[] = [];
  try {
    const { a, relay } = w;
    await writeMany(a, 3, "audit");
    await a.sync({ relay });
    await a.syncSnapshot({ relay });
    // Someone who holds the epoch key (a's, read here) but signs as a device of their own.
    const strandId = a.syncStatus().strandId!;
    const keys = (await loadDeviceKeys(join(w.dir, "a-keys"), false))!;
    const entries = (await relay.roster(strandId, 0)).map((r) => r.bytes);
    const keysFor = extendKeys(() => undefined, entries, strandId, keys.exchange.secretKey).get;
    const ref = (await relay.latestSnapshot!(strandId))!;
    const parts = [];
    for (let i = 0; i < ref.parts; i++) {
      parts.push(await relay.snapshotPart!(strandId, ref.upload, i));
    }
    const real = openSnapshot(parts, keysFor, strandId);
    const mallory = (await loadDeviceKeys(join(w.dir, "mallory-keys"), true))!;
    const forged = sealSnapshot({
      strandId,
      epoch: ref.epoch,
      keys: keysFor(ref.epoch)!,
      content: {
        ...real.content,
        author: mallory.device.fingerprint,
        ops: real.content.ops.slice(0, 1),
      },
      deviceSecretKey: mallory.device.secretKey,
    });
    for (const [i, bytes] of forged.parts.entries()) {
      await relay.putSnapshotPart!(strandId, forged.upload, i, bytes);
    }
    equal((await relay.latestSnapshot!(strandId))?.upload, forged.upload, "the relay took it");
    const c = await openDevice(w.dir, "c", w.clock);
    opened.push(c);
    await pairOn(a, c, relay);
    equal(c.syncSnapshotMark(), null);
    match(c.syncStatus().alarms[0]?.detail ?? "", /snapshot refused: .*not a device of the roster/);
    await c.sync({ relay });
    equal(c.stateHash(), a.stateHash());
  } finally {
    for (const engine of opened) engine.close();
    await w.close();
  }
});

Deno.test("R28 snapshot: a machine recovered with the phrase starts from the snapshot too", async () => {
  const w = await world("app");
  const opened: Engine[] = [];
  try {
    const { a, relay } = w;
    const made = await a.syncRecoveryPhrase({ relay });
    await writeMany(a, 4, "vault");
    await a.sync({ relay });
    const snapshot = await a.syncSnapshot({ relay });
    const fresh = await openDevice(w.dir, "fresh", w.clock);
    opened.push(fresh);
    await fresh.syncRecover(made.phrase, { relay, strandId: made.strandId });
    equal(fresh.syncSnapshotMark()?.snapshotId, snapshot.snapshotId);
    await fresh.sync({ relay });
    deepEqual(fresh.syncStatus().alarms, []);
    equal(fresh.stateHash(), a.stateHash());
  } finally {
    for (const engine of opened) engine.close();
    await w.close();
  }
});

Deno.test("R28 snapshot: signed by a member but citing a roster head not in the roster, or a stranger's chain, is refused", async () => {
  const w = await world("app");
  const opened: Engine[] = [];
  try {
    const { a, relay } = w;
    await writeMany(a, 2, "ledger");
    await a.sync({ relay });
    await a.syncSnapshot({ relay });
    const strandId = a.syncStatus().strandId!;
    const keys = (await loadDeviceKeys(join(w.dir, "a-keys"), false))!;
    const entries = (await relay.roster(strandId, 0)).map((r) => r.bytes);
    const keysFor = extendKeys(() => undefined, entries, strandId, keys.exchange.secretKey).get;
    const ref = (await relay.latestSnapshot!(strandId))!;
    const parts = [];
    for (let i = 0; i < ref.parts; i++) {
      parts.push(await relay.snapshotPart!(strandId, ref.upload, i));
    }
    const real = openSnapshot(parts, keysFor, strandId).content;
    const stranger = "5a".repeat(16);
    const variants = [
      { content: { ...real, rosterHead: "00".repeat(32) }, reason: /not this roster's/ },
      {
        content: {
          ...real,
          chains: [...real.chains, {
            device: stranger,
            changes: [{ seq: 1, changeId: "11".repeat(32) }],
          }]
            .sort((x, y) => x.device < y.device ? -1 : 1),
        },
        reason: /names 5a5a.*not a device of the roster/,
      },
    ];
    for (const [n, variant] of variants.entries()) {
      const forged = sealSnapshot({
        strandId,
        epoch: ref.epoch,
        keys: keysFor(ref.epoch)!,
        content: variant.content,
        deviceSecretKey: keys.device.secretKey, // a's own key: a member signed it
      });
      for (const [i, bytes] of forged.parts.entries()) {
        await relay.putSnapshotPart!(strandId, forged.upload, i, bytes);
      }
      const joiner = await openDevice(w.dir, `j${n}`, w.clock);
      opened.push(joiner);
      await pairOn(a, joiner, relay);
      equal(joiner.syncSnapshotMark(), null);
      match(joiner.syncStatus().alarms[0]?.detail ?? "", variant.reason);
      await joiner.sync({ relay });
      equal(joiner.stateHash(), a.stateHash());
    }
  } finally {
    for (const engine of opened) engine.close();
    await w.close();
  }
});
