/**
 * The relay's boundary (`docs/sync.md`): it reaches core only through `@helix/core/wire` (its
 * tests also through `@helix/core`, and `tests/fixtures/` for the services they drive), never
 * server/ or cli/; its source files stay under 400 lines; and its module graph holds no part of
 * the engine.
 *
 * @module
 */
import { deepEqual } from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { join, relative } from "node:path";

const RELAY = fileURLToPath(new URL(".", import.meta.url));

async function* sources(dir: string): AsyncGenerator<string> {
  for await (const entry of Deno.readDir(dir)) {
    const path = join(dir, entry.name);
    if (entry.isDirectory) yield* sources(path);
    else if (entry.name.endsWith(".ts")) yield path;
  }
}

Deno.test("relay/ imports core only as @helix/core, and nothing of server/ or cli/", async () => {
  const problems: string[] = [];
  for await (const file of sources(RELAY)) {
    const text = await Deno.readTextFile(file);
    for (const [, target] of text.matchAll(/(?:from|import)\s*\(?\s*"([^"]+)"/g)) {
      const path = relative(RELAY, join(file, "..", target!));
      const fixture = file.endsWith("_test.ts") && path.startsWith("../tests/fixtures/");
      const outside = target!.startsWith(".") && path.startsWith("..") && !fixture;
      if (outside) problems.push(`${relative(RELAY, file)} imports ${target}`);
    }
    const lines = text.split("\n").length;
    if (lines > 400) problems.push(`${relative(RELAY, file)} has ${lines} lines`);
  }
  deepEqual(problems, []);
});

Deno.test("the relay's module graph holds the sync wire codecs, not the engine or its models", async () => {
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["info", "--json", fileURLToPath(new URL("main.ts", import.meta.url))],
    stdout: "piped",
    stderr: "null",
  }).output();
  const graph = JSON.parse(new TextDecoder().decode(output.stdout)) as {
    modules: { specifier: string }[];
  };
  const heavy = graph.modules.map((m) => m.specifier).filter((s) =>
    /core\/engine\.ts|transformers|onnxruntime|sqlite-vec|modelcontextprotocol/.test(s)
  );
  deepEqual(heavy, []);
});
