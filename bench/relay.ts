/**
 * Relay load benchmark (sync-protocol T13): S strands × D devices against a real relay process
 * over loopback, each device a closed loop of push (one new sealed delta) then pull (everything
 * after its cursor). Reports p50/p99 latency of pushes and pulls, requests/s, the relay's bytes
 * per delta and the database size.
 *
 *   deno task bench:relay [--strands 10] [--devices 2] [--rounds 100] [--deps 8]
 *                         [--storage sqlite|kv] [--warmup 10] [--relay-cpus 1]
 *
 * `--relay-cpus 1` pins the relay process to one core (`taskset`); run the script itself under
 * `taskset -c 0` to keep the load generator off that core.
 *
 * The load generator shares the machine with the relay: on a 2-core box both compete for CPU.
 *
 * @module
 */
import { parseArgs } from "node:util";
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
  },
});
const S = Number(values.strands);
const D = Number(values.devices);
const ROUNDS = Number(values.rounds);
const WARMUP = Number(values.warmup);
const DEPS = Number(values.deps);
const storage = values.storage === "kv" ? "kv" : "sqlite";

const loadAverage = () => (Deno.loadavg()[0] ?? 0).toFixed(2);
const loadBefore = loadAverage();
const data = await Deno.makeTempDir({ prefix: "helix-relay-bench-" });
const relayCpus = values["relay-cpus"];
const relay = await startRelay({
  storage,
  data,
  ...(relayCpus ? { cpus: relayCpus } : {}),
  env: { HELIX_RELAY_IP_RATE: "1000000/1000000", HELIX_RELAY_STRAND_RATE: "1000000/1000000" },
});

interface Device {
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
    devices.push({ strand, deltas, cursor: 0 });
  }
}
const envelopeBytes = devices.flatMap((d) => d.deltas).reduce((sum, b) => sum + b.length, 0);

const push: number[] = [];
const pull: number[] = [];
let pulled = 0;

async function round(device: Device, i: number, record: boolean): Promise<void> {
  const base = `${relay.url}/v1/strands/${device.strand.strandId}`;
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

await relay.stop();
const file = `${data}/relay.${storage === "kv" ? "kv" : "sqlite"}`;
const dbBytes = (await Deno.stat(file)).size;
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
