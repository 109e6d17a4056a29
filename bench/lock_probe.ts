/**
 * A process that takes the strand's write lock every 20 ms, the way a writer would
 * (`BEGIN IMMEDIATE`, waiting its turn as every Helix writer does), commits at once, and reports
 * how long each wait was, until the file `<strand>.stop` appears; then prints the waits (ms)
 * as JSON. bench/import.ts runs it beside a merge and a re-embedding: the longest wait bounds
 * how long any of their transactions held the lock.
 *
 * Usage: deno run -A bench/lock_probe.ts <strand>
 *
 * @module
 */
import { DatabaseSync } from "node:sqlite";
import { beginWrite } from "../core/store/write_lock.ts";

const [path] = Deno.args;
if (!path) throw new Error("usage: lock_probe.ts <strand>");
const db = new DatabaseSync(path, { timeout: 30_000 });
const waits: number[] = [];
await Deno.writeTextFile(`${path}.probe.ready`, "");
while (true) {
  try {
    await Deno.stat(`${path}.stop`);
    break;
  } catch {
    // keep probing
  }
  const started = performance.now();
  beginWrite(db, "probe the write lock");
  db.exec("COMMIT");
  waits.push(performance.now() - started);
  await new Promise((resolve) => setTimeout(resolve, 20));
}
db.close();
await Deno.stdout.write(new TextEncoder().encode(JSON.stringify(waits)));
