/**
 * The first run on a fresh machine (issue 16, item 12): `deno task mcp` with an empty Deno
 * cache (`DENO_DIR`), an empty `HELIX_HOME` and an empty model cache, driven over stdio by an
 * MCP client through initialize, tools/list, one `memory_write` and one `memory_search`, then
 * closed. Records the wall time from spawning the task to the search's answer, and the bytes
 * Deno downloaded and installed (`du -sb` of the fresh `DENO_DIR`) at that moment.
 *
 * Two runs, each on its own fresh caches:
 * - `no model` (`HELIX_EMBEDDER=none`): what the server itself needs.
 * - `default`: the default configuration, whose embedding model (transformers.js and
 *   onnxruntime, then the model files) loads in the background once the client is initialized.
 *   The figures at the search's answer are "before the embedding model"; with `--model` the run
 *   then waits until the server logs the model ready (or unavailable) and measures again.
 *
 * Targets: ≤ 15 s and ≤ 200 MB before the embedding model. Network-bound: quote the network
 * with the figures.
 *
 * Usage: deno task bench:first-run [--model] [--write] [--root <checkout> --label <name>]
 *
 * `--root` measures another checkout (e.g. a clone at an older commit) with this script.
 *
 * @module
 */
import { parseArgs } from "node:util";
import { join } from "node:path";
import { Client, StdioClientTransport } from "../tests/e2e/_client.ts";
import { log, MACHINE_LINE } from "./measure.ts";

const RESULTS = join(new URL("..", import.meta.url).pathname, "bench", "RESULTS-first-run.md");

const { values } = parseArgs({
  options: {
    model: { type: "boolean", default: false },
    write: { type: "boolean", default: false },
    "model-timeout": { type: "string", default: "600" },
    root: { type: "string" },
    label: { type: "string" },
  },
});
const ROOT = values.root ?? new URL("..", import.meta.url).pathname;
const LABEL = values.label ?? "this checkout";

/** Bytes under `path` as `du -sb` counts them. */
async function diskBytes(path: string): Promise<number> {
  const { stdout } = await new Deno.Command("du", { args: ["-sb", path], stdout: "piped" })
    .output();
  return Number(new TextDecoder().decode(stdout).split("\t")[0]);
}

/** The measured checkout's commit (short), or "?" outside git. */
async function commitOf(root: string): Promise<string> {
  const { code, stdout } = await new Deno.Command("git", {
    args: ["-C", root, "rev-parse", "--short", "HEAD"],
    stdout: "piped",
    stderr: "null",
  }).output();
  return code === 0 ? new TextDecoder().decode(stdout).trim() : "?";
}

const mb = (bytes: number) => Math.round(bytes / 1e5) / 10;
const seconds = (ms: number) => Math.round(ms / 100) / 10;

interface Run {
  readonly name: string;
  /** Spawn to the search's answer, ms. */
  readonly answeredMs: number;
  /** DENO_DIR bytes at the search's answer. */
  readonly denoDirAtAnswer: number;
  /** With --model on the default run: what the server said of the model, and when. */
  readonly model?: {
    readonly state: string;
    readonly ms: number;
    readonly denoDir: number;
    readonly modelCache: number;
  };
}

/** Follows the server's stderr: `state()` waits until it logs the model ready or unavailable. */
function watchModel(stderr: { on(event: "data", listener: (chunk: unknown) => void): void }) {
  let seen = "";
  let state: string | undefined;
  let settle: ((state: string) => void) | undefined;
  stderr.on("data", (chunk) => {
    seen += String(chunk);
    if (state) return;
    const ready = /embedding model ready/.exec(seen);
    const unavailable = /embedding model unavailable[^\n]*/.exec(seen);
    state = ready ? "ready" : unavailable ? unavailable[0] : undefined;
    if (state) settle?.(state);
  });
  return {
    state: () => state ? Promise.resolve(state) : new Promise<string>((done) => (settle = done)),
    log: () => seen,
  };
}

async function run(name: string, embedder: "none" | "default"): Promise<Run> {
  const denoDir = await Deno.makeTempDir({ prefix: "helix-first-run-deno-" });
  const home = await Deno.makeTempDir({ prefix: "helix-first-run-home-" });
  const cache = await Deno.makeTempDir({ prefix: "helix-first-run-cache-" });
  // The caller's environment (proxies, CA certificates), without its Helix settings and caches.
  const inherited = Object.entries(Deno.env.toObject()).filter(([key]) =>
    !key.startsWith("HELIX_") && key !== "DENO_DIR" && key !== "XDG_CACHE_HOME"
  );
  const env: Record<string, string> = {
    ...Object.fromEntries(inherited),
    DENO_DIR: denoDir,
    HELIX_HOME: home,
    XDG_CACHE_HOME: cache,
    HELIX_PROJECT: "first-run",
    HELIX_LOG_LEVEL: "info",
    ...(embedder === "none" ? { HELIX_EMBEDDER: "none" } : {}),
  };
  const transport = new StdioClientTransport({
    command: Deno.execPath(),
    args: ["task", "--quiet", "mcp"],
    cwd: ROOT,
    env,
    stderr: "pipe",
  });
  const client = new Client({ name: "helix-first-run", version: "1.0.0" });
  const started = performance.now();
  const server = transport.stderr ? watchModel(transport.stderr) : undefined;
  const options = { timeout: 300_000 };
  try {
    await client.connect(transport, options);
    await client.listTools(undefined, options);
    await client.callTool(
      {
        name: "memory_write",
        arguments: { content: "The first run of Helix answers before the model.", type: "fact" },
      },
      undefined,
      options,
    );
    const found = await client.callTool(
      {
        name: "memory_search",
        arguments: { query: "first run" },
      },
      undefined,
      options,
    );
    if (found.isError) throw new Error(`memory_search failed: ${JSON.stringify(found.content)}`);
    const answeredMs = performance.now() - started;
    const denoDirAtAnswer = await diskBytes(denoDir);
    log(`${name}: answered in ${seconds(answeredMs)} s, DENO_DIR ${mb(denoDirAtAnswer)} MB`);
    if (embedder === "none" || !values.model || !server) {
      return { name, answeredMs, denoDirAtAnswer };
    }
    const state = await Promise.race([
      server.state(),
      new Promise<string>((done) =>
        setTimeout(() => done("no word (timeout)"), Number(values["model-timeout"]) * 1000)
      ),
    ]);
    const model = {
      state,
      ms: performance.now() - started,
      denoDir: await diskBytes(denoDir),
      modelCache: await diskBytes(cache),
    };
    log(`${name}: model ${state} at ${seconds(model.ms)} s, DENO_DIR ${mb(model.denoDir)} MB`);
    return { name, answeredMs, denoDirAtAnswer, model };
  } catch (error) {
    log(server?.log() ?? "");
    throw error;
  } finally {
    await client.close();
    for (const dir of [denoDir, home, cache]) {
      await Deno.remove(dir, { recursive: true }).catch(() => undefined);
    }
  }
}

const commit = await commitOf(ROOT);
log(`measuring ${LABEL} (${commit}) at ${ROOT}`);
const runs = [await run("no model", "none"), await run("default", "default")];

const cell = (value: number | undefined, format: (n: number) => number) =>
  value === undefined ? "" : String(format(value));
const rows = runs.map((r) =>
  `| ${LABEL} (${commit}) | ${r.name} | ${seconds(r.answeredMs)} | ${mb(r.denoDirAtAnswer)} | ${
    cell(r.model?.ms, seconds)
  } | ${cell(r.model?.denoDir, mb)} | ${cell(r.model?.modelCache, mb)} |`
);
const notes = runs.flatMap((r) => r.model ? [`- ${r.name}: ${r.model.state}`] : []);
const report = [
  "| checkout | run | answered, s | DENO_DIR at answer, MB | model word, s | DENO_DIR then, MB | model cache, MB |",
  "| --- | --- | ---: | ---: | ---: | ---: | ---: |",
  ...rows,
  "",
  ...(notes.length ? ["Model:", ...notes, ""] : []),
].join("\n");
// deno-lint-ignore no-console
console.log(report);

if (values.write) {
  const date = new Date().toISOString().slice(0, 10);
  const previous = await Deno.readTextFile(RESULTS).catch(() => "# First run on a fresh machine\n");
  const command = ["deno task bench:first-run", ...Deno.args].join(" ");
  const entry = `## ${date}, ${LABEL}: ${MACHINE_LINE}\n\n\`${command}\`\n\n${report}`;
  await Deno.writeTextFile(RESULTS, `${previous.trimEnd()}\n\n${entry}`);
  log(`wrote ${RESULTS}`);
}
