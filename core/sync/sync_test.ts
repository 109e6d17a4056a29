import { deepEqual, equal, ok, rejects } from "node:assert/strict";
import { join } from "node:path";
import { loadOrCreateDeviceKey } from "../crypto/device_key.ts";
import { loadOrCreateExchangeKey } from "../crypto/exchange_key.ts";
import { type Engine, openEngine } from "../engine.ts";
import { loadDeviceKeys } from "../crypto/device_keys.ts";
import { isHelixError } from "../errors.ts";
import { MAX_ENVELOPE_BYTES } from "./wire/delta_header.ts";
import { memoryRelay } from "./_memory_relay_testing.ts";
import type { RelayPort } from "./relay_port.ts";

async function device(dir: string, name: string): Promise<Engine> {
  const home = join(dir, name);
  await Deno.mkdir(home, { recursive: true });
  const syncKeys = {
    device: await loadOrCreateDeviceKey(join(home, "device.key")),
    exchange: await loadOrCreateExchangeKey(join(home, "device-x25519.key")),
  };
  return openEngine({ path: join(home, "strand.db"), syncKeys, deviceName: name });
}

async function pair(a: Engine, b: Engine, relay: RelayPort): Promise<void> {
  let code = "";
  let codeReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => codeReady = resolve);
  const shown: string[] = [];
  const sleep = () => new Promise<void>((resolve) => setTimeout(resolve, 1));
  const inviting = a.syncInvite({
    onCode: (c) => {
      code = c;
      codeReady();
    },
    confirm: (sas) => (shown.push(sas), Promise.resolve(true)),
    sleep,
  }, { relay });
  await ready;
  const joined = await b.syncJoin(code, {
    confirm: (sas) => (shown.push(sas), Promise.resolve(true)),
    sleep,
  }, { relay: () => relay });
  const invited = await inviting;
  ok(invited.paired && joined.paired);
  equal(shown[0], shown[1], "both devices show the same safety number");
}

Deno.test("two devices pair through a relay and converge on each other's memories", async () => {
  const dir = await Deno.makeTempDir();
  const relay = memoryRelay();
  const laptop = await device(dir, "laptop");
  const desktop = await device(dir, "desktop");
  await laptop.write({
    content: "The billing service stores money as integer cents.",
    type: "convention",
  });
  await laptop.syncInit(relay);
  await desktop.write({
    content: "Deploys go out from the release branch on Tuesdays.",
    type: "fact",
  });
  await pair(laptop, desktop, relay);
  await laptop.sync({ relay });
  await desktop.sync({ relay });
  await laptop.sync({ relay });
  const contents = (e: Engine) => e.list({ limit: 50 }).items.map((m) => m.content).sort();
  deepEqual(contents(laptop), contents(desktop));
  equal(contents(laptop).length, 2);
  equal(laptop.stateHash(), desktop.stateHash());
  const status = desktop.syncStatus();
  ok(status.synced);
  equal(status.devices?.length, 2);
  equal(status.unpushed, 0);
  equal(status.pending, 0);
  equal(status.quarantined, 0);
  // A write after pairing is sealed in its own transaction and travels on the next sync.
  const later = await desktop.write({
    content: "Staging uses the eu-west-2 region.",
    type: "fact",
  });
  equal(desktop.syncStatus().unpushed, 1, "sealed into the outbox with the write");
  await desktop.sync({ relay });
  const pulled = await laptop.syncPull({ relay });
  equal(pulled.applied, 1);
  equal(laptop.get(later.id).content, "Staging uses the eu-west-2 region.");
  // Replaying everything changes nothing.
  const again = await laptop.syncPull({ relay });
  equal(again.received, 0);
  laptop.close();
  desktop.close();
});

Deno.test("a tampered delta is quarantined and the rest still apply", async () => {
  const dir = await Deno.makeTempDir();
  const relay = memoryRelay();
  const a = await device(dir, "a");
  const b = await device(dir, "b");
  await a.syncInit(relay);
  await pair(a, b, relay);
  await a.write({ content: "First fact about the deploy pipeline.", type: "fact" });
  await a.syncPush({ relay });
  const list = relay.deltas.values().next().value!;
  const flipped = list[0]!.bytes.slice();
  flipped[flipped.length - 100]! ^= 1;
  list[0] = { seq: list[0]!.seq, bytes: flipped };
  await b.syncPull({ relay });
  equal(b.syncStatus().quarantined, 1);
  a.close();
  b.close();
});

Deno.test("sync refuses without keys, and before init", async () => {
  const engine = openEngine({ path: ":memory:" });
  await rejects(engine.syncPush(), (e) => isHelixError(e, "not_found"));
  await rejects(engine.syncInit(memoryRelay()), (e) => isHelixError(e, "unauthorized"));
  engine.close();
});

Deno.test("T10 through sync: a device a year ahead and one a year behind converge; nobody adopts the future clock", async () => {
  const dir = await Deno.makeTempDir();
  const relay = memoryRelay();
  const YEAR = 365 * 86_400_000;
  const now = Date.UTC(2026, 10, 25, 12);
  const at = (t: number) => ({ now: () => t });
  const open = async (name: string, clock: { now(): number }) =>
    openEngine({
      path: join(dir, `${name}.db`),
      clock,
      syncKeys: await loadDeviceKeys(join(dir, `${name}-keys`), true),
      deviceName: name,
    });
  const here = await open("here", at(now));
  const ahead = await open("ahead", at(now + YEAR));
  const behind = await open("behind", at(now - YEAR));
  await here.syncInit(relay);
  await pair(here, ahead, relay);
  await pair(here, behind, relay);
  await ahead.write({ content: "Releases are cut on Fridays.", type: "fact" });
  await behind.write({ content: "Logs go to the audit bucket.", type: "fact" });
  await here.write({ content: "Builds use Node 20.", type: "fact" });
  for (let round = 0; round < 2; round++) {
    for (const e of [here, ahead, behind]) await e.sync({ relay });
  }
  equal(ahead.stateHash(), here.stateHash());
  equal(behind.stateHash(), here.stateHash());
  for (const e of [here, ahead, behind]) equal(e.syncStatus().quarantined, 0, "no rejection");
  const later = await here.write({ content: "Staging resets nightly.", type: "fact" });
  const [put] = here.history({ id: later.id });
  const stamped = here.ops().find((op) => op.changeId === put!.changeId)!;
  ok(Number(stamped.hlc.slice(0, 15)) <= now, "this device's clock stays its own");
  for (const e of [here, ahead, behind]) e.close();
});

Deno.test("T11: a change too big for one envelope is split into several, each under 1 MiB", async () => {
  const dir = await Deno.makeTempDir();
  const relay = memoryRelay();
  const a = await device(dir, "a");
  const b = await device(dir, "b");
  const filler = "x".repeat(600);
  await a.importRecords(
    Array.from({ length: 2500 }, (_, i) => ({
      kind: "memory" as const,
      content: `Service ${i} keeps its settings in ${filler} (${i}).`,
      type: "fact" as const,
    })),
  );
  await a.syncInit(relay);
  const status = a.syncStatus();
  ok(status.unpushed >= 2, `split into ${status.unpushed} changes`);
  await a.syncPush({ relay });
  const stored = [...relay.deltas.values()][0]!;
  ok(stored.every((r) => r.bytes.length <= MAX_ENVELOPE_BYTES));
  await pair(a, b, relay);
  const pulled = await b.syncPull({ relay });
  equal(pulled.applied, status.unpushed);
  equal(b.stateHash(), a.stateHash());
  a.close();
  b.close();
});

Deno.test("on synced machines, derived memories (profiles) are made once, by the first machine", async () => {
  const dir = await Deno.makeTempDir();
  const relay = memoryRelay();
  const first = await device(dir, "first");
  const second = await device(dir, "second");
  await first.write({ content: "The user is Ada, a backend engineer.", type: "identity" });
  await first.write({ content: "Prefers pnpm over npm.", type: "preference" });
  await first.syncInit(relay);
  await pair(first, second, relay);
  await second.sync({ relay });
  equal((await second.sleep({ only: "profile" })).changed, 0, "the joined machine derives nothing");
  equal((await first.sleep({ only: "profile" })).changed, 1, "the first one writes the profile");
  for (let round = 0; round < 2; round++) {
    for (const e of [first, second]) await e.sync({ relay });
  }
  const profiles = (e: Engine) => e.list({ types: ["profile"], scope: "all" }).items.length;
  equal(profiles(first), 1);
  equal(profiles(second), 1, "one profile on both machines, not one each");
  equal(second.stateHash(), first.stateHash());
  first.close();
  second.close();
});
