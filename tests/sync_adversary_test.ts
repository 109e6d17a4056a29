/**
 * T1 (stage 1 modes) through the real relay app and a malicious relay in front of it
 * (`relay/testing/adversary.ts`): a pull that meets a dropped, withheld, reordered,
 * duplicated, replayed, bit-flipped or torn answer either ends in the same state as an honest
 * one (harmless) or raises its typed alarm (`WITHHELD`, `TAMPER`, `relay_misbehaved`); replicas
 * never silently diverge, and an honest relay afterwards heals what was harmless to heal.
 *
 * Each mode runs twice: against the relay app in process, and against a relay process over
 * loopback behind the adversary served as a rewriting proxy (`tests/fixtures/adversary_world.ts`).
 */
import { deepEqual, equal, ok, rejects } from "node:assert/strict";
import {
  DELTA_HEADER_LENGTH,
  type Engine,
  isHelixError,
  logHeadToHeader,
  type RelayPort,
  type WitnessPort,
} from "@helix/core";
import { tamper } from "../relay/testing/adversary.ts";
import {
  front,
  openDevice,
  pairOn,
  startUpstream,
  type Via,
  VIAS,
  type World,
  world,
} from "./fixtures/adversary_world.ts";

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

/** Runs `fn` in a fresh world `via` the app or a process, and closes it. */
async function within(via: Via, fn: (w: World) => Promise<void>): Promise<void> {
  const w = await world(via);
  try {
    await fn(w);
  } finally {
    await w.close();
  }
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

for (const via of VIAS) {
  for (const mode of ["duplicate", "replay"] as const) {
    Deno.test(`T1 ${mode} (${via}): harmless, B ends where an honest relay would take it`, () =>
      within(via, async (w) => {
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
      }));
  }

  Deno.test(`T1 drop (${via}): a delta left out of the list is WITHHELD at once`, () =>
    within(via, async (w) => {
      await threeChanges(w);
      await caught(w, tamper.dropDelta(2), "WITHHELD");
    }));

  Deno.test(`T1 withhold (${via}): a chain's tail the relay's head counts but does not serve is WITHHELD`, () =>
    within(via, async (w) => {
      await threeChanges(w);
      await caught(w, tamper.withholdFrom(2), "WITHHELD", 1);
    }));

  Deno.test(`T1 reorder (${via}): deltas served in another order than the signed log are TAMPER`, () =>
    within(via, async (w) => {
      await threeChanges(w);
      await caught(w, tamper.reorder(), "TAMPER");
    }));

  Deno.test(`T1 bit-flip (${via}): an altered delta is TAMPER before anything is applied`, () =>
    within(via, async (w) => {
      await w.a.write({ content: "Payments store money as integer cents.", type: "convention" });
      await w.a.syncPush({ relay: w.relay });
      await caught(w, tamper.bitflip({ index: 0, offset: -100 }), "TAMPER");
    }));

  Deno.test(`T1 swapped headers (${via}): two deltas' headers exchanged are TAMPER`, () =>
    within(via, async (w) => {
      await threeChanges(w);
      await caught(w, tamper.swapHeaders(0, 1, DELTA_HEADER_LENGTH), "TAMPER");
    }));

  Deno.test(`T1 transplant (${via}): a delta of another strand served in place of one of ours is TAMPER`, () =>
    within(via, async (w) => {
      await threeChanges(w);
      // A second strand on the same relay, whose sealed delta the relay serves to B instead.
      const other = await openDevice(w.dir, "other", w.clock);
      try {
        await other.syncInit(w.relay);
        await other.write({ content: "A fact of somebody else's strand." });
        await other.syncPush({ relay: w.relay });
        const foreign = (await w.relay.pull(other.syncStatus().strandId!, 0, 10)).records;
        ok(foreign.length > 0);
        await caught(w, tamper.substitute(1, foreign[foreign.length - 1]!.bytes), "TAMPER");
      } finally {
        other.close();
      }
    }));

  Deno.test(`T1 stale log (${via}): a relay whose log goes back on what B verified is a ROLLBACK`, () =>
    within(via, async (w) => {
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
    }));

  Deno.test(`T1 torn answer (${via}): a typed relay_misbehaved error, the cursor kept, an honest retry applies`, () =>
    within(via, async (w) => {
      await threeChanges(w);
      w.adversary.add(tamper.truncate(50));
      await rejects(w.b.syncPull({ relay: w.relay }), (e) => isHelixError(e, "relay_misbehaved"));
      equal(contents(w.b).length, 0);
      w.adversary.clear();
      const pulled = await w.b.syncPull({ relay: w.relay });
      equal(pulled.applied, 3);
      equal(w.b.stateHash(), w.a.stateHash());
    }));

  const proofModes = [
    ["honest proof", null, { name: "observe", method: "GET", route: "log" } as const],
    ["forged proof", "FORK", tamper.forgeProof()],
    ["refused proof", "WITHHELD", tamper.refuseProof()],
  ] as const;
  for (const [mode, kind, rewrite] of proofModes) {
    Deno.test(`T1 ${mode} (${via}): two heads the relay signed, joined or ${kind ?? "no alarm"}`, () =>
      within(via, async (w) => {
        await threeChanges(w);
        await w.b.syncPull({ relay: w.relay });
        // B's change gossips the head B verified (3 deltas); A's log has grown past it by then,
        // so A asks the relay to prove the two heads consistent.
        await w.b.write({ content: "The desktop builds release images." });
        await w.b.syncPush({ relay: w.relay });
        await w.a.write({ content: "The laptop runs the linters before each push." });
        await w.a.syncPush({ relay: w.relay });
        w.adversary.add(rewrite);
        await w.a.syncPull({ relay: w.relay });
        ok(w.adversary.log.length > 0, "A asked the relay for a proof");
        const alarms = w.a.syncStatus().alarms;
        if (kind === null) deepEqual(alarms, []);
        else ok(alarms.some((alarm) => alarm.kind === kind), JSON.stringify(alarms));
        w.adversary.clear();
        await w.b.syncPull({ relay: w.relay });
        equal(w.b.stateHash(), w.a.stateHash(), "the changes themselves still apply");
      }));
  }

  Deno.test(`T1 key swap at join (${via}): a relay that shows a new device another key than the roster pins is refused`, () =>
    within(via, async (w) => {
      ok(
        w.a.syncStatus().relayKey?.inRoster,
        "the first device pinned the relay's key in the roster",
      );
      const c = await openDevice(w.dir, "c", w.clock);
      try {
        // The relay would like C on a log of its own: it shows C a key of its choosing.
        w.adversary.add({
          name: "swap key",
          method: "GET",
          route: "other",
          request: (request) =>
            new URL(request.url).pathname === "/v1/relay-key"
              ? new Response(JSON.stringify({ public_key: "cd".repeat(32) }), {
                headers: { "content-type": "application/json" },
              })
              : request,
        });
        await rejects(pairOn(w.a, c, w.relay), (e) => isHelixError(e, "relay_misbehaved"));
        ok(w.adversary.log.includes("swap key"), "the tamper acted");
        equal(c.syncStatus().synced, false, "C did not join on the relay's word");
      } finally {
        c.close();
      }
    }));

  Deno.test(`T1 refused roster CAS (${via}): device add fails with conflict and adds nobody`, () =>
    within(via, async (w) => {
      const c = await openDevice(w.dir, "c", w.clock);
      try {
        const before = w.a.syncStatus().devices;
        w.adversary.add(tamper.refuseRosterCas());
        await rejects(pairOn(w.a, c, w.relay), (e) => isHelixError(e));
        ok(w.adversary.log.includes("refuse roster CAS"), "the tamper acted");
        deepEqual(w.a.syncStatus().devices, before, "A's roster is unchanged");
        w.adversary.clear();
        await w.a.write({ content: "Written after the refused pairing." });
        await w.a.sync({ relay: w.relay });
        await w.b.sync({ relay: w.relay });
        equal(w.b.stateHash(), w.a.stateHash(), "the paired devices carry on");
        deepEqual(w.b.syncStatus().alarms, []);
      } finally {
        c.close();
      }
    }));

  Deno.test(`a relay that fails mid-push loses nothing (${via}): the next push uploads each change once`, () =>
    within(via, async (w) => {
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
    }));

  Deno.test(`an amnesiac relay (${via}, database wiped) converges again after sync repair on each device`, () =>
    within(via, async (w) => {
      const { a, b, relay } = w;
      for (let i = 0; i < 5; i++) {
        await a.write({ content: `Fact ${i} about the deploy pipeline.` });
      }
      await a.sync({ relay });
      await b.write({ content: "The desktop runs the nightly backup." });
      await b.sync({ relay });
      await a.sync({ relay });
      equal(a.stateHash(), b.stateHash());

      // The relay loses everything, its key with it.
      w.swap(await startUpstream(via, w.dir, "relay-wiped", w.clock));
      await rejects(a.syncPush({ relay }), (e) => isHelixError(e, "not_found"));
      const repairedA = await a.syncRepair({ relay });
      equal(repairedA.rosterRestored, 3, "genesis, the first key's pin and the desktop's entry");
      ok(repairedA.restored >= 1);
      const pinned = a.syncStatus().relayKey!;
      ok(pinned.inRoster, "A's repair pinned the key the relay signs with now in the roster");
      // A pinned the wiped relay's new key in the roster: B stops at its next exchange and says
      // why, until its own repair, since the log B verified is gone.
      await rejects(
        b.sync({ relay }),
        (e) =>
          isHelixError(e, "relay_misbehaved") &&
          (e.details as { alarm?: string }).alarm === "ROLLBACK" && /sync repair/.test(e.message),
      );
      const repairedB = await b.syncRepair({ relay });
      equal(repairedB.rosterRestored, 0);
      deepEqual(b.syncStatus().relayKey, pinned, "B verifies with the key A pinned");
      equal(repairedB.restored, 0, "A's repair gave the relay B's changes back already");
      await a.write({ content: "Written after the relay came back." });
      await a.sync({ relay });
      await b.sync({ relay });
      equal(b.stateHash(), a.stateHash());
      const c = await openDevice(w.dir, "c", w.clock);
      try {
        await pairOn(a, c, relay);
        await c.sync({ relay });
        equal(c.stateHash(), a.stateHash(), "a new device gets everything from the repaired relay");
      } finally {
        c.close();
      }
    }));

  Deno.test(`an amnesiac relay (${via}) whose other device never comes back: repair restores that device's changes too`, () =>
    within(via, async (w) => {
      const { a, b, relay } = w;
      await a.write({ content: "The laptop keeps the signing keys in the OS keychain." });
      await a.sync({ relay });
      for (let i = 0; i < 3; i++) {
        await b.write({ content: `Desktop fact ${i}: builds run on arm64.` });
      }
      await b.sync({ relay });
      await a.sync({ relay });
      equal(a.stateHash(), b.stateHash());
      b.close(); // the desktop is gone for good, and the relay loses everything
      w.swap(await startUpstream(via, w.dir, "relay-wiped", w.clock));
      const repaired = await a.syncRepair({ relay });
      ok(repaired.restored >= 1, "A's own changes");
      ok(repaired.restoredForOthers >= 1, "and the desktop's, as A received them");
      const again = await a.syncRepair({ relay });
      equal(again.restored + again.restoredForOthers, 0, "a second repair uploads nothing new");
      const c = await openDevice(w.dir, "c", w.clock);
      try {
        await pairOn(a, c, relay);
        await c.sync({ relay });
        equal(c.stateHash(), a.stateHash(), "a new device gets the desktop's changes too");
        ok((await c.search({ query: "arm64 builds", limit: 5 })).hits.length > 0);
      } finally {
        c.close();
      }
    }));

  Deno.test(`T1 fork (${via}): a relay that shows two devices two histories is caught by the heads they gossip (FORK)`, async () => {
    const dir = await Deno.makeTempDir({ prefix: "helix-fork-" });
    const clock = { t: Date.UTC(2026, 10, 25, 12), now: () => clock.t };
    // One relay key, two logs: what a forking relay shows x, and what it shows y.
    const logX = await startUpstream(via, dir, "relay-x", clock);
    const logY = await startUpstream(via, dir, "relay-y", clock, logX);
    const [frontX, frontY] = [front(via, logX), front(via, logY)];
    const [toX, toY] = [frontX.relay, frontY.relay];
    const x = await openDevice(dir, "x", clock);
    const y = await openDevice(dir, "y", clock);
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
      for (const gate of [frontX, frontY]) await gate.close();
      for (const log of [logX, logY]) await log.close();
      await Deno.remove(dir, { recursive: true }).catch(() => {});
    }
  });

  Deno.test(`T1 fork seen by a witness (${via}): no change crosses the fork, the witness shows it (FORK)`, async () => {
    const dir = await Deno.makeTempDir({ prefix: "helix-witness-" });
    const clock = { t: Date.UTC(2026, 10, 25, 12), now: () => clock.t };
    const logX = await startUpstream(via, dir, "relay-x", clock);
    const logY = await startUpstream(via, dir, "relay-y", clock, logX);
    const witnessRelay = await startUpstream(via, dir, "witness", clock);
    const gates = [front(via, logX), front(via, logY), front(via, witnessRelay)];
    const [toX, toY, toW] = gates.map((gate) => gate.relay) as [RelayPort, RelayPort, RelayPort];
    const witnessGate = gates[2]!;
    const witness = toW as unknown as WitnessPort;
    const x = await openDevice(dir, "x", clock);
    const y = await openDevice(dir, "y", clock);
    try {
      await x.syncInit(toX);
      await x.write({ content: "The first fact both devices see." });
      await pairOn(x, y, toX);
      // Each states the head it verified at its last pull (x's first sync has none yet).
      await x.sync({ relay: toX, witness });
      await y.sync({ relay: toX, witness });
      await x.sync({ relay: toX, witness });
      const honest = await y.sync({ relay: toX, witness });
      equal(honest.witness?.checked, 1, JSON.stringify(honest.witness));
      equal(honest.witness?.alarms, 0);
      deepEqual(x.syncStatus().alarms, []);
      // The relay forks: from now on it shows y a copy of the strand that x never sees.
      await x.syncRepair({ relay: toY });
      await y.syncPull({ relay: toY });
      await x.write({ content: "x's change, shown only to x." });
      await y.write({ content: "y's change, shown only to y." });
      // Each states what it verified at its pull, so the fork shows one sync after the writes.
      await y.sync({ relay: toY, witness });
      await x.sync({ relay: toX, witness });
      await y.sync({ relay: toY, witness });
      deepEqual(x.syncStatus().alarms, []);
      const seen = await x.sync({ relay: toX, witness });
      equal(seen.witness?.alarms, 1, JSON.stringify(seen.witness));
      ok(x.syncStatus().alarms.some((alarm) => alarm.kind === "FORK"), "x sees the fork");
      await y.sync({ relay: toY, witness });
      ok(y.syncStatus().alarms.some((alarm) => alarm.kind === "FORK"), "and so does y");
      // A witness that alters statements is not believed: it can hide a fork, never invent one.
      witnessGate.adversary.add({
        name: "flip statement",
        method: "GET",
        route: "other",
        body: (bytes) => {
          const altered = bytes.slice();
          altered[40]! ^= 1;
          return altered;
        },
      });
      const altered = await x.sync({ relay: toX, witness });
      equal(altered.witness?.refused, 1, "the altered statement is refused");
      equal(altered.witness?.checked, 0);
    } finally {
      x.close();
      y.close();
      for (const gate of gates) await gate.close();
      for (const log of [logX, logY, witnessRelay]) await log.close();
      await Deno.remove(dir, { recursive: true }).catch(() => {});
    }
  });
}
