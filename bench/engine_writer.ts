/**
 * A writer process for bench/import.ts: opens the strand the way an MCP server does (no model,
 * a project) and calls `engine.write` in a loop, a short pause between writes, until the file
 * `<strand>.stop` appears; then prints each write's start, duration and error as JSON. It
 * measures what the write path itself waits (the write lock), without the MCP transport or
 * the server's lifecycle worker.
 *
 * Usage: deno run -A bench/engine_writer.ts <strand> <label> [pauseMs]
 *
 * @module
 */
import { isHelixError, openEngine } from "../core/mod.ts";

const [path, label, pause = "20"] = Deno.args;
if (!path || !label) throw new Error("usage: engine_writer.ts <strand> <label> [pauseMs]");
const engine = openEngine({ path, project: "agents", embedder: null });
const samples: { at: number; ms: number; error: string | null }[] = [];
const origin = Date.now() - performance.now(); // report times on the wall clock
await Deno.writeTextFile(`${path}.${label}.ready`, "");
for (let i = 0;; i++) {
  try {
    await Deno.stat(`${path}.stop`);
    break;
  } catch {
    // keep writing
  }
  const at = performance.now();
  let error: string | null = null;
  try {
    await engine.write({
      content: `Process ${label} noted step ${i}: cache key ${label}-${i} changed.`,
    });
  } catch (e) {
    error = isHelixError(e) ? `${e.code}: ${e.message}` : String(e);
  }
  samples.push({ at: origin + at, ms: performance.now() - at, error });
  await new Promise((resolve) => setTimeout(resolve, Number(pause)));
}
engine.close();
await Deno.stdout.write(new TextEncoder().encode(JSON.stringify(samples)));
