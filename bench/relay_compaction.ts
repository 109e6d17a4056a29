/**
 * Relay compaction benchmark (sync-protocol R28): one strand of N sealed-size deltas (random
 * bytes, 600 to 3,000 each, like PADMÉ-padded deltas) in each relay storage backend; then a GC
 * marker covering 90 % of them, then as many deltas again as were dropped. Reports the strand's
 * bytes used (what the quota counts), the backend's own size before compaction, after it, and
 * after the new deltas (whether the freed space is reused), the time `compact` takes, and
 * checks that the log root is unchanged. SQLite's size is its pages in use (the file keeps
 * freed pages for reuse); PostgreSQL's the `deltas` table's total relation size after a plain
 * VACUUM (which makes dead space reusable, not smaller); Deno KV's the file size (local KV is
 * SQLite: freed pages are reused, the file does not shrink).
 *
 *   deno task bench:relay-compaction [--deltas 10000]
 *
 * PostgreSQL runs when HELIX_TEST_POSTGRES_URL is set (`eval "$(.ci/services)"`).
 *
 * @module
 */
import { parseArgs } from "node:util";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import postgres from "postgres";
import { logRoot, withLogNodes } from "@helix/core/wire";
import { openKvStorage } from "../relay/storage/kv.ts";
import { openPostgresStorage } from "../relay/storage/postgres.ts";
import { openSqliteStorage } from "../relay/storage/sqlite.ts";
import type { RelayStorage } from "../relay/storage/types.ts";
import { log, MACHINE_LINE } from "./measure.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: { deltas: { type: "string", default: "10000" } },
});
const N = Number(values.deltas);
const STRAND = "0123456789abcdef0123456789abcdef";
const COVERED = Math.floor(N * 0.9);

const hex = (bytes: Uint8Array) =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");

let seed = 7;
const next = () => (seed = (seed * 1103515245 + 12345) >>> 0);

/**
 * Appends `count` deltas, `batch` at once: SQLite's group commit shares a transaction among
 * concurrent appends, PostgreSQL's row lock serializes them; Deno KV retries on its head's
 * atomic check, so concurrent appends to one strand only contend (one at a time there).
 */
async function fill(storage: RelayStorage, count: number, batch: number): Promise<void> {
  const pending: Promise<unknown>[] = [];
  for (let n = 1; n <= count; n++) {
    const bytes = new Uint8Array(600 + (next() % 2400));
    crypto.getRandomValues(bytes.subarray(0, Math.min(bytes.length, 65_536)));
    const deltaId = hex(new Uint8Array(await crypto.subtle.digest("SHA-256", bytes)));
    pending.push(storage.appendDelta(STRAND, { deltaId, epoch: 0, bytes, day: 20_000 }, 1e15));
    if (pending.length >= batch) await Promise.all(pending.splice(0));
  }
  await Promise.all(pending);
}

const root = (s: RelayStorage, size: number) =>
  withLogNodes((lookup) => logRoot(size, lookup), (keys) => s.logNodes(STRAND, keys));

interface Row {
  backend: string;
  usedBefore: number;
  usedAfter: number;
  sizeBefore: number;
  sizeAfter: number;
  sizeRefilled: number;
  ms: number;
  dropped: number;
  rootSame: boolean;
}

async function run(
  backend: string,
  storage: RelayStorage,
  size: () => Promise<number>,
  batch = 500,
): Promise<Row> {
  log(`${backend}: ${N} deltas`);
  await storage.createStrand(STRAND, {
    seq: 1,
    hash: "ab".repeat(32),
    epoch: 0,
    wpk: new Uint8Array(32),
    bytes: new Uint8Array(300),
    day: 20_000,
  });
  await fill(storage, N, batch);
  const usedBefore = await storage.bytesUsed(STRAND);
  const sizeBefore = await size();
  const rootBefore = await root(storage, N);
  const started = performance.now();
  const result = await storage.compact(STRAND, { position: COVERED, marker: new Uint8Array(245) });
  const ms = performance.now() - started;
  const rootAfter = await root(storage, N);
  const usedAfter = await storage.bytesUsed(STRAND);
  const sizeAfter = await size();
  await fill(storage, COVERED, batch);
  return {
    backend,
    usedBefore,
    usedAfter,
    sizeBefore,
    sizeAfter,
    sizeRefilled: await size(),
    ms,
    dropped: result.kind === "compacted" ? result.dropped : -1,
    rootSame: hex(rootBefore) === hex(rootAfter),
  };
}

const dir = await Deno.makeTempDir({ prefix: "helix-bench-compaction-" });
const rows: Row[] = [];
try {
  const sqlitePath = join(dir, "relay.sqlite");
  const sqlite = openSqliteStorage(sqlitePath);
  rows.push(
    await run("SQLite", sqlite, () => {
      const db = new DatabaseSync(sqlitePath);
      const pages = db.prepare("PRAGMA page_count").get() as { page_count: number };
      const free = db.prepare("PRAGMA freelist_count").get() as { freelist_count: number };
      const pageSize = db.prepare("PRAGMA page_size").get() as { page_size: number };
      db.close();
      return Promise.resolve((pages.page_count - free.freelist_count) * pageSize.page_size);
    }),
  );
  sqlite.close();
  const kvPath = join(dir, "relay.kv");
  const kv = openKvStorage(await Deno.openKv(kvPath));
  rows.push(await run("Deno KV", kv, async () => (await Deno.stat(kvPath)).size, 1));
  kv.close();
  const url = Deno.env.get("HELIX_TEST_POSTGRES_URL");
  if (url) {
    const schema = `bench_compaction_${Date.now()}`;
    const pg = await openPostgresStorage(url, { schema, max: 4 });
    const admin = postgres(url, { max: 1, onnotice: () => {} });
    try {
      rows.push(
        await run("PostgreSQL", pg, async () => {
          await admin.unsafe(`VACUUM ${schema}.deltas`);
          const [row] = await admin.unsafe(
            `SELECT pg_total_relation_size('${schema}.deltas') AS size`,
          );
          return Number(row!.size);
        }),
      );
    } finally {
      await pg.end();
      await admin.unsafe(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    }
  }
} finally {
  await Deno.remove(dir, { recursive: true });
}

const mib = (n: number) => (n / (1 << 20)).toFixed(1);
const load = Deno.loadavg().map((n) => n.toFixed(2)).join(" ");
const lines = [
  `\`deno task bench:relay-compaction --deltas ${N}\` — ${MACHINE_LINE}, load ${load}, ${
    new Date().toISOString().slice(0, 10)
  }. A GC marker covering ${COVERED} of ${N} deltas (600–3,000 random bytes each).`,
  "",
  `| backend | bytes used before → after (MiB) | storage before → after → after ${COVERED} new deltas (MiB) | compact | deltas dropped | log root unchanged |`,
  "| --- | ---: | ---: | ---: | ---: | --- |",
  ...rows.map((r) =>
    `| ${r.backend} | ${mib(r.usedBefore)} → ${mib(r.usedAfter)} | ${mib(r.sizeBefore)} → ${
      mib(r.sizeAfter)
    } → ${mib(r.sizeRefilled)} | ${Math.round(r.ms)} ms | ${r.dropped} | ${r.rootSame} |`
  ),
];
await Deno.stdout.write(new TextEncoder().encode(lines.join("\n") + "\n"));
