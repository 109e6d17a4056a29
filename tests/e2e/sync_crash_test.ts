/**
 * T4 (sync-protocol): `helix sync push` and `helix sync pull` killed with SIGKILL at random
 * moments, and a connection cut at random byte offsets by a TCP proxy, then run again to the
 * end: every change reaches the other device once, nothing is lost, the relay holds each
 * sealed change once, and both strands end in the same state.
 */
import { equal, ok } from "node:assert/strict";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { DENO_DIR, device, pair, startRelay } from "./_sync.ts";

const ROOT = new URL("../../", import.meta.url).pathname;

/** mulberry32, so a failing run can be replayed from its printed seed. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function jsonl(from: number, count: number): string {
  return Array.from({ length: count }, (_, i) =>
    JSON.stringify({
      content: `Service ${from + i} keeps its queue depth under ${(from + i) % 97} thousand (${
        "x".repeat(200)
      }).`,
      type: "fact",
      scope: "global",
    })).join("\n") + "\n";
}

/** Runs `helix args…` for `home` and SIGKILLs it after `ms`. */
async function killedAfter(home: string, name: string, args: string[], ms: number) {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--quiet", join(ROOT, "cli/main.ts"), ...args],
    cwd: home,
    env: {
      HELIX_HOME: home,
      HOME: home,
      DENO_DIR,
      HELIX_EMBEDDER: "none",
      HELIX_DEVICE_NAME: name,
    },
    stdout: "null",
    stderr: "null",
  }).spawn();
  const timer = setTimeout(() => {
    try {
      child.kill("SIGKILL");
    } catch { /* already done */ }
  }, ms);
  const status = await child.status;
  clearTimeout(timer);
  return status;
}

function count(path: string, sql: string): number {
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    return (db.prepare(sql).get() as { n: number }).n;
  } finally {
    db.close();
  }
}

function stateOf(home: string): { hash: string; applied: number; queued: number } {
  const path = join(home, "strands", "default.db");
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    const applied = (db.prepare("SELECT count(*) AS n FROM sync_applied").get() as { n: number }).n;
    const queued = (db.prepare("SELECT count(*) AS n FROM sync_outbox").get() as { n: number }).n;
    const memories = db.prepare(
      "SELECT id, content, status FROM memories ORDER BY id",
    ).all();
    return { hash: JSON.stringify(memories), applied, queued };
  } finally {
    db.close();
  }
}

Deno.test({
  name: "T4: push and pull killed at random moments, then finished, apply every change once",
  sanitizeResources: false,
  async fn() {
    const seed = Number(Deno.env.get("HELIX_CRASH_SEED") ?? Date.now() % 100000);
    const random = rng(seed);
    await using relay = await startRelay("sqlite");
    const root = await Deno.makeTempDir({ prefix: "helix-crash-" });
    await using _cleanup = removedAfter(root);
    const laptop = device(join(root, "laptop"), "laptop");
    const desktop = device(join(root, "desktop"), "desktop");
    await laptop.helix("add", "The first memory, to create the strand.", "--global");
    equal((await laptop.helix("sync", "init", "--relay", relay.url)).code, 0);
    equal((await pair(laptop, desktop)).joined.code, 0);
    const file = join(root, "many.jsonl");
    await Deno.writeTextFile(file, jsonl(0, 3000));
    // The import itself is killed once mid-way, then finished: sealing rides in its transactions.
    await killedAfter(laptop.home, "laptop", ["import", file], 300 + random() * 1500);
    equal((await laptop.helix("import", file)).code, 0);

    for (let i = 0; i < 4; i++) {
      await killedAfter(laptop.home, "laptop", ["sync", "push"], 200 + random() * 1500);
    }
    const pushed = await laptop.helix("sync", "push");
    equal(pushed.code, 0, `seed ${seed}: ${pushed.stderr}`);
    for (let i = 0; i < 4; i++) {
      await killedAfter(desktop.home, "desktop", ["sync", "pull"], 200 + random() * 2500);
    }
    const pulled = await desktop.helix("sync", "pull");
    equal(pulled.code, 0, `seed ${seed}: ${pulled.stderr}`);

    const a = stateOf(laptop.home);
    const b = stateOf(desktop.home);
    equal(b.hash, a.hash, `seed ${seed}: the same memories on both`);
    ok(a.queued >= 2, `seed ${seed}: ${a.queued} changes`);
    await relay.stop();
    const stored = count(join(relay.data, "relay.sqlite"), "SELECT count(*) AS n FROM deltas");
    equal(stored, a.queued, `seed ${seed}: the relay holds each sealed change once`);
    equal(b.applied, a.applied, `seed ${seed}: every change applied once on each side`);
  },
});

/** A TCP proxy to `target` that cuts each of the first `cuts` connections after a random number of bytes. */
function cuttingProxy(
  target: { hostname: string; port: number },
  cuts: number,
  random: () => number,
) {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  let cut = 0;
  const serve = async () => {
    for await (const conn of listener) {
      const limit = cut++ < cuts ? 50 + Math.floor(random() * 4000) : Infinity;
      void (async () => {
        let upstream: Deno.TcpConn;
        try {
          upstream = await Deno.connect(target);
        } catch {
          conn.close();
          return;
        }
        let sent = 0;
        const close = () => {
          try {
            conn.close();
          } catch { /* closed */ }
          try {
            upstream.close();
          } catch { /* closed */ }
        };
        const pipe = async (from: Deno.Conn, to: Deno.Conn, counted: boolean) => {
          const buffer = new Uint8Array(16 * 1024);
          try {
            for (;;) {
              const n = await from.read(buffer);
              if (n === null) break;
              let chunk = buffer.subarray(0, n);
              if (counted && sent + n > limit) chunk = chunk.subarray(0, Math.max(0, limit - sent));
              await to.write(chunk);
              if (counted) sent += chunk.length;
              if (counted && sent >= limit) break;
            }
          } catch { /* cut */ }
          close();
        };
        void pipe(conn, upstream, false);
        void pipe(upstream, conn, true);
      })();
    }
  };
  void serve();
  const { port } = listener.addr as Deno.NetAddr;
  return { url: `http://127.0.0.1:${port}`, close: () => listener.close() };
}

Deno.test({
  name: "T4: connections cut at random byte offsets lose nothing and apply nothing twice",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const seed = Number(Deno.env.get("HELIX_CRASH_SEED") ?? Date.now() % 100000);
    const random = rng(seed);
    await using relay = await startRelay("sqlite");
    const root = await Deno.makeTempDir({ prefix: "helix-cut-" });
    await using _cleanup = removedAfter(root);
    const laptop = device(join(root, "laptop"), "laptop");
    const desktop = device(join(root, "desktop"), "desktop");
    await laptop.helix("add", "The first memory, to create the strand.", "--global");
    equal((await laptop.helix("sync", "init", "--relay", relay.url)).code, 0);
    equal((await pair(laptop, desktop)).joined.code, 0);
    const file = join(root, "many.jsonl");
    await Deno.writeTextFile(file, jsonl(0, 1500));
    equal((await laptop.helix("import", file)).code, 0);
    const url = new URL(relay.url);
    const proxy = cuttingProxy({ hostname: url.hostname, port: Number(url.port) }, 12, random);
    try {
      // Both devices sync through the cutting proxy until a run finishes cleanly.
      for (const db of [laptop, desktop]) {
        const path = join(db.home, "strands", "default.db");
        const original = count(path, "SELECT 1 AS n");
        ok(original === 1);
        const set = new DatabaseSync(path);
        set.prepare("UPDATE sync_strand SET relay = ?").run(proxy.url);
        set.close();
      }
      let done = false;
      let broken = 0;
      for (let attempt = 0; attempt < 40 && !done; attempt++) {
        const a = await laptop.helix("sync", "push");
        const b = await desktop.helix("sync", "pull");
        done = a.code === 0 && b.code === 0 &&
          stateOf(desktop.home).hash === stateOf(laptop.home).hash;
        broken += Number(a.code !== 0) + Number(b.code !== 0);
        if (!done) {
          ok([0, 69, 76].includes(a.code), `seed ${seed}: push exit ${a.code}: ${a.stderr}`);
          ok([0, 69, 76].includes(b.code), `seed ${seed}: pull exit ${b.code}: ${b.stderr}`);
        }
      }
      ok(done, `seed ${seed}: sync finished through the cutting proxy`);
      ok(broken > 0, `seed ${seed}: the proxy broke some runs`);
      const a = stateOf(laptop.home);
      const b = stateOf(desktop.home);
      equal(b.applied, a.applied);
    } finally {
      proxy.close();
    }
    await relay.stop();
    const stored = count(join(relay.data, "relay.sqlite"), "SELECT count(*) AS n FROM deltas");
    equal(stored, stateOf(laptop.home).queued, `seed ${seed}: each sealed change stored once`);
  },
});

/** Removes `root` (the devices' homes) when the test's scope ends, passed or failed. */
function removedAfter(root: string): AsyncDisposable {
  return { [Symbol.asyncDispose]: () => Deno.remove(root, { recursive: true }).catch(() => {}) };
}
