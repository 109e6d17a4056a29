/**
 * The shape of the code (DESIGN §3, docs/architecture.md), held by tests:
 *
 * - `core/` knows nothing of its callers: its module graph stays inside `core/`, and no core
 *   source imports `server/`, `relay/` or `cli/` or reads the process environment.
 * - Inside `core/` the layers run one way ({@linkcode LAYERS}): a file imports its own folder
 *   and the layers below; capabilities never import each other, nor do services.
 * - No cycle between folders or between files; SQL is prepared only in `store/`.
 * - Files stay small: `engine.ts` is wiring, no file is over 400 lines but the declared data
 *   catalogues, and the median source file is at most 120 lines.
 * - Tests take time from an injected clock: none reads the wall clock to assert a duration.
 *
 * @module
 */
import { join, relative, resolve } from "node:path";
import { deepEqual, ok } from "node:assert/strict";

/** Fails listing every problem (an assertion diff would cut the list short). */
function none(problems: readonly string[], hint: string): void {
  ok(problems.length === 0, `${hint}:\n  ${problems.join("\n  ")}`);
}

const ROOT = resolve(new URL("..", import.meta.url).pathname);
const CORE = join(ROOT, "core");
const CALLERS = ["server", "relay", "cli"];

/** A layer of `core/`: its folders (or root files), and whether they may import each other. */
interface Layer {
  readonly name: string;
  readonly units: readonly string[];
  /** Units of this layer may not import each other (capabilities, services). */
  readonly apart?: boolean;
}

/** The layer table of DESIGN §3, top to bottom. A file may import only its own unit and lower layers. */
const LAYERS: readonly Layer[] = [
  { name: "surface", units: ["mod.ts"] },
  // The workspace composes engines (the personal strand and team strands): above engine.ts,
  // below the public surface, and nothing under it imports it.
  { name: "workspace", units: ["workspace"] },
  { name: "facade", units: ["engine.ts", "wire.ts"] },
  {
    name: "capabilities",
    units: [
      "ingest",
      "memory",
      "recall",
      "lifecycle",
      "history",
      "transfer",
      "maintenance",
      "sync",
      "rules",
    ],
    apart: true,
  },
  {
    name: "services",
    units: ["redact", "guard", "extract", "compare", "llm", "crypto"],
    apart: true,
  },
  { name: "ops", units: ["ops"] },
  { name: "store", units: ["store"] },
  {
    name: "leaves",
    units: [
      "model",
      "text",
      "util",
      "embed",
      "config",
      "ports.ts",
      "errors.ts",
      "clock.ts",
      "file_probe.ts",
    ],
  },
];

/** Data catalogues allowed over the size limit: tables of formats and rules, not logic. */
const CATALOGUES = ["core/redact/catalogue.ts", "core/guard/rules.ts"];
const MAX_LINES = 400;
const MAX_ENGINE_LINES = 250;
const MAX_MEDIAN_LINES = 120;

async function sourceFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for await (const entry of Deno.readDir(dir)) {
    const path = join(dir, entry.name);
    if (entry.isDirectory) out.push(...await sourceFiles(path));
    else if (entry.name.endsWith(".ts")) out.push(path);
  }
  return out.sort();
}

/** Tests, benches and their helpers (`*_testing.ts`) are not part of the layered code. */
const isTest = (path: string) => /_(test|bench|testing)\.ts$/.test(path);

/** Source text without comments (JSDoc examples import things only in documentation). */
function code(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
}

/** Relative import specifiers of a module, resolved to paths from the repository root. */
function importsOf(file: string, text: string): string[] {
  const out: string[] = [];
  for (const match of code(text).matchAll(/(?:from|import)\s*\(?\s*["']([^"']+)["']/g)) {
    const specifier = match[1]!;
    if (specifier.startsWith(".")) out.push(relative(ROOT, resolve(file, "..", specifier)));
  }
  return out;
}

/** `core/ingest/pipeline.ts` → `ingest`; `core/engine.ts` → `engine.ts`. */
function unitOf(path: string): string {
  return path.replace(/^core\//, "").split("/")[0]!;
}

function layerOf(unit: string): number {
  return LAYERS.findIndex((layer) => layer.units.includes(unit));
}

/** The core source files (tests and benches aside) and what each imports inside core. */
async function coreGraph(): Promise<Map<string, string[]>> {
  const graph = new Map<string, string[]>();
  for (const file of await sourceFiles(CORE)) {
    const name = relative(ROOT, file);
    if (isTest(name)) continue;
    const text = await Deno.readTextFile(file);
    graph.set(name, importsOf(file, text).filter((p) => p.startsWith("core/")));
  }
  return graph;
}

/** One cycle of `graph`, as a path that starts and ends at the same node, or null. */
function findCycle(graph: ReadonlyMap<string, readonly string[]>): string[] | null {
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const visit = (node: string): string[] | null => {
    state.set(node, "open");
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === "open") return [...stack.slice(stack.indexOf(next)), next];
      if (!state.has(next)) {
        const cycle = visit(next);
        if (cycle) return cycle;
      }
    }
    stack.pop();
    state.set(node, "done");
    return null;
  };
  for (const node of [...graph.keys()].sort()) {
    if (state.has(node)) continue;
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return null;
}

Deno.test("the module graph of core/mod.ts stays inside core/", async () => {
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["info", "--json", "core/mod.ts"],
    cwd: ROOT,
    stdout: "piped",
    stderr: "piped",
  }).output();
  ok(output.success, new TextDecoder().decode(output.stderr));
  const graph = JSON.parse(new TextDecoder().decode(output.stdout)) as {
    modules: { specifier: string }[];
  };
  const local = graph.modules.map((m) => m.specifier).filter((s) => s.startsWith("file://"));
  ok(local.length > 10, "the graph was read");
  const outside = local.map((s) => relative(ROOT, new URL(s).pathname)).filter((p) =>
    !p.startsWith("core/")
  );
  deepEqual(outside, []);
});

Deno.test("no core source imports server/, relay/ or cli/, or reads Deno.env", async () => {
  const problems: string[] = [];
  for (const file of await sourceFiles(CORE)) {
    const text = await Deno.readTextFile(file);
    const name = relative(ROOT, file);
    for (const target of importsOf(file, text)) {
      if (CALLERS.some((folder) => target.startsWith(`${folder}/`))) {
        problems.push(`${name} imports ${target}`);
      }
      if (!isTest(name) && !target.startsWith("core/")) {
        problems.push(`${name} imports ${target} outside core/`);
      }
    }
    if (!isTest(name) && /Deno\.(env|exit|args)\b/.test(code(text))) {
      problems.push(`${name} reads Deno.env/args or exits`);
    }
  }
  deepEqual(problems, []);
});

Deno.test("server/ reaches core only through core/mod.ts (the @helix/core import)", async () => {
  const problems: string[] = [];
  for (const file of await sourceFiles(join(ROOT, "server"))) {
    for (const target of importsOf(file, await Deno.readTextFile(file))) {
      if (!target.startsWith("server/")) problems.push(`${relative(ROOT, file)} imports ${target}`);
    }
  }
  deepEqual(problems, []);
});

Deno.test("web/server/ reaches core only through core/mod.ts, and web/app/ imports nothing outside it", async () => {
  const problems: string[] = [];
  for (const file of await sourceFiles(join(ROOT, "web", "server"))) {
    if (isTest(relative(ROOT, file))) continue;
    for (const target of importsOf(file, await Deno.readTextFile(file))) {
      if (!target.startsWith("web/server/")) {
        problems.push(`${relative(ROOT, file)} imports ${target}`);
      }
    }
  }
  for await (const entry of Deno.readDir(join(ROOT, "web", "app", "pages"))) {
    const file = join(ROOT, "web", "app", "pages", entry.name);
    for (const target of importsOf(file, await Deno.readTextFile(file))) {
      if (!target.startsWith("web/app/")) {
        problems.push(`${relative(ROOT, file)} imports ${target}`);
      }
    }
  }
  deepEqual(problems, []);
});

Deno.test("every core source file sits in a layer of the table", async () => {
  const graph = await coreGraph();
  const unplaced = [...graph.keys()].filter((file) => layerOf(unitOf(file)) < 0);
  none(
    unplaced,
    "files outside the layer table: add the folder to LAYERS and docs/architecture.md",
  );
});

Deno.test("core imports run down the layers; capabilities and services never import each other", async () => {
  const problems: string[] = [];
  for (const [file, targets] of await coreGraph()) {
    const from = unitOf(file);
    const fromLayer = layerOf(from);
    for (const target of targets) {
      const to = unitOf(target);
      if (to === from) continue;
      const toLayer = layerOf(to);
      const layer = LAYERS[fromLayer];
      if (toLayer < fromLayer) {
        problems.push(
          `${file} imports ${target}: up from ${layer?.name} to ${LAYERS[toLayer]?.name}`,
        );
      } else if (toLayer === fromLayer && layer?.apart) {
        problems.push(`${file} imports ${target}: ${layer.name} never import each other`);
      }
    }
  }
  none(problems, "imports against the layers");
});

Deno.test("no cycle between core folders or between core files", async () => {
  const files = await coreGraph();
  none(findCycle(files) ?? [], "a cycle between files");
  const folders = new Map<string, string[]>();
  for (const [file, targets] of files) {
    const from = unitOf(file);
    const edges = folders.get(from) ?? [];
    for (const target of targets) {
      const to = unitOf(target);
      if (to !== from && !edges.includes(to)) edges.push(to);
    }
    folders.set(from, edges);
  }
  none(findCycle(folders) ?? [], "a cycle between folders");
});

/** Preparing or executing SQL: `.prepare(`, `db.exec(`, or `.exec(` of an SQL literal (not RegExp#exec). */
const SQL_CALL =
  /\.prepare(?:Log)?\(|\b\w*[dD]b\.exec\(|\.exec\(\s*[`"']\s*(?:CREATE|INSERT|UPDATE|DELETE|SELECT|PRAGMA|BEGIN|COMMIT|ROLLBACK|DROP|ALTER|SAVEPOINT|RELEASE|WITH)\b/i;

Deno.test("SQL is prepared and executed only in core/store/", async () => {
  const problems: string[] = [];
  for (const file of (await coreGraph()).keys()) {
    if (file.startsWith("core/store/")) continue;
    const text = code(await Deno.readTextFile(join(ROOT, file)));
    if (SQL_CALL.test(text)) problems.push(file);
  }
  none(problems, "SQL outside core/store/ (move it to a named query there)");
});

Deno.test("core files stay small: engine.ts is wiring, no logic file is over 400 lines", async () => {
  const lengths = new Map<string, number>();
  for (const file of await sourceFiles(CORE)) {
    const text = await Deno.readTextFile(file);
    lengths.set(relative(ROOT, file), text.split("\n").length - (text.endsWith("\n") ? 1 : 0));
  }
  const engine = lengths.get("core/engine.ts") ?? 0;
  ok(engine <= MAX_ENGINE_LINES, `core/engine.ts has ${engine} lines (≤ ${MAX_ENGINE_LINES})`);
  const long = [...lengths].filter(([file, n]) => n > MAX_LINES && !CATALOGUES.includes(file))
    .map(([file, n]) => `${file}: ${n}`);
  none(long, `files over ${MAX_LINES} lines`);
  const sources = [...lengths].filter(([file]) => !isTest(file)).map(([, n]) => n)
    .sort((a, b) => a - b);
  const median = sources[Math.floor((sources.length - 1) / 2)]!;
  ok(
    median <= MAX_MEDIAN_LINES,
    `median core source file: ${median} lines (≤ ${MAX_MEDIAN_LINES})`,
  );
});

Deno.test("no test reads the wall clock to assert a duration", async () => {
  const problems: string[] = [];
  for (const folder of ["core", "server", "cli", "relay", "tests", "web"]) {
    const dir = join(ROOT, folder);
    try {
      await Deno.stat(dir);
    } catch {
      continue;
    }
    for (const file of await sourceFiles(dir)) {
      if (!file.endsWith("_test.ts")) continue;
      const text = code(await Deno.readTextFile(file));
      if (/performance\.now\(\)|Date\.now\(\)\s*-/.test(text)) problems.push(relative(ROOT, file));
    }
  }
  none(problems, "tests that time themselves (take deadlines from an injected clock)");
});
