/**
 * The dependency direction of DESIGN §3: `core/` knows nothing of its callers. Every
 * module reachable from `core/mod.ts` (per `deno info --json`) lives in `core/`, and no
 * core source file imports `server/`, `relay/` or `cli/` or reads the process environment.
 *
 * @module
 */
import { join, relative, resolve } from "node:path";
import { deepEqual, ok } from "node:assert/strict";

const ROOT = resolve(new URL("..", import.meta.url).pathname);
const CALLERS = ["server", "relay", "cli"];

async function sourceFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for await (const entry of Deno.readDir(dir)) {
    const path = join(dir, entry.name);
    if (entry.isDirectory) out.push(...await sourceFiles(path));
    else if (entry.name.endsWith(".ts")) out.push(path);
  }
  return out.sort();
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
  for (const file of await sourceFiles(join(ROOT, "core"))) {
    const text = await Deno.readTextFile(file);
    const name = relative(ROOT, file);
    for (const match of text.matchAll(/(?:from|import)\s*\(?\s*["']([^"']+)["']/g)) {
      const specifier = match[1]!;
      if (!specifier.startsWith(".")) continue;
      const target = relative(ROOT, resolve(file, "..", specifier));
      if (CALLERS.some((folder) => target.startsWith(`${folder}/`))) {
        problems.push(`${name} imports ${target}`);
      }
      const isTest = name.endsWith("_test.ts") || name.endsWith("_bench.ts");
      if (!isTest && !target.startsWith("core/")) {
        problems.push(`${name} imports ${target} outside core/`);
      }
    }
    const code = text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
    if (!/_(test|bench)\.ts$/.test(name) && /Deno\.(env|exit|args)\b/.test(code)) {
      problems.push(`${name} reads Deno.env/args or exits`);
    }
  }
  deepEqual(problems, []);
});

Deno.test("server/ reaches core only through core/mod.ts (the @helix/core import)", async () => {
  const problems: string[] = [];
  for (const file of await sourceFiles(join(ROOT, "server"))) {
    const text = await Deno.readTextFile(file);
    for (const match of text.matchAll(/(?:from|import)\s*\(?\s*["']([^"']+)["']/g)) {
      const specifier = match[1]!;
      if (!specifier.startsWith(".")) continue;
      const target = relative(ROOT, resolve(file, "..", specifier));
      if (!target.startsWith("server/")) problems.push(`${relative(ROOT, file)} imports ${target}`);
    }
  }
  deepEqual(problems, []);
});
