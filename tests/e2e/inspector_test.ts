/**
 * The MCP Inspector's CLI, exactly as the README gives it (through Deno, so it runs where
 * Node is older than Inspector 2.x needs): it lists the tools and calls memory_search against
 * `deno task mcp`.
 */
import { deepEqual, equal } from "node:assert/strict";
import { tempDir } from "../helpers.ts";
import { EXPECTED_TOOLS } from "./_client.ts";

const ROOT = new URL("../..", import.meta.url).pathname;
const INSPECTOR = "npm:@modelcontextprotocol/inspector@2.12.0";

async function inspector(home: string, args: string[]): Promise<Record<string, unknown>> {
  // The Inspector starts the server with an environment of its own: what the server needs
  // (its home, no model download, this Deno cache) is passed explicitly with -e.
  const serverEnv: Record<string, string> = {
    HELIX_HOME: home,
    HELIX_EMBEDDER: "none",
    HELIX_LOG_LEVEL: "warn",
  };
  for (const key of ["DENO_DIR", "PATH"]) {
    if (Deno.env.get(key)) serverEnv[key] = Deno.env.get(key)!;
  }
  const env: Record<string, string> = {};
  for (const key of ["PATH", "HOME", "DENO_DIR"]) {
    if (Deno.env.get(key)) env[key] = Deno.env.get(key)!;
  }
  const output = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "-A",
      "--quiet",
      // deno.json turns lock discovery off (see tests/first_run_test.ts): name it.
      "--lock=deno.lock",
      INSPECTOR,
      "--cli",
      ...Object.entries(serverEnv).flatMap(([key, value]) => ["-e", `${key}=${value}`]),
      // A fresh cache compiles the server on first spawn, under parallel tests.
      "--connect-timeout",
      "120000",
      "deno",
      "task",
      "--quiet",
      "mcp",
      ...args,
    ],
    cwd: ROOT,
    env,
    clearEnv: true,
    stdout: "piped",
    stderr: "piped",
  }).output();
  equal(output.code, 0, new TextDecoder().decode(output.stderr).slice(-2_000));
  return JSON.parse(new TextDecoder().decode(output.stdout));
}

Deno.test("the MCP Inspector CLI lists the tools and calls memory_search", async () => {
  await using home = await tempDir();
  const listed = await inspector(home.path, ["--method", "tools/list"]);
  deepEqual(
    (listed.tools as { name: string }[]).map((t) => t.name).sort(),
    EXPECTED_TOOLS,
  );
  await inspector(home.path, [
    "--method",
    "tools/call",
    "--tool-name",
    "memory_write",
    "--tool-arg",
    "content=Deploys go through the GitHub Actions pipeline, never from a laptop.",
  ]);
  const found = await inspector(home.path, [
    "--method",
    "tools/call",
    "--tool-name",
    "memory_search",
    "--tool-arg",
    "query=how do we deploy",
  ]);
  const results = (found.structuredContent as { results: { content: string }[] }).results;
  equal(
    results[0]?.content,
    "Deploys go through the GitHub Actions pipeline, never from a laptop.",
  );
});

Deno.test("the Inspector's server wrote to the test's HELIX_HOME, nowhere else", async () => {
  await using home = await tempDir();
  await inspector(home.path, [
    "--method",
    "tools/call",
    "--tool-name",
    "memory_note",
    "--tool-arg",
    "text=marker",
  ]);
  const strand = await Deno.stat(`${home.path}/strands/default.db`);
  equal(strand.isFile, true);
});
