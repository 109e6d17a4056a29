/**
 * A new member joining a large strand through a snapshot (R28, issue 19): N memories (the
 * synthetic generator's realistic text) written on one device and pushed to a real relay
 * process (SQLite) on loopback, a snapshot made and uploaded; then a new device pairs and
 * joins. Measured: time from the join to the first search result (pairing, roster, snapshot
 * download, verification and bulk apply, one search), against the same join replaying every
 * delta instead (the snapshot routes hidden from the joiner); the snapshot's size and parts.
 * Target: ≤ 15 s to first search at 10^5 memories. No embedder (vectors never travel).
 *
 * Usage: deno run -A bench/sync_snapshot_join.ts [--memories 100000] [--write]
 *   (`--write` records bench/RESULTS-snapshot.md)
 *
 * @module
 */
import { join } from "node:path";
import { parseArgs } from "node:util";
import {
  type Engine,
  httpRelay,
  loadDeviceKeys,
  openEngine,
  type RelayPort,
  type WriteInput,
} from "@helix/core";
import { startRelay } from "../relay/testing/process.ts";
import { log, MACHINE_LINE, peakRssMb } from "./measure.ts";
import { synthetic } from "./synthetic.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: { memories: { type: "string" }, write: { type: "boolean" } },
});
const count = Number(values.memories ?? 100_000);
const loadBefore = Deno.loadavg();

const dir = await Deno.makeTempDir({ prefix: "helix-bench-snapshot-" });
await using relay = await startRelay({
  env: { HELIX_RELAY_IP_RATE: "100000/100000", HELIX_RELAY_STRAND_RATE: "100000/100000" },
});

async function open(name: string): Promise<Engine> {
  return openEngine({
    path: join(dir, `${name}.db`),
    syncKeys: await loadDeviceKeys(join(dir, `${name}-keys`), true),
    deviceName: name,
  });
}

/** Pairs `b` with `a`; returns ms from the join's start until it returned. */
async function pair(a: Engine, b: Engine, relayFor?: (url: string) => RelayPort) {
  let code = "";
  let ready: () => void = () => {};
  const shown = new Promise<void>((resolve) => ready = resolve);
  const prompts = { confirm: () => Promise.resolve(true), pollMs: 20 };
  const inviting = a.syncInvite({ ...prompts, onCode: (c) => (code = c, ready()) });
  await shown;
  const started = performance.now();
  await b.syncJoin(code, prompts, relayFor ? { relay: relayFor } : {});
  await inviting;
  return started;
}

const gen = synthetic(11);
const records = Array.from({ length: count }, (_, i) => {
  const m: WriteInput = gen.memory(i);
  return { kind: "memory" as const, content: m.content, type: m.type!, scope: m.scope! };
});
const probe = records[Math.floor(count / 2)]!.content.split(/\s+/).slice(0, 6).join(" ");

log(`snapshot join bench: ${count} memories, ${MACHINE_LINE}, load ${loadBefore[0]!.toFixed(2)}`);
const owner = await open("owner");
await owner.syncInit(relay.url);
let started = performance.now();
await owner.importRecords(records);
const pushed = await owner.syncPush();
const writeMs = performance.now() - started;
log(`- written and pushed in ${(writeMs / 1000).toFixed(1)} s (${pushed.uploaded} changes)`);

started = performance.now();
const made = await owner.syncSnapshot();
const makeMs = performance.now() - started;
log(
  `- snapshot made in ${(makeMs / 1000).toFixed(1)} s: ${made.ops} ops, ${made.changes} changes, ` +
    `${(made.bytes / 1024 / 1024).toFixed(1)} MiB in ${made.parts} parts`,
);

async function firstSearch(engine: Engine): Promise<number> {
  const found = await engine.search({ query: probe, limit: 5 });
  if (found.hits.length === 0) throw new Error("the first search found nothing");
  return found.hits.length;
}

// The new member, from the snapshot.
const member = await open("member");
started = await pair(owner, member);
await firstSearch(member);
const snapshotMs = performance.now() - started;
const mark = member.syncSnapshotMark();
if (mark?.source !== "applied") throw new Error("the member did not start from the snapshot");
const rssSnapshot = peakRssMb();
log(`- from the snapshot: first search after ${(snapshotMs / 1000).toFixed(1)} s`);

// The same join replaying every delta (the snapshot routes hidden from it).
const replayer = await open("replayer");
const noSnapshots = (url: string): RelayPort => {
  const { latestSnapshot: _hidden, ...port } = httpRelay(url);
  return port;
};
started = await pair(owner, replayer, noSnapshots);
const replayed = await replayer.syncPull();
await firstSearch(replayer);
const replayMs = performance.now() - started;
log(
  `- replaying ${replayed.received} deltas: first search after ${(replayMs / 1000).toFixed(1)} s`,
);

await member.sync();
const same = member.stateHash() === owner.stateHash() &&
  replayer.stateHash() === owner.stateHash();
const loadAfter = Deno.loadavg();
log(`- states equal: ${same}; load after ${loadAfter[0]!.toFixed(2)}`);
owner.close();
member.close();
replayer.close();
await Deno.remove(dir, { recursive: true });

if (values.write) {
  const text = `# A new member joins through a snapshot (R28)

\`deno run -A bench/sync_snapshot_join.ts --memories ${count}\` — ${MACHINE_LINE}, load ${
    loadBefore[0]!.toFixed(2)
  } before and ${loadAfter[0]!.toFixed(2)} after, ${new Date().toISOString().slice(0, 10)}.
One process holds the devices; the relay is a separate process (SQLite) on loopback. Synthetic
memories (\`bench/synthetic.ts\`), no embedder (vectors never travel).

| step | figure |
| --- | ---: |
| strand | ${count} memories, ${made.ops} ops, ${made.changes} changes |
| snapshot | ${(made.bytes / 1024 / 1024).toFixed(1)} MiB in ${made.parts} parts of ≤ 1 MiB |
| make and upload the snapshot | ${(makeMs / 1000).toFixed(1)} s |
| **join from the snapshot → first search result** | **${
    (snapshotMs / 1000).toFixed(1)
  } s** (target ≤ 15 s) |
| join replaying ${replayed.received} deltas → first search result | ${
    (replayMs / 1000).toFixed(1)
  } s |
| peak resident memory of the process after the snapshot join | ${rssSnapshot ?? "?"} MB |
| states equal (owner, member, replayer) | ${same} |
`;
  await Deno.writeTextFile(new URL("RESULTS-snapshot.md", import.meta.url), text);
}
if (!same) Deno.exit(1);
