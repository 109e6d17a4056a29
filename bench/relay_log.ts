/**
 * Verifiable relay log benchmark (sync-protocol R16, issue 18): one strand of N deltas in the
 * relay's SQLite backend (a real file, `synchronous = FULL`), N = 10^3, 10^5, 10^6. Reports:
 *
 * - append throughput with the log tree maintained (batches of 1,000 concurrent appends, so
 *   group commit shares one transaction per batch), and the tree's rows per delta;
 * - a signed head at the current size: root from stored nodes + Ed25519 signature (relay);
 * - consistency proofs from a random earlier size m to N: node reads, hashes, encoded bytes,
 *   generation time (relay), verification time (client: proof + head signature);
 * - inclusion proofs of a random delta: hashes, generation and verification time;
 * - `GET /log/consistency` through the Hono app in-process (no network).
 *
 *   deno task bench:relay-log [--sizes 1000,100000,1000000] [--samples 300] [--storage kv]
 *
 * `--storage kv` runs the same on the Deno KV backend (a local KV file), for smaller sizes.
 *
 * @module
 */
import { parseArgs } from "node:util";
import { join } from "node:path";
import {
  encodeLogProof,
  ephemeralRelayKey,
  logConsistencyProof,
  logHeadFromHeader,
  logInclusionProof,
  logLeafHash,
  logRoot,
  parseLogProof,
  planLogNodes,
  signLogHead,
  verifyLogConsistency,
  verifyLogHead,
  verifyLogInclusion,
  withLogNodes,
} from "@helix/core/wire";
import { createRelayApp } from "../relay/app.ts";
import { openKvStorage } from "../relay/storage/kv.ts";
import { openSqliteStorage } from "../relay/storage/sqlite.ts";
import type { RelayStorage } from "../relay/storage/types.ts";
import { log, MACHINE, summarize, type Timing } from "./measure.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: {
    sizes: { type: "string", default: "1000,100000,1000000" },
    samples: { type: "string", default: "300" },
    storage: { type: "string", default: "sqlite" },
  },
});
const SIZES = values.sizes.split(",").map(Number);
const SAMPLES = Number(values.samples);
const STRAND = "0123456789abcdef0123456789abcdef";
const KV = values.storage === "kv";
// SQLite's group commit takes 1,000 concurrent appends in one transaction; Deno KV serializes
// appends to one strand by an atomic check on its head, so concurrent ones only retry.
const BATCH = KV ? 1 : 1000;

const hexId = (n: number) => n.toString(16).padStart(64, "0");
const random = (() => {
  let x = 0x9e3779b9;
  return (below: number) => {
    x = (x * 1664525 + 1013904223) >>> 0;
    return Math.floor((x / 2 ** 32) * below);
  };
})();

function timed(samples: number[], work: () => unknown): void {
  const start = performance.now();
  work();
  samples.push(performance.now() - start);
}

async function timedAsync(samples: number[], work: () => Promise<unknown>): Promise<void> {
  const start = performance.now();
  await work();
  samples.push(performance.now() - start);
}

interface Row {
  n: number;
  appendPerSec: number;
  appendSeconds: number;
  treeRowsPerDelta: number;
  dbMb: number;
  rootReads: number;
  headRoot: Timing;
  headSign: Timing;
  headVerify: Timing;
  consistencyHashes: { min: number; mean: number; max: number };
  consistencyBytes: { min: number; mean: number; max: number };
  consistencyReads: { mean: number; max: number };
  consistencyGen: Timing;
  consistencyVerify: Timing;
  inclusionHashes: { mean: number; max: number };
  inclusionGen: Timing;
  inclusionVerify: Timing;
  httpConsistency: Timing;
}

async function fill(storage: RelayStorage, n: number): Promise<number> {
  const bytes = new Uint8Array(16);
  const start = performance.now();
  for (let from = 0; from < n; from += BATCH) {
    const work = [];
    for (let i = from; i < Math.min(n, from + BATCH); i++) {
      work.push(
        storage.appendDelta(STRAND, { deltaId: hexId(i + 1), epoch: 0, bytes, day: 1 }, 1e15),
      );
    }
    const results = await Promise.all(work);
    if (results.some((r) => r.kind !== "stored")) throw new Error("an append was refused");
    if (from % 100_000 === 0) log(`  ${from + BATCH} / ${n}`);
  }
  return (performance.now() - start) / 1000;
}

const stats = (xs: number[]) => ({
  min: Math.min(...xs),
  mean: Math.round((xs.reduce((a, b) => a + b, 0) / xs.length) * 10) / 10,
  max: Math.max(...xs),
});

async function measure(n: number): Promise<Row> {
  const dir = await Deno.makeTempDir({ prefix: "helix-relay-log-bench-" });
  const path = join(dir, KV ? "relay.kv" : "relay.sqlite");
  const storage = KV ? openKvStorage(await Deno.openKv(path)) : openSqliteStorage(path);
  try {
    const genesis = { seq: 1, hash: "0".repeat(64), epoch: 0, wpk: new Uint8Array(32) };
    await storage.createStrand(STRAND, { ...genesis, bytes: Uint8Array.of(1), day: 1 });
    log(`n = ${n}: appending`);
    const appendSeconds = await fill(storage, n);
    const key = ephemeralRelayKey();
    const read = <T>(compute: Parameters<typeof withLogNodes<T>>[0]) =>
      withLogNodes(compute, (keys) => storage.logNodes(STRAND, keys));

    const headRoot: number[] = [];
    const headSign: number[] = [];
    const headVerify: number[] = [];
    let root: Uint8Array = new Uint8Array(32);
    for (let i = 0; i < SAMPLES; i++) {
      await timedAsync(headRoot, async () => root = await read((l) => logRoot(n, l)));
      let signed = signLogHead({ strandId: STRAND, size: n, root }, key.secretKey);
      timed(
        headSign,
        () => signed = signLogHead({ strandId: STRAND, size: n, root }, key.secretKey),
      );
      timed(headVerify, () => verifyLogHead(signed, key.publicKey));
    }
    const rootReads = planLogNodes((l) => logRoot(n, l)).length;

    log(`n = ${n}: proofs`);
    const cHashes: number[] = [];
    const cBytes: number[] = [];
    const cReads: number[] = [];
    const cGen: number[] = [];
    const cVerify: number[] = [];
    const iHashes: number[] = [];
    const iGen: number[] = [];
    const iVerify: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const m = 1 + random(n - 1);
      const first = await read((l) => logRoot(m, l));
      let hashes: Uint8Array[] = [];
      await timedAsync(cGen, async () => hashes = await read((l) => logConsistencyProof(m, n, l)));
      cHashes.push(hashes.length);
      cBytes.push(encodeLogProof({ kind: "consistency", first: m, second: n, hashes }).length);
      cReads.push(planLogNodes((l) => logConsistencyProof(m, n, l)).length);
      timed(cVerify, () => {
        if (!verifyLogConsistency(m, n, first, root, hashes)) throw new Error("proof failed");
      });
      // Concurrent appends may land out of submission order (Deno KV): ask the delta's seq.
      const id = hexId(1 + random(n));
      const leaf = (await storage.findDelta(STRAND, id))! - 1;
      let path: Uint8Array[] = [];
      await timedAsync(iGen, async () => path = await read((l) => logInclusionProof(leaf, n, l)));
      iHashes.push(path.length);
      timed(iVerify, () => {
        if (!verifyLogInclusion(leaf, n, logLeafHash(id), root, path)) {
          throw new Error("inclusion failed");
        }
      });
    }

    const app = createRelayApp({
      storage,
      clock: { now: () => 0 },
      relayKey: key,
      limits: {
        ipRate: { perSecond: 1e9, burst: 1e9 },
        strandRate: { perSecond: 1e9, burst: 1e9 },
      },
    });
    const http: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const m = 1 + random(n - 1);
      await timedAsync(http, async () => {
        const answer = await app.request(
          `http://relay/v1/strands/${STRAND}/log/consistency?from=${m}`,
        );
        const proof = parseLogProof(new Uint8Array(await answer.arrayBuffer()));
        const head = logHeadFromHeader(answer.headers.get("x-helix-head")!);
        if (proof.second !== n || head.size !== n) throw new Error("wrong size");
      });
    }
    const dbBytes = (await Deno.stat(path)).size +
      ((await Deno.stat(`${path}-wal`).catch(() => null))?.size ?? 0);
    return {
      n,
      appendPerSec: Math.round(n / appendSeconds),
      appendSeconds: Math.round(appendSeconds * 10) / 10,
      treeRowsPerDelta: treeRows(n) / n,
      dbMb: Math.round(dbBytes / 1e5) / 10,
      rootReads,
      headRoot: summarize(headRoot),
      headSign: summarize(headSign),
      headVerify: summarize(headVerify),
      consistencyHashes: stats(cHashes),
      consistencyBytes: stats(cBytes),
      consistencyReads: { mean: stats(cReads).mean, max: stats(cReads).max },
      consistencyGen: summarize(cGen),
      consistencyVerify: summarize(cVerify),
      inclusionHashes: { mean: stats(iHashes).mean, max: stats(iHashes).max },
      inclusionGen: summarize(iGen),
      inclusionVerify: summarize(iVerify),
      httpConsistency: summarize(http),
    };
  } finally {
    storage.close();
    await Deno.remove(dir, { recursive: true });
  }
}

/** Complete subtrees of a log of n leaves: n + n/2 + n/4 + … (floor at each level). */
function treeRows(n: number): number {
  let rows = 0;
  for (let level = n; level >= 1; level = Math.floor(level / 2)) rows += level;
  return rows;
}

const loadBefore = (Deno.loadavg()[0] ?? 0).toFixed(2);
const rows: Row[] = [];
for (const n of SIZES) rows.push(await measure(n));
const loadAfter = (Deno.loadavg()[0] ?? 0).toFixed(2);
const ms = (t: Timing) => `${t.p50} / ${t.p95}`;
const lines = [
  `backend: ${
    KV ? "Deno KV file" : "SQLite file"
  }; machine: ${MACHINE.os}/${MACHINE.arch}, ${MACHINE.cores} cores, Deno ${MACHINE.deno}; load average ${loadBefore} before, ${loadAfter} after`,
  "",
  "| deltas | append/s (tree kept) | fill s | tree rows/delta | db MB | root reads | head: root ms p50/p95 | sign ms | verify ms |",
  "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
  ...rows.map((r) =>
    `| ${r.n.toLocaleString("en")} | ${
      r.appendPerSec.toLocaleString("en")
    } | ${r.appendSeconds} | ${r.treeRowsPerDelta.toFixed(2)} | ${r.dbMb} | ${r.rootReads} | ${
      ms(r.headRoot)
    } | ${ms(r.headSign)} | ${ms(r.headVerify)} |`
  ),
  "",
  "| deltas | consistency hashes min/mean/max | bytes min/mean/max | node reads mean/max | generate ms p50/p95 | verify ms p50/p95 | inclusion hashes mean/max | generate ms | verify ms | HTTP GET /log/consistency ms |",
  "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
  ...rows.map((r) =>
    `| ${
      r.n.toLocaleString("en")
    } | ${r.consistencyHashes.min} / ${r.consistencyHashes.mean} / ${r.consistencyHashes.max} | ${r.consistencyBytes.min} / ${r.consistencyBytes.mean} / ${r.consistencyBytes.max} | ${r.consistencyReads.mean} / ${r.consistencyReads.max} | ${
      ms(r.consistencyGen)
    } | ${ms(r.consistencyVerify)} | ${r.inclusionHashes.mean} / ${r.inclusionHashes.max} | ${
      ms(r.inclusionGen)
    } | ${ms(r.inclusionVerify)} | ${ms(r.httpConsistency)} |`
  ),
];
Deno.stdout.writeSync(new TextEncoder().encode(lines.join("\n") + "\n"));
