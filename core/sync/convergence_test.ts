/**
 * T2 (sync-protocol): 2–6 devices that write, edit and forget concurrently, sync in random
 * partitions through a relay that delays (reorders), duplicates and fails calls mid-way,
 * converge to the same state hash once every device has synced twice. Also: the same delta
 * set pulled in another order gives the same bytes.
 */
import fc from "fast-check";
import { deepEqual, equal } from "node:assert/strict";
import { join } from "node:path";
import { loadDeviceKeys } from "../crypto/device_keys.ts";
import { type Engine, openEngine } from "../engine.ts";
import { HelixError } from "../errors.ts";
import { memoryRelay } from "./_memory_relay_testing.ts";
import type { RelayPort } from "./relay_port.ts";

type Action =
  | { kind: "write"; device: number; text: number }
  | { kind: "patch"; device: number; pick: number; text: number }
  | { kind: "forget"; device: number; pick: number }
  | { kind: "sync"; device: number }
  | { kind: "push"; device: number }
  | { kind: "pull"; device: number };

const WORDS = ["deploys", "billing", "cache", "retries", "schema", "tokens", "queues", "logs"];
const sentence = (n: number) =>
  `The ${WORDS[n % 8]} service keeps ${WORDS[(n >> 3) % 8]} for ${n % 97} days in region ${n}.`;

/**
 * A relay that delays pushes (so the log's order is not the push order), stores duplicates,
 * fails calls before they reach it, and loses answers after it stored an upload.
 */
interface Rng {
  nextInt(min: number, max: number): number;
  nextBoolean(): boolean;
}

/** mulberry32: a small seeded generator, so a failing run replays from fast-check's seed. */
function rng(seed: number): Rng {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    nextInt: (min, max) => min + Math.floor(next() * (max - min + 1)),
    nextBoolean: () => next() < 0.5,
  };
}

function unreliable(base: RelayPort, random: Rng): RelayPort {
  const held: { strandId: string; delta: Uint8Array }[] = [];
  const fault = () => {
    if (random.nextInt(0, 9) === 0) throw new HelixError("relay_unavailable", "injected fault");
  };
  const release = async () => {
    while (held.length > 0 && random.nextBoolean()) {
      const item = held.splice(random.nextInt(0, held.length - 1), 1)[0]!;
      await base.push(item.strandId, item.delta);
    }
  };
  return {
    ...base,
    async push(strandId, delta) {
      fault();
      const roll = random.nextInt(0, 5);
      if (roll === 0) {
        held.push({ strandId, delta });
        return { seq: 0, duplicate: false };
      }
      const answer = await base.push(strandId, delta);
      if (roll === 1) await base.push(strandId, delta.slice()); // stored once (same delta id)
      if (roll === 2) {
        // Stored, but the answer is lost: the client pushes it again later (a no-op).
        throw new HelixError("relay_unavailable", "injected fault after the upload");
      }
      await release();
      return answer;
    },
    async pull(strandId, after, limit) {
      fault();
      await release();
      return await base.pull(strandId, after, Math.min(limit, 1 + random.nextInt(0, 3)));
    },
    roster: (strandId, after) => (fault(), base.roster(strandId, after)),
    flush: async () => {
      for (const item of held.splice(0)) await base.push(item.strandId, item.delta);
    },
  } as RelayPort & { flush(): Promise<void> };
}

async function pairAll(devices: Engine[], relay: RelayPort): Promise<void> {
  await devices[0]!.syncInit(relay);
  for (const joiner of devices.slice(1)) await invite(devices[0]!, joiner, relay);
}

async function invite(inviter: Engine, joiner: Engine, relay: RelayPort): Promise<void> {
  let code = "";
  let ready: () => void = () => {};
  const shown = new Promise<void>((resolve) => ready = resolve);
  const sleep = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
  const inviting = inviter.syncInvite({
    onCode: (c) => (code = c, ready()),
    confirm: () => Promise.resolve(true),
    sleep,
  }, { relay });
  await shown;
  await joiner.syncJoin(code, { confirm: () => Promise.resolve(true), sleep }, {
    relay: () => relay,
  });
  await inviting;
}

async function openDevices(count: number): Promise<Engine[]> {
  const dir = await Deno.makeTempDir();
  const out: Engine[] = [];
  for (let i = 0; i < count; i++) {
    const home = join(dir, `d${i}`);
    const syncKeys = await loadDeviceKeys(join(home, "keys"), true);
    out.push(openEngine({ path: join(home, "s.db"), syncKeys, deviceName: `d${i}` }));
  }
  return out;
}

const action = (devices: number): fc.Arbitrary<Action> =>
  fc.oneof(
    fc.record({
      kind: fc.constant("write" as const),
      device: fc.nat(devices - 1),
      text: fc.nat(5000),
    }),
    fc.record({
      kind: fc.constant("patch" as const),
      device: fc.nat(devices - 1),
      pick: fc.nat(),
      text: fc.nat(5000),
    }),
    fc.record({
      kind: fc.constant("forget" as const),
      device: fc.nat(devices - 1),
      pick: fc.nat(),
    }),
    fc.record({ kind: fc.constant("sync" as const), device: fc.nat(devices - 1) }),
    fc.record({ kind: fc.constant("push" as const), device: fc.nat(devices - 1) }),
    fc.record({ kind: fc.constant("pull" as const), device: fc.nat(devices - 1) }),
  );

async function run(engine: Engine, act: Action, relay: RelayPort): Promise<void> {
  const live = () => engine.list({ limit: 200 }).items;
  try {
    switch (act.kind) {
      case "write":
        await engine.write({ content: sentence(act.text), type: "fact" });
        return;
      case "patch": {
        const items = live();
        if (items.length === 0) return;
        const target = items[act.pick % items.length]!;
        await engine.patch(target.id, { content: sentence(act.text + 1) });
        return;
      }
      case "forget": {
        const items = live();
        if (items.length === 0) return;
        await engine.forget({ id: items[act.pick % items.length]!.id });
        return;
      }
      case "sync":
        await engine.sync({ relay });
        return;
      case "push":
        await engine.syncPush({ relay });
        return;
      case "pull":
        await engine.syncPull({ relay });
        return;
    }
  } catch (error) {
    if (
      error instanceof HelixError &&
      ["relay_unavailable", "conflict", "not_found"].includes(error.code)
    ) return;
    throw error;
  }
}

Deno.test({
  name:
    "T2: 2–6 devices, random edits, partitions, reordered, duplicated and failed calls converge",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 2, max: 6 }).chain((n) =>
          fc.tuple(fc.constant(n), fc.array(action(n), { minLength: 5, maxLength: 30 }))
        ),
        fc.integer(),
        async ([count, actions], seed) => {
          const random = rng(seed);
          const base = memoryRelay();
          const relay = unreliable(base, random) as RelayPort & { flush(): Promise<void> };
          const devices = await openDevices(count);
          try {
            await pairAll(devices, base);
            for (const act of actions) await run(devices[act.device]!, act, relay);
            await relay.flush();
            for (let round = 0; round < 2; round++) {
              for (const device of devices) await device.sync({ relay: base });
            }
            const hashes = devices.map((d) => d.stateHash());
            deepEqual(new Set(hashes).size, 1, `state hashes differ: ${hashes.join(" ")}`);
            for (const device of devices) {
              const status = device.syncStatus();
              equal(status.pending, 0);
              equal(status.quarantined, 0);
              equal(status.unpushed, 0);
            }
          } finally {
            for (const device of devices) device.close();
          }
        },
      ),
      { numRuns: 30 },
    );
  },
});

Deno.test({
  name: "T2: the same delta set pulled in different orders gives the same state, byte for byte",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const base = memoryRelay();
    const writers = await openDevices(3);
    await pairAll(writers, base);
    const random = rng(7);
    for (let i = 0; i < 24; i++) {
      const w = writers[random.nextInt(0, 2)]!;
      const act: Action = random.nextBoolean()
        ? { kind: "write", device: 0, text: random.nextInt(0, 5000) }
        : { kind: "patch", device: 0, pick: random.nextInt(0, 50), text: random.nextInt(0, 5000) };
      await run(w, act, base);
      if (random.nextInt(0, 3) === 0) await w.sync({ relay: base });
    }
    for (const w of writers) await w.syncPush({ relay: base });
    const hashes: string[] = [];
    for (let k = 0; k < 4; k++) {
      const [reader] = await openDevices(1);
      await invite(writers[0]!, reader!, base);
      const served = [...base.deltas.values()][0]!.map((r) => r.bytes);
      for (let i = served.length - 1; i > 0; i--) {
        const j = random.nextInt(0, i);
        [served[i], served[j]] = [served[j]!, served[i]!];
      }
      const shuffled: RelayPort = {
        ...base,
        pull: (_strand, after) =>
          Promise.resolve({
            records: served.map((bytes, i) => ({ seq: i + 1, bytes })).filter((r) => r.seq > after),
            more: false,
            head: null,
          }),
      };
      const report = await reader!.syncPull({ relay: shuffled });
      equal(report.pending, 0);
      equal(report.quarantined, 0);
      hashes.push(reader!.stateHash());
      reader!.close();
    }
    equal(new Set(hashes).size, 1, hashes.join(" "));
    for (const w of writers) w.close();
  },
});
