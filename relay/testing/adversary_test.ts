/**
 * The adversary does what each tamper says, in front of an in-process relay, and in front of a
 * relay process through {@linkcode proxyTo}.
 *
 * @module
 */
import { deepEqual, equal, notDeepEqual, throws } from "node:assert/strict";
import { isHelixError, parseFrames } from "@helix/core";
import { createRelayApp } from "../app.ts";
import { openSqliteStorage } from "../storage/sqlite.ts";
import { createAdversary, proxyTo, routeKind, tamper } from "./adversary.ts";
import { startRelay } from "./process.ts";
import { testStrand } from "./strand.ts";

async function setup() {
  const storage = openSqliteStorage(":memory:");
  const app = createRelayApp({ storage, clock: { now: () => 1_780_000_000_000 } });
  const adversary = createAdversary((request) => app.fetch(request));
  const strand = await testStrand();
  const base = `http://relay/v1/strands/${strand.strandId}`;
  await adversary.fetch(base, { method: "PUT", body: strand.genesis });
  const deltas = [1, 2, 3, 4].map((n) => strand.delta(n));
  for (const delta of deltas) {
    await adversary.fetch(`${base}/deltas`, { method: "POST", body: delta });
  }
  const pull = async (after = 0) =>
    parseFrames(
      new Uint8Array(await (await adversary.fetch(`${base}/deltas?after=${after}`)).arrayBuffer()),
    );
  return {
    storage,
    adversary,
    strand,
    base,
    deltas,
    pull,
    [Symbol.dispose]: () => storage.close(),
  };
}

Deno.test("routeKind() names the relay routes", () => {
  deepEqual(
    [
      "/healthz",
      "/v1/strands/ab",
      "/v1/strands/ab/roster",
      "/v1/strands/ab/deltas",
      "/v1/rendezvous/x/y",
      "/x",
    ]
      .map(routeKind),
    ["health", "strand", "roster", "deltas", "rendezvous", "other"],
  );
});

Deno.test("adversary tampers: drop, withhold, reorder, duplicate, replay, bit-flip", async (t) => {
  using s = await setup();
  const honest = await s.pull();
  deepEqual(honest.map((f) => f.seq), [1, 2, 3, 4]);

  await t.step("drop one delta", async () => {
    s.adversary.add(tamper.dropDelta(2));
    deepEqual((await s.pull()).map((f) => f.seq), [1, 3, 4]);
    s.adversary.clear();
  });
  await t.step("withhold a tail", async () => {
    s.adversary.add(tamper.withholdFrom(3));
    deepEqual((await s.pull()).map((f) => f.seq), [1, 2]);
    s.adversary.clear();
  });
  await t.step("reorder keeps sequences but swaps the bytes", async () => {
    s.adversary.add(tamper.reorder());
    const frames = await s.pull();
    deepEqual(frames.map((f) => f.seq), [1, 2, 3, 4]);
    deepEqual(frames.map((f) => f.bytes), [...s.deltas].reverse());
    s.adversary.clear();
  });
  await t.step("duplicate serves already-pulled deltas again", async () => {
    s.adversary.add(tamper.duplicate(2));
    deepEqual((await s.pull(3)).map((f) => f.seq), [2, 3, 4]);
    s.adversary.clear();
  });
  await t.step("replay serves the whole history again", async () => {
    s.adversary.add({ ...tamper.replay(), times: 1 });
    deepEqual((await s.pull(4)).map((f) => f.seq), [1, 2, 3, 4]);
    deepEqual((await s.pull(4)).map((f) => f.seq), [], "times: 1 acted once");
    deepEqual(s.adversary.log.at(-1), "replay");
  });
  await t.step("bit-flip changes one bit of one delta", async () => {
    s.adversary.add(tamper.bitflip({ index: 1, offset: -80, bit: 3 }));
    const frames = await s.pull();
    deepEqual(frames[0]!.bytes, s.deltas[0]);
    notDeepEqual(frames[1]!.bytes, s.deltas[1]);
    const diff = frames[1]!.bytes.findIndex((byte, i) => byte !== s.deltas[1]![i]);
    equal(diff, s.deltas[1]!.length - 80);
    s.adversary.clear();
  });
  await t.step("substitute serves other bytes at a delta's place", async () => {
    const foreign = (await testStrand()).delta(1);
    s.adversary.add(tamper.substitute(2, foreign));
    const frames = await s.pull();
    deepEqual(frames.map((f) => f.seq), [1, 2, 3, 4]);
    deepEqual(frames[2]!.bytes, foreign);
    s.adversary.clear();
  });
  await t.step("truncate tears the answer", async () => {
    s.adversary.add(tamper.truncate(30));
    const response = await s.adversary.fetch(`${s.base}/deltas`);
    const torn = new Uint8Array(await response.arrayBuffer());
    throws(
      () => parseFrames(torn),
      (e) => isHelixError(e, "corrupt"),
    );
    s.adversary.clear();
  });
});

Deno.test("adversary tampers on writes: a lost push, a refused CAS, a stale roster, a failure", async () => {
  using s = await setup();
  s.adversary.add(tamper.dropPush());
  const lost = await s.adversary.fetch(`${s.base}/deltas`, {
    method: "POST",
    body: s.strand.delta(9),
  });
  equal(lost.status, 201);
  s.adversary.clear();
  deepEqual((await s.pull(4)).length, 0, "the relay never got it");

  s.adversary.add(tamper.refuseRosterCas(7));
  const refused = await s.adversary.fetch(`${s.base}/roster`, {
    method: "POST",
    body: await s.strand.nextEntry(),
  });
  equal(refused.status, 409);
  equal((await refused.json()).head_seq, 7);
  s.adversary.clear();

  s.adversary.add(tamper.staleRoster(0));
  equal((await (await s.adversary.fetch(`${s.base}/roster`)).arrayBuffer()).byteLength, 0);
  s.adversary.clear();

  s.adversary.add(tamper.fail(503, "deltas"));
  equal((await s.adversary.fetch(`${s.base}/deltas`)).status, 503);
  equal((await s.adversary.fetch("http://relay/healthz")).status, 200);
});

Deno.test("adversary in front of a relay process (proxyTo)", async () => {
  await using relay = await startRelay();
  const adversary = createAdversary(proxyTo(relay.url));
  const strand = await testStrand();
  const base = `http://anything/v1/strands/${strand.strandId}`;
  equal((await adversary.fetch(base, { method: "PUT", body: strand.genesis })).status, 201);
  for (let n = 1; n <= 3; n++) {
    await adversary.fetch(`${base}/deltas`, { method: "POST", body: strand.delta(n) });
  }
  adversary.add(tamper.dropDelta());
  const frames = parseFrames(
    new Uint8Array(await (await adversary.fetch(`${base}/deltas`)).arrayBuffer()),
  );
  deepEqual(frames.map((f) => f.seq), [2, 3]);
});
