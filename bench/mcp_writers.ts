/**
 * Agents writing while something else works on the strand: real MCP server processes
 * (`deno task mcp`, as clients run it), each driven over stdio by a client that calls
 * `memory_write` in a loop with a short pause (an agent writes between other work), timing
 * each call from the client and noting every failure. Used by bench/import.ts.
 *
 * @module
 */
import { join } from "node:path";
import { Client, StdioClientTransport } from "../tests/e2e/_client.ts";

const ROOT = new URL("..", import.meta.url).pathname;

/** One `memory_write` as the client saw it. */
export interface WriteSample {
  /** When it was sent (ms since the epoch). */
  readonly at: number;
  /** Round trip (ms). */
  readonly ms: number;
  /** The error the tool returned, or null. */
  readonly error: string | null;
}

/** A running writer: stop it to get its samples. */
export interface Writer {
  stop(): Promise<WriteSample[]>;
}

/** The environment of a server on `home` with no embedding model. */
export function serverEnv(home: string): Record<string, string> {
  const env: Record<string, string> = {
    HELIX_HOME: home,
    HELIX_PROJECT: "agents",
    HELIX_EMBEDDER: "none",
    HELIX_LOG_LEVEL: Deno.env.get("BENCH_LOG_LEVEL") ?? "warn",
  };
  for (const key of ["PATH", "HOME", "DENO_DIR"]) {
    if (Deno.env.get(key)) env[key] = Deno.env.get(key)!;
  }
  return env;
}

/**
 * Starts an MCP server on `home` (from the checkout at `root`) and a loop writing through it,
 * `pauseMs` between writes.
 */
export async function startWriter(
  home: string,
  label: string,
  pauseMs = 20,
  root = ROOT,
): Promise<Writer> {
  const transport = new StdioClientTransport({
    command: Deno.execPath(),
    // What `deno task mcp` runs.
    args: [
      "run",
      "-A",
      "--quiet",
      "--v8-flags=--max-semi-space-size=2,--optimize-for-size",
      join(root, "server/main.ts"),
    ],
    cwd: root,
    env: serverEnv(home),
    stderr: "inherit",
  });
  const client = new Client({ name: `bench-${label}`, version: "1.0.0" });
  await client.connect(transport);
  const samples: WriteSample[] = [];
  let running = true;
  const write = async (i: number) => {
    const at = Date.now();
    const start = performance.now();
    let error: string | null = null;
    try {
      const result = await client.callTool({
        name: "memory_write",
        arguments: {
          content: `Agent ${label} noted step ${i}: the ${label}-${i} build cache key changed.`,
        },
      });
      if (result.isError) error = JSON.stringify(result.content).slice(0, 300);
    } catch (e) {
      error = String(e).slice(0, 300);
    }
    return { at, ms: performance.now() - start, error };
  };
  for (let i = 0; i < 5; i++) await write(-1 - i); // warm-up, not recorded
  const loop = (async () => {
    for (let i = 0; running; i++) {
      samples.push(await write(i));
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      await client.close();
      return samples;
    },
  };
}
