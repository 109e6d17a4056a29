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
  ephemeralRelayKey,
  httpRelay,
  isHelixError,
  loadDeviceKeys,
  logHeadToHeader,
  openEngine,
  type RelayPort,
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

/** Pairs `joiner` with `inviter`'s strand through `relay`, both confirming the safety number. */
async function pairOn(inviter: Engine, joiner: Engine, relay: RelayPort): Promise<void> {
  let code = "";
  let ready: () => void = () => {};
  const shown = new Promise<void>((resolve) => ready = resolve);
  const sleep = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
  const inviting = inviter.syncInvite(
    { onCode: (c) => (code = c, ready()), confirm: () => Promise.resolve(true), sleep },
    { relay },
  );
  await shown;
  await joiner.syncJoin(code, { confirm: () => Promise.resolve(true), sleep }, {
    relay: () => relay,
  });
  await inviting;
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
  await pairOn(a, b, relay);
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

for (const mode of ["duplicate", "replay"] as const) {
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

/**
 * A mode the relay's signed log exposes: the pull stops with `relay_misbehaved` before it
 * applies anything of the page, the alarm stays, and once the relay answers honestly the
 * next pull brings B where A is.
 */
async function caught(
  w: World,
  mode: Parameters<World["adversary"]["add"]>[0],
  kind: "WITHHELD" | "TAMPER" | "ROLLBACK",
  appliedBefore = 0,
): Promise<void> {
  w.adversary.add(mode);
  await rejects(
    w.b.syncPull({ relay: w.relay }),
    (e) => isHelixError(e, "relay_misbehaved") && (e.details as { alarm?: string }).alarm === kind,
  );
  ok(w.adversary.log.length > 0, "the tamper acted");
  equal(contents(w.b).length, appliedBefore, "nothing of the page was applied");
  ok(w.b.syncStatus().alarms.some((alarm) => alarm.kind === kind), `a lasting ${kind} alarm`);
  w.adversary.clear();
  await w.b.syncPull({ relay: w.relay });
  equal(w.b.stateHash(), w.a.stateHash(), "an honest relay afterwards brings B where A is");
  ok(w.b.syncStatus().alarms.some((alarm) => alarm.kind === kind), "the alarm never clears itself");
}

Deno.test("T1 drop: a delta left out of the list is WITHHELD at once", async () => {
  const w = await world();
  try {
    await threeChanges(w);
    await caught(w, tamper.dropDelta(2), "WITHHELD");
  } finally {
    w.close();
  }
});

Deno.test("T1 withhold: a chain's tail the relay's head counts but does not serve is WITHHELD", async () => {
  const w = await world();
  try {
    await threeChanges(w);
    await caught(w, tamper.withholdFrom(2), "WITHHELD", 1);
  } finally {
    w.close();
  }
});

Deno.test("T1 reorder: deltas served in another order than the signed log are TAMPER", async () => {
  const w = await world();
  try {
    await threeChanges(w);
    await caught(w, tamper.reorder(), "TAMPER");
  } finally {
    w.close();
  }
});

Deno.test("T1 bit-flip: an altered delta is TAMPER before anything is applied", async () => {
  const w = await world();
  try {
    await w.a.write({ content: "Payments store money as integer cents.", type: "convention" });
    await w.a.syncPush({ relay: w.relay });
    await caught(w, tamper.bitflip({ index: 0, offset: -100 }), "TAMPER");
  } finally {
    w.close();
  }
});

Deno.test("T1 stale log: a relay whose log goes back on what B verified is a ROLLBACK", async () => {
  const w = await world();
  try {
    await w.a.write({ content: "The first fact, before the relay's old head." });
    await w.a.syncPush({ relay: w.relay });
    const stale = (await w.relay.pull(w.a.syncStatus().strandId!, 0, 1)).head!;
    equal(stale.size, 1);
    await threeChanges(w);
    await w.b.syncPull({ relay: w.relay });
    // The relay answers with its old head (size 1): the log B verified had 4 deltas.
    w.adversary.add({
      name: "stale head",
      method: "GET",
      route: "deltas",
      request: () =>
        new Response(new Uint8Array(0), {
          status: 200,
          headers: { "x-helix-head": logHeadToHeader({ ...stale, size: stale.size }) },
        }),
    });
    await rejects(
      w.b.syncPull({ relay: w.relay }),
      (e) =>
        isHelixError(e, "relay_misbehaved") &&
        (e.details as { alarm?: string }).alarm === "ROLLBACK",
    );
    ok(w.b.syncStatus().alarms.some((alarm) => alarm.kind === "ROLLBACK"));
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
  await pairOn(a, b, relay);
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
  await pairOn(a, c, relay);
  await c.sync({ relay });
  equal(c.stateHash(), a.stateHash(), "a new device gets everything from the repaired relay");
  for (const e of [a, b, c]) e.close();
  storage.close();
});

Deno.test("T1 fork: a relay that shows two devices two histories is caught by the heads they gossip (FORK)", async () => {
  const dir = await Deno.makeTempDir({ prefix: "helix-fork-" });
  const clock = { t: Date.UTC(2026, 10, 25, 12), now: () => clock.t };
  const key = ephemeralRelayKey();
  const storages = [1, 2].map((n) => openSqliteStorage(join(dir, `relay-${n}.sqlite`)));
  const apps = storages.map((storage) => createRelayApp({ storage, clock, relayKey: key }));
  const [toX, toY] = apps.map((app) =>
    httpRelay("http://relay.test", {
      fetch: async (input, init) =>
        await app.fetch(new Request(input as string, init), { remoteAddr: {} }),
    })
  ) as [RelayPort, RelayPort];
  const open = async (name: string) =>
    openEngine({
      path: join(dir, `${name}.db`),
      clock,
      syncKeys: await loadDeviceKeys(join(dir, `${name}-keys`), true),
      deviceName: name,
    });
  const x = await open("x");
  const y = await open("y");
  try {
    await x.syncInit(toX);
    await x.write({ content: "The first fact both devices see." });
    await x.syncPush({ relay: toX });
    await pairOn(x, y, toX);
    // The relay forks: it copies the strand into a second log that only y is shown.
    await x.syncRepair({ relay: toY });
    await x.syncPull({ relay: toX });
    await y.syncPull({ relay: toY });
    await x.write({ content: "x's change, shown only to x." });
    await x.syncPush({ relay: toX });
    await y.write({ content: "y's change, shown only to y." });
    await y.syncPush({ relay: toY });
    await x.syncPull({ relay: toX });
    await y.syncPull({ relay: toY });
    deepEqual(x.syncStatus().alarms, []);
    deepEqual(y.syncStatus().alarms, []);
    // y's next change gossips the head of the log y was shown; the relay lets it reach x.
    await y.write({ content: "y's second change." });
    await y.syncPush({ relay: toY });
    const yLog = [...(await toY.pull(y.syncStatus().strandId!, 1, 100)).records];
    for (const record of yLog) await toX.push(y.syncStatus().strandId!, record.bytes);
    await x.syncPull({ relay: toX }).catch(() => {});
    ok(
      x.syncStatus().alarms.some((alarm) => alarm.kind === "FORK"),
      JSON.stringify(x.syncStatus().alarms),
    );
  } finally {
    x.close();
    y.close();
    for (const storage of storages) storage.close();
  }
});
