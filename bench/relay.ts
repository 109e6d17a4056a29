/**
 * Relay load benchmark (sync-protocol T13): S strands × D devices against a real relay process
 * over loopback, each device a closed loop of push (one new sealed delta) then pull (everything
 * after its cursor). Reports p50/p99 latency of pushes and pulls, requests/s, the relay's bytes
 * per delta and the database size.
 *
 *   deno task bench:relay [--strands 10] [--devices 2] [--rounds 100] [--deps 8]
 *                         [--storage sqlite|kv|postgres] [--warmup 10] [--relay-cpus 1]
 *                         [--postgres URL] [--instances 2]
 *
 * `--storage postgres` runs the relay over PostgreSQL (`--postgres`, default
 * HELIX_TEST_POSTGRES_URL) in a schema of its own, dropped afterwards; `--instances N` starts N
 * relay processes over it and spreads the devices across them (device i talks to instance
 * i mod N), as stateless instances behind a balancer would be used.
 *
 * `--relay-cpus 1` pins the relay process to one core (`taskset`); run the script itself under
 * `taskset -c 0` to keep the load generator off that core.
 *
 * The load generator shares the machine with the relay: on a 2-core box both compete for CPU.
 *
 * @module
 */
import { parseArgs } from "node:util";
import postgres from "postgres";
import { parseFrames } from "@helix/core";
import { startRelay } from "../relay/testing/process.ts";
import { type TestStrand, testStrand } from "../relay/testing/strand.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: {
    strands: { type: "string", default: "10" },
    devices: { type: "string", default: "2" },
    rounds: { type: "string", default: "100" },
    deps: { type: "string", default: "8" },
    warmup: { type: "string", default: "10" },
    storage: { type: "string", default: "sqlite" },
    "relay-cpus": { type: "string" },
    postgres: { type: "string" },
    instances: { type: "string", default: "1" },
  },
});
const S = Number(values.strands);
const D = Number(values.devices);
const ROUNDS = Number(values.rounds);
const WARMUP = Number(values.warmup);
const DEPS = Number(values.deps);
const storage = values.storage === "kv" || values.storage === "postgres"
  ? values.storage
  : "sqlite";
const INSTANCES = Number(values.instances);
const pgBase = values.postgres ?? Deno.env.get("HELIX_TEST_POSTGRES_URL");
if (storage === "postgres" && !pgBase) {
  throw new Error("--postgres URL (or HELIX_TEST_POSTGRES_URL)");
}
const schema = `relay_bench_${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`;
const databaseUrl = (() => {
  if (storage !== "postgres") return undefined;
  const url = new URL(pgBase!);
  url.searchParams.set("search_path", schema);
  return url.href;
})();

const loadAverage = () => (Deno.loadavg()[0] ?? 0).toFixed(2);
const loadBefore = loadAverage();
const data = await Deno.makeTempDir({ prefix: "helix-relay-bench-" });
const relayCpus = values["relay-cpus"];
const relays = [];
for (let i = 0; i < (storage === "postgres" ? INSTANCES : 1); i++) {
  relays.push(
    await startRelay({
      storage,
      data,
      ...(relayCpus ? { cpus: relayCpus } : {}),
      ...(databaseUrl ? { databaseUrl } : {}),
      env: { HELIX_RELAY_IP_RATE: "1000000/1000000", HELIX_RELAY_STRAND_RATE: "1000000/1000000" },
    }),
  );
}
const relay = relays[0]!;

interface Device {
  relay: string;
  strand: TestStrand;
  deltas: Uint8Array<ArrayBuffer>[];
  cursor: number;
}

// Sealed ahead of time: the benchmark measures the relay, not the client's crypto.
const strands = await Promise.all(Array.from({ length: S }, () => testStrand()));
const devices: Device[] = [];
let n = 0;
for (const strand of strands) {
  const created = await fetch(`${relay.url}/v1/strands/${strand.strandId}`, {
    method: "PUT",
    body: strand.genesis,
  });
  if (created.status !== 201) throw new Error(`create: ${created.status}`);
  await created.body?.cancel();
  for (let d = 0; d < D; d++) {
    const deltas = Array.from({ length: WARMUP + ROUNDS }, () => strand.delta(++n, DEPS));
    devices.push({ relay: relays[devices.length % relays.length]!.url, strand, deltas, cursor: 0 });
  }
}
const envelopeBytes = devices.flatMap((d) => d.deltas).reduce((sum, b) => sum + b.length, 0);

const push: number[] = [];
const pull: number[] = [];
let pulled = 0;

async function round(device: Device, i: number, record: boolean): Promise<void> {
  const base = `${device.relay}/v1/strands/${device.strand.strandId}`;
  let start = performance.now();
  const pushed = await fetch(`${base}/deltas`, { method: "POST", body: device.deltas[i]! });
  await pushed.arrayBuffer();
  if (pushed.status !== 201) throw new Error(`push: ${pushed.status}`);
  if (record) push.push(performance.now() - start);
  start = performance.now();
  const answer = await fetch(`${base}/deltas?after=${device.cursor}&limit=500`);
  const frames = parseFrames(new Uint8Array(await answer.arrayBuffer()));
  if (record) pull.push(performance.now() - start);
  device.cursor = frames.at(-1)?.seq ?? device.cursor;
  pulled += frames.length;
}

for (let i = 0; i < WARMUP; i++) await Promise.all(devices.map((d) => round(d, i, false)));
const started = performance.now();
await Promise.all(devices.map(async (device) => {
  for (let i = WARMUP; i < WARMUP + ROUNDS; i++) await round(device, i, true);
}));
const seconds = (performance.now() - started) / 1000;

for (const each of relays) await each.stop();
let dbBytes: number;
if (storage === "postgres") {
  // Tables, indexes and TOAST of the run's schema; dropped after.
  const admin = postgres(pgBase!, { max: 1, onnotice: () => {} });
  const [row] = await admin<{ bytes: string }[]>`
    SELECT sum(pg_total_relation_size(c.oid)) AS bytes FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = ${schema} AND c.relkind = 'r'`;
  dbBytes = Number(row?.bytes ?? 0);
  await admin`DROP SCHEMA ${admin(schema)} CASCADE`;
  await admin.end();
} else {
  dbBytes = (await Deno.stat(`${data}/relay.${storage}`)).size;
}
await Deno.remove(data, { recursive: true });

const quantile = (samples: number[], q: number) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};
const ms = (x: number) => x.toFixed(2);
const all = [...push, ...pull];
const deltaCount = devices.length * (WARMUP + ROUNDS);
const report = {
  storage,
  instances: relays.length,
  strands: S,
  devicesPerStrand: D,
  concurrent: devices.length,
  requests: all.length,
  requestsPerSecond: Math.round(all.length / seconds),
  p50: ms(quantile(all, 0.5)),
  p99: ms(quantile(all, 0.99)),
  pushP50: ms(quantile(push, 0.5)),
  pushP99: ms(quantile(push, 0.99)),
  pullP50: ms(quantile(pull, 0.5)),
  pullP99: ms(quantile(pull, 0.99)),
  deltasPulled: pulled,
  envelopeBytesPerDelta: Math.round(envelopeBytes / deltaCount),
  relayBytesPerDelta: Math.round(dbBytes / deltaCount),
  databaseMiB: (dbBytes / (1 << 20)).toFixed(2),
  cores: navigator.hardwareConcurrency,
  relayPinnedTo: relayCpus ?? "any core",
  loadAverage: `${loadBefore} before, ${loadAverage()} after`,
};
Deno.stdout.writeSync(new TextEncoder().encode(`${JSON.stringify(report, null, 2)}\n`));
