/**
 * Several processes writing one strand at once lose nothing: two real Deno subprocesses
 * write concurrently through the public engine, then every write is present, sequence
 * numbers are unique, and refolding the log reproduces the state.
 *
 * @module
 */
import { join } from "node:path";
import { deepEqual, equal, ok } from "node:assert/strict";
import { openEngine } from "../core/mod.ts";
import { tempDir } from "./helpers.ts";

const ROOT = new URL("..", import.meta.url).pathname;
const WRITER = join(ROOT, "tests", "fixtures", "concurrent_writer.ts");
const PER_PROCESS = 250;

async function runWriter(path: string, label: string): Promise<string[]> {
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--quiet", WRITER, path, label, String(PER_PROCESS)],
    cwd: ROOT,
    env: { HELIX_WRITERS: "alpha,beta" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const stderr = new TextDecoder().decode(output.stderr);
  equal(output.code, 0, `writer ${label} failed: ${stderr}`);
  return JSON.parse(new TextDecoder().decode(output.stdout));
}

Deno.test("two processes writing one strand concurrently lose no write", async () => {
  await using dir = await tempDir();
  const path = join(dir.path, "shared.db");
  openEngine({ path }).close(); // create it first so both writers open an existing strand

  const [a, b] = await Promise.all([runWriter(path, "alpha"), runWriter(path, "beta")]);
  equal(a.length, PER_PROCESS);
  equal(b.length, PER_PROCESS);

  const engine = openEngine({ path, project: "concurrency" });
  try {
    const ids = new Set<string>();
    let cursor: string | undefined;
    do {
      const page = engine.list({ limit: 1000, ...(cursor ? { cursor } : {}) });
      for (const m of page.items) ids.add(m.id);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    equal(ids.size, 2 * PER_PROCESS);
    for (const id of [...a, ...b]) ok(ids.has(id), id);

    const ops = engine.history({ limit: 10_000 });
    const seqs = ops.map((op) => `${op.deviceId}:${op.seq}`);
    equal(new Set(seqs).size, seqs.length, "sequence numbers are unique");
    const sortedSeqs = ops.map((op) => op.seq).sort((x, y) => x - y);
    deepEqual(sortedSeqs, sortedSeqs.map((_, i) => i + 1), "no gaps: one device, one counter");
    const hlcs = ops.map((op) => op.hlc);
    equal(new Set(hlcs).size, hlcs.length, "clocks are strictly increasing across processes");

    // The writers really overlapped: their ops interleave in the log.
    const labels = ops.filter((op) => op.kind === "memory.put").reverse()
      .map((op) => (op.payload as { content: string }).content.split(" ")[0]);
    const switches = labels.filter((label, i) => i > 0 && label !== labels[i - 1]).length;
    ok(switches >= 2, `writers did not interleave (${switches} switches)`);

    equal(engine.list({ tag: "alpha", limit: 1000 }).items.length, PER_PROCESS);
    equal(engine.list({ tag: "beta", limit: 1000 }).items.length, PER_PROCESS);
    ok(engine.rebuild().identical);
    deepEqual(engine.verifyLog(), []);
  } finally {
    engine.close();
  }
});
