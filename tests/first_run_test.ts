/**
 * A light first run (issue 16, item 12): on a fresh machine `deno task mcp` downloads what the
 * server needs, not the test tools nor the embedding runtime.
 *
 * What Deno 2.9 downloads before running anything:
 * - `deno task` first installs every npm package of the lockfile it discovers and every npm
 *   entry of deno.json "imports" (PackageCaching::All, whatever the task runs). So deno.json
 *   turns lock discovery off (`"lock": false`) and keeps test tools and the model runtime out
 *   of "imports"; every task names `--lock=deno.lock` itself, so what runs is still checked
 *   against the lockfile.
 * - `deno run` downloads every package of its lockfile unless `--unstable-npm-lazy-caching`,
 *   and, either way, every package its module graph names, including literal dynamic
 *   `import("…")`s. So the server's graph must not name the model runtime: transformers.js is
 *   imported by a computed URL when the model is first needed.
 *
 * The measured time and bytes are in bench/RESULTS-first-run.md (`deno task bench:first-run`).
 *
 * @module
 */
import { deepEqual, equal, ok } from "node:assert/strict";

const ROOT = new URL("..", import.meta.url).pathname;

/** Large npm packages the server and CLI never need at startup (test tools, model runtime). */
const HEAVY = [
  /^@huggingface\/transformers$/,
  /^onnxruntime/,
  /^sharp$/,
  /^@modelcontextprotocol\/(inspector|conformance)$/,
  /^wabt$/,
];
const isHeavy = (name: string) => HEAVY.some((pattern) => pattern.test(name));
/**
 * Test-only packages: never in the servers' graphs. fast-check stays in deno.json imports (the
 * property tests name it bare), which costs a first `deno task` 1.8 MB.
 */
const isTestOnly = (name: string) => isHeavy(name) || name === "fast-check";

/** `npm:@scope/name@range/sub` or `npm:/name@range/` → the package name. */
function npmName(specifier: string): string {
  const bare = specifier.replace(/^npm:\/?/, "");
  const scoped = bare.startsWith("@");
  const parts = bare.split("/");
  const head = scoped ? `${parts[0]}/${parts[1]}` : parts[0]!;
  return head.replace(/(.)@.*$/, "$1");
}

interface InfoDependency {
  readonly specifier: string;
  readonly code?: { readonly specifier?: string };
  readonly isDynamic?: boolean;
}
interface InfoModule {
  readonly specifier: string;
  readonly dependencies?: readonly InfoDependency[];
}

/**
 * The npm packages an entry point's runtime graph names: what `deno info` records along code
 * edges (static and literal dynamic imports), not type-only references.
 */
async function runtimeNpmPackages(entry: string): Promise<Map<string, string>> {
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["info", "--json", "--lock=deno.lock", entry],
    cwd: ROOT,
    stdout: "piped",
    stderr: "piped",
  }).output();
  equal(code, 0, new TextDecoder().decode(stderr));
  const info = JSON.parse(new TextDecoder().decode(stdout)) as {
    roots: string[];
    modules: InfoModule[];
  };
  const modules = new Map(info.modules.map((module) => [module.specifier, module]));
  const found = new Map<string, string>();
  const seen = new Set<string>();
  const queue = [...info.roots];
  while (queue.length > 0) {
    const specifier = queue.pop()!;
    if (seen.has(specifier)) continue;
    seen.add(specifier);
    for (const dependency of modules.get(specifier)?.dependencies ?? []) {
      const target = dependency.code?.specifier;
      if (!target) continue;
      if (target.startsWith("npm:")) found.set(npmName(target), specifier);
      else if (target.startsWith("file:")) queue.push(target);
    }
  }
  return found;
}

for (const entry of ["server/main.ts", "cli/main.ts"]) {
  Deno.test(`${entry} names no test tool and no embedding runtime in its runtime graph`, async () => {
    const packages = await runtimeNpmPackages(entry);
    ok(packages.has("zod"), `the graph was read: ${[...packages.keys()].join(", ")}`);
    const heavy = [...packages].filter(([name]) => isTestOnly(name))
      .map(([name, from]) => `${name} (from ${from.replace(`file://${ROOT}`, "")})`);
    deepEqual(heavy, [], "a static or literal dynamic import downloads these on every first run");
  });
}

const config = JSON.parse(await Deno.readTextFile(`${ROOT}deno.json`)) as {
  lock?: unknown;
  imports: Record<string, string>;
  tasks: Record<string, string>;
};

Deno.test("deno task installs no test tool and no embedding runtime before running the server", () => {
  // `deno task` installs all of a discovered lockfile; deno.lock also pins the test tools.
  equal(config.lock, false, "deno.json must not let `deno task` discover deno.lock");
  const heavy = Object.entries(config.imports)
    .filter(([, target]) => target.startsWith("npm:") && isHeavy(npmName(target)))
    .map(([name]) => name);
  deepEqual(heavy, [], "`deno task` installs every npm entry of deno.json imports");
  for (const task of ["mcp", "helix"]) {
    ok(
      config.tasks[task]!.includes("--unstable-npm-lazy-caching"),
      `task ${task}: without lazy caching \`deno run\` fetches all of deno.lock`,
    );
  }
});

Deno.test("every task that runs code checks it against deno.lock", () => {
  const unlocked = Object.entries(config.tasks).filter(([, command]) =>
    /\bdeno (run|test|check|bench|compile|cache|info)\b/.test(command) &&
    !/--lock=deno\.lock\b/.test(command)
  ).map(([name]) => name);
  deepEqual(unlocked, [], "with lock discovery off, a task without --lock=deno.lock is unchecked");
});

Deno.test("deno.lock pins the transformers.js that the model loads, so loading it is checked too", async () => {
  const lock = JSON.parse(await Deno.readTextFile(`${ROOT}deno.lock`)) as {
    specifiers: Record<string, string>;
  };
  const source = await Deno.readTextFile(`${ROOT}core/embed/transformers_module.ts`);
  const specifier = /"(npm:@huggingface\/transformers@[^"]+)"/.exec(source)?.[1];
  ok(specifier, "transformers_module.ts names the package");
  ok(specifier in lock.specifiers, `${specifier} is missing from deno.lock`);
});
