/**
 * T1 (stage 1 modes) through the real relay app and a malicious relay in front of it
 * (`relay/testing/adversary.ts`): a pull that meets a dropped, withheld, reordered,
 * duplicated, replayed, bit-flipped or torn answer either ends in the same state as an honest
 * one (harmless) or raises its typed alarm (`WITHHELD`, `TAMPER`, `relay_misbehaved`); replicas
 * never silently diverge, and an honest relay afterwards heals what was harmless to heal.
 */
import { deepEqual, equal, ok, rejects } from "node:assert/strict";
import { join } from "node:path";
import {
  type Engine,
  httpRelay,
  isHelixError,
  loadDeviceKeys,
  openEngine,
  type RelayPort,
  WITHHELD_AFTER_MS,
} from "@helix/core";
import { createRelayApp } from "../relay/app.ts";
import { openSqliteStorage } from "../relay/storage/sqlite.ts";
import { createAdversary, tamper } from "../relay/testing/adversary.ts";

interface World {
  readonly a: Engine;
  readonly b: Engine;
  readonly relay: RelayPort;
  readonly adversary: ReturnType<typeof createAdversary>;
  readonly clock: { t: number; now(): number };
  close(): void;
}

async function world(): Promise<World> {
  const dir = await Deno.makeTempDir({ prefix: "helix-t1-" });
  const clock = { t: Date.UTC(2026, 10, 25, 12), now: () => clock.t };
  const storage = openSqliteStorage(join(dir, "relay.sqlite"));
  const app = createRelayApp({ storage, clock });
  const adversary = createAdversary((request) => app.fetch(request, { remoteAddr: {} }));
  const relay = httpRelay("http://relay.test", { fetch: adversary.fetch });
  const open = async (name: string) =>
    openEngine({
      path: join(dir, `${name}.db`),
      clock,
      syncKeys: await loadDeviceKeys(join(dir, `${name}-keys`), true),
      deviceName: name,
    });
  const a = await open("a");
  const b = await open("b");
  await a.syncInit(relay);
  let code = "";
  let ready: () => void = () => {};
  const shown = new Promise<void>((resolve) => ready = resolve);
  const sleep = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
  const inviting = a.syncInvite(
    { onCode: (c) => (code = c, ready()), confirm: () => Promise.resolve(true), sleep },
    { relay },
  );
  await shown;
  await b.syncJoin(code, { confirm: () => Promise.resolve(true), sleep }, { relay: () => relay });
  await inviting;
  return {
    a,
    b,
    relay,
    adversary,
    clock,
    close() {
      a.close();
      b.close();
      storage.close();
    },
  };
}

/** Three writes on A, each its own change, pushed. */
async function threeChanges(w: World): Promise<void> {
  for (
    const text of [
      "cache keys expire after 300 seconds",
      "retries back off to 30 s",
      "logs stay 14 days",
    ]
  ) {
    await w.a.write({ content: `The API ${text}.`, type: "fact" });
  }
  await w.a.syncPush({ relay: w.relay });
}

const contents = (e: Engine) => e.list({ limit: 50 }).items.map((m) => m.content).sort();

for (const mode of ["reorder", "duplicate", "replay"] as const) {
  Deno.test(`T1 ${mode}: harmless, B ends where an honest relay would take it`, async () => {
    const w = await world();
    try {
      await threeChanges(w);
      w.adversary.add(mode === "duplicate" ? tamper.duplicate(2) : tamper[mode]());
      await w.b.syncPull({ relay: w.relay });
      if (mode === "replay") await w.b.syncPull({ relay: w.relay });
      ok(w.adversary.log.length > 0, "the tamper acted");
      deepEqual(contents(w.b), contents(w.a));
      equal(w.b.stateHash(), w.a.stateHash());
      const status = w.b.syncStatus();
      equal(status.pending, 0);
      equal(status.quarantined, 0);
      deepEqual(status.alarms, []);
    } finally {
      w.close();
    }
  });
}

Deno.test("T1 drop: the later changes wait, WITHHELD is raised after an hour, and an honest relay heals it", async () => {
  const w = await world();
  try {
    await threeChanges(w);
    w.adversary.add(tamper.dropDelta(1));
    const pulled = await w.b.syncPull({ relay: w.relay });
    equal(pulled.applied, 0, "nothing applies past the missing change");
    equal(pulled.pending, 2);
    deepEqual(w.b.syncStatus().alarms, [], "not yet: it may still come");
    w.clock.t += WITHHELD_AFTER_MS + 1;
    const alarms = w.b.syncStatus().alarms;
    equal(alarms.length, 2);
    ok(alarms.every((alarm) => alarm.kind === "WITHHELD"));
    equal(contents(w.b).length, 0, "B never shows a state with a hole in A's history");
    // The relay serves it again: the next pull heals the gap.
    w.adversary.clear();
    const healed = await w.b.syncPull({ relay: w.relay });
    equal(healed.pending, 0);
    equal(w.b.stateHash(), w.a.stateHash());
    deepEqual(w.b.syncStatus().alarms, []);
  } finally {
    w.close();
  }
});

Deno.test("T1 bit-flip: the altered delta is set aside with a TAMPER alarm, the strand untouched", async () => {
  const w = await world();
  try {
    await w.a.write({ content: "Payments store money as integer cents.", type: "convention" });
    await w.a.syncPush({ relay: w.relay });
    w.adversary.add(tamper.bitflip({ index: 0, offset: -100 }));
    const pulled = await w.b.syncPull({ relay: w.relay });
    equal(pulled.quarantined, 1);
    equal(contents(w.b).length, 0);
    const status = w.b.syncStatus();
    equal(status.alarms[0]?.kind, "TAMPER");
    const manifestLike = w.b.syncStatus().alarms.map((a) => a.kind);
    deepEqual(manifestLike, ["TAMPER"], "alarms stay until dealt with");
    equal(status.quarantine.length, 1);
  } finally {
    w.close();
  }
});

Deno.test("T1 torn answer: a typed relay_misbehaved error, the cursor kept, an honest retry applies", async () => {
  const w = await world();
  try {
    await threeChanges(w);
    w.adversary.add(tamper.truncate(50));
    await rejects(w.b.syncPull({ relay: w.relay }), (e) => isHelixError(e, "relay_misbehaved"));
    equal(contents(w.b).length, 0);
    w.adversary.clear();
    const pulled = await w.b.syncPull({ relay: w.relay });
    equal(pulled.applied, 3);
    equal(w.b.stateHash(), w.a.stateHash());
  } finally {
    w.close();
  }
});

Deno.test("a relay that fails mid-push loses nothing: the next push uploads each change once", async () => {
  const w = await world();
  try {
    await w.a.write({ content: "The queue worker runs four consumers.", type: "fact" });
    await w.a.write({ content: "The search index rebuilds nightly.", type: "fact" });
    w.adversary.add({ ...tamper.fail(503, "deltas"), method: "POST", times: 1 });
    await rejects(w.a.syncPush({ relay: w.relay }), (e) => isHelixError(e, "relay_unavailable"));
    const again = await w.a.syncPush({ relay: w.relay });
    equal(again.uploaded + again.duplicates >= 2, true);
    equal(w.a.syncStatus().unpushed, 0);
    const pulled = await w.b.syncPull({ relay: w.relay });
    equal(pulled.applied, 2);
    equal(w.b.stateHash(), w.a.stateHash());
  } finally {
    w.close();
  }
});

Deno.test("an amnesiac relay (database wiped) converges again after sync repair on each device", async () => {
  const dir = await Deno.makeTempDir({ prefix: "helix-amnesia-" });
  const clock = { t: Date.UTC(2026, 10, 25, 12), now: () => clock.t };
  let storage = openSqliteStorage(join(dir, "relay-1.sqlite"));
  let app = createRelayApp({ storage, clock });
  const relay = httpRelay("http://relay.test", {
    fetch: async (input, init) =>
      await app.fetch(new Request(input as string, init), { remoteAddr: {} }),
  });
  const open = async (name: string) =>
    openEngine({
      path: join(dir, `${name}.db`),
      clock,
      syncKeys: await loadDeviceKeys(join(dir, `${name}-keys`), true),
      deviceName: name,
    });
  const a = await open("a");
  const b = await open("b");
  await a.syncInit(relay);
  let code = "";
  let ready: () => void = () => {};
  const shown = new Promise<void>((resolve) => ready = resolve);
  const sleep = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
  const inviting = a.syncInvite(
    { onCode: (c) => (code = c, ready()), confirm: () => Promise.resolve(true), sleep },
    { relay },
  );
  await shown;
  await b.syncJoin(code, { confirm: () => Promise.resolve(true), sleep }, { relay: () => relay });
  await inviting;
  for (let i = 0; i < 5; i++) await a.write({ content: `Fact ${i} about the deploy pipeline.` });
  await a.sync({ relay });
  await b.write({ content: "The desktop runs the nightly backup." });
  await b.sync({ relay });
  await a.sync({ relay });
  equal(a.stateHash(), b.stateHash());

  // The relay loses everything.
  storage.close();
  storage = openSqliteStorage(join(dir, "relay-2.sqlite"));
  app = createRelayApp({ storage, clock });
  await rejects(a.syncPush({ relay }), (e) => isHelixError(e, "not_found"));
  const repairedA = await a.syncRepair({ relay });
  equal(repairedA.rosterRestored, 2, "genesis and the desktop's entry");
  ok(repairedA.restored >= 1);
  const repairedB = await b.syncRepair({ relay });
  equal(repairedB.rosterRestored, 0);
  ok(repairedB.restored >= 1);
  await a.write({ content: "Written after the relay came back." });
  await a.sync({ relay });
  await b.sync({ relay });
  equal(b.stateHash(), a.stateHash());
  const c = await open("c");
  code = "";
  const shown2 = new Promise<void>((resolve) => ready = resolve);
  const inviting2 = a.syncInvite(
    { onCode: (x) => (code = x, ready()), confirm: () => Promise.resolve(true), sleep },
    { relay },
  );
  await shown2;
  await c.syncJoin(code, { confirm: () => Promise.resolve(true), sleep }, { relay: () => relay });
  await inviting2;
  await c.sync({ relay });
  equal(c.stateHash(), a.stateHash(), "a new device gets everything from the repaired relay");
  for (const e of [a, b, c]) e.close();
  storage.close();
});
