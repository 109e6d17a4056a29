/**
 * The MCP server's resident memory on a scale strand, with the lifecycle worker kept out:
 * copies the built strand (bench/scale_strand.ts) into a temporary HELIX_HOME, records a
 * lifecycle run that changes nothing (`sleep({ only: "stale" })` with no checkout: the worker
 * then finds nothing due, so its consolidation of the bulk-written backlog does not run during
 * the probe), starts `deno task mcp` without a model, sends `memory_search` calls over stdio,
 * and reads the resident memory of the server and its `deno task` parent (as bench:mcp does).
 * Run by bench/scale.ts; prints one JSON object.
 *
 * Usage: deno run -A bench/scale_mcp.ts <strand> [searches] [warm-up ms]
 *
 * @module
 */
import { join } from "node:path";
import { openEngine } from "../core/mod.ts";
import { Client, StdioClientTransport } from "../tests/e2e/_client.ts";
import { summarize, type Timing } from "./measure.ts";
import { synthetic } from "./synthetic.ts";

const ROOT = new URL("..", import.meta.url).pathname;

/** What the probe prints. */
export interface McpProbe {
  /** Resident memory of the server and its `deno task` parent, MB. */
  rssMb: number;
  /** The server process alone, MB. */
  serverRssMb: number;
  /** memory_search over stdio, client wall time. */
  search: Timing;
}

function rssKb(pid: number): number {
  return Number(/VmRSS:\s+(\d+)/.exec(Deno.readTextFileSync(`/proc/${pid}/status`))?.[1] ?? 0);
}

function tree(pid: number): number[] {
  const children = Deno.readTextFileSync(`/proc/${pid}/task/${pid}/children`).trim();
  return [pid, ...(children ? children.split(/\s+/).map(Number).flatMap(tree) : [])];
}

async function probe(strand: string, searches: number, waitMs: number): Promise<McpProbe> {
  const home = await Deno.makeTempDir({ prefix: "helix-scale-mcp-" });
  try {
    await Deno.mkdir(join(home, "strands"));
    const path = join(home, "strands", "default.db");
    await Deno.copyFile(strand, path);
    const engine = openEngine({ path, embedder: null, mustExist: true });
    await engine.sleep({ only: "stale", reason: "manual" });
    engine.close();
    const env: Record<string, string> = {
      HELIX_HOME: home,
      HELIX_PROJECT: "p3",
      HELIX_EMBEDDER: "none",
      HELIX_LOG_LEVEL: "warn",
    };
    for (const key of ["PATH", "HOME", "DENO_DIR"]) {
      if (Deno.env.get(key)) env[key] = Deno.env.get(key)!;
    }
    const transport = new StdioClientTransport({
      command: Deno.execPath(),
      args: ["task", "--quiet", "mcp"],
      cwd: ROOT,
      env,
      stderr: "inherit",
    });
    const client = new Client({ name: "helix-scale", version: "1.0.0" });
    await client.connect(transport);
    try {
      // Give the background warm-up (the vector index) time to finish before the timed calls.
      await new Promise((resolve) => setTimeout(resolve, waitMs));
      const gen = synthetic();
      const samples: number[] = [];
      for (let i = -10; i < searches; i++) {
        const started = performance.now();
        const result = await client.callTool({
          name: "memory_search",
          arguments: { query: gen.query(Math.abs(i)) },
        });
        if (i >= 0) samples.push(performance.now() - started);
        if (result.isError) throw new Error(JSON.stringify(result.content));
      }
      const pids = tree(transport.pid!);
      if (Deno.env.get("SCALE_SMAPS")) {
        await Deno.copyFile(`/proc/${pids.at(-1)}/smaps`, Deno.env.get("SCALE_SMAPS")!);
      }
      const kb = pids.map(rssKb);
      return {
        rssMb: Math.round(kb.reduce((a, b) => a + b, 0) / 1000),
        serverRssMb: Math.round(Math.max(...kb) / 1000),
        search: summarize(samples),
      };
    } finally {
      await client.close();
    }
  } finally {
    await Deno.remove(home, { recursive: true });
  }
}

if (import.meta.main) {
  const [strand, count = "300", waitMs = "3000"] = Deno.args;
  if (!strand) throw new Error("usage: scale_mcp.ts <strand> [searches] [warm-up ms]");
  const result = await probe(strand, Number(count), Number(waitMs));
  await Deno.stdout.write(new TextEncoder().encode(JSON.stringify(result)));
}
