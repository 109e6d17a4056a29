/**
 * Sync end to end (issue 17): N new memories written on one device reach another through a
 * real relay process (SQLite) over loopback. Measures what the writes pay to seal their
 * changes in the same transaction, the push, the pull (verify, decrypt, merge), and the
 * relay's bytes per change and per memory. Target: 10^4 memories in ≤ 3 s end to end (push
 * and pull).
 *
 * Usage: deno run -A bench/sync.ts [--memories 10000] [--write]
 *   (`--write` records bench/RESULTS-sync.md)
 *
 * @module
 */
import { join } from "node:path";
import { parseArgs } from "node:util";
import { type Engine, loadDeviceKeys, openEngine, type WriteInput } from "@helix/core";
import { startRelay } from "../relay/testing/process.ts";
import { log, MACHINE_LINE } from "./measure.ts";
import { synthetic } from "./synthetic.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: { memories: { type: "string" }, write: { type: "boolean" } },
});
const count = Number(values.memories ?? 10_000);

const dir = await Deno.makeTempDir({ prefix: "helix-bench-sync-" });
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

async function pair(a: Engine, b: Engine): Promise<void> {
  let code = "";
  let ready: () => void = () => {};
  const shown = new Promise<void>((resolve) => ready = resolve);
  const prompts = { confirm: () => Promise.resolve(true), pollMs: 50 };
  const inviting = a.syncInvite({ ...prompts, onCode: (c) => (code = c, ready()) });
  await shown;
  await b.syncJoin(code, prompts);
  await inviting;
}

const records = (from: number, n: number) => {
  const gen = synthetic(7);
  return Array.from({ length: n }, (_, i) => {
    const m: WriteInput = gen.memory(from + i);
    return { kind: "memory" as const, content: m.content, type: m.type!, scope: m.scope! };
  });
};

log(`sync bench: ${count} memories, ${MACHINE_LINE}, load ${Deno.loadavg()[0]!.toFixed(2)}`);
// The cost of sealing in the write's transaction: the same import into a synced and an unsynced strand.
const plain = openEngine({ path: join(dir, "plain.db") });
let started = performance.now();
await plain.importRecords(records(0, count));
const importPlain = performance.now() - started;
plain.close();

const laptop = await open("laptop");
const desktop = await open("desktop");
await laptop.syncInit(relay.url);
await pair(laptop, desktop);
started = performance.now();
await laptop.importRecords(records(0, count));
const importSynced = performance.now() - started;
const queued = laptop.syncStatus().unpushed;

started = performance.now();
const pushed = await laptop.syncPush();
const pushMs = performance.now() - started;
started = performance.now();
const pulled = await desktop.syncPull();
const pullMs = performance.now() - started;
const same = laptop.stateHash() === desktop.stateHash();
let relayBytes = 0; // the database and its write-ahead log
for await (const entry of Deno.readDir(relay.data)) {
  relayBytes += (await Deno.stat(join(relay.data, entry.name))).size;
}
laptop.close();
desktop.close();

const lines = [
  `- ${count} memories imported: ${importPlain.toFixed(0)} ms unsynced, ${
    importSynced.toFixed(0)
  } ms synced (sealing in the same transactions: +${
    (100 * (importSynced - importPlain) / importPlain).toFixed(0)
  } %)`,
  `- ${queued} changes (${(count / queued).toFixed(0)} memories each), ${
    (pushed.bytes / 1024 / 1024).toFixed(2)
  } MiB sealed: ${(pushed.bytes / count).toFixed(0)} bytes per memory, ${
    (pushed.bytes / queued / 1024).toFixed(0)
  } KiB per change`,
  `- push ${pushMs.toFixed(0)} ms, pull ${
    pullMs.toFixed(0)
  } ms (verify, decrypt, merge ${pulled.opsAdded} ops): end to end ${
    (pushMs + pullMs).toFixed(0)
  } ms (target ≤ 3000)`,
  `- relay files after (database and WAL): ${
    (relayBytes / 1024 / 1024).toFixed(2)
  } MiB; states equal: ${same}`,
];
for (const line of lines) log(line);
if (values.write) {
  const text = `# Sync end to end

\`deno task bench:sync --memories ${count}\` — ${MACHINE_LINE}, load ${
    Deno.loadavg()[0]!.toFixed(2)
  }, ${
    new Date().toISOString().slice(0, 10)
  }. Two devices in one process, a relay process (SQLite) on
loopback; no embedder (vectors never travel: each device embeds with its own model).

${lines.join("\n")}
`;
  await Deno.writeTextFile(new URL("RESULTS-sync.md", import.meta.url), text);
}
if (!same) Deno.exit(1);
