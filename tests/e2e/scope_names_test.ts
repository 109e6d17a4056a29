/**
 * Project names resolve: projects are ids like `project:github.com/acme/web-app` (from the git
 * remote), and `--scope web-app` (CLI) or `scope: "web-app"` (MCP) means that project; a name
 * that fits several projects lists them, and one that matches nothing says so instead of
 * silently finding nothing.
 */
import { equal, match, ok } from "node:assert/strict";
import { join } from "node:path";
import { openEngine } from "../../core/mod.ts";
import { createServer } from "../../server/server.ts";
import { tempDir } from "../helpers.ts";
import { cli } from "./_cli.ts";
import { type CallToolResult, Client, InMemoryTransport } from "./_client.ts";

async function seed(home: string) {
  const path = join(home, "strands", "default.db");
  for (
    const [project, content] of [
      ["github.com/acme/web-app", "The web app installs dependencies with pnpm."],
      ["github.com/acme/tools", "The tools repo pins Node 22."],
      ["github.com/beta/tools", "Beta's tools publish to npm on tags."],
    ]
  ) {
    const engine = openEngine({ path, project: project! });
    await engine.write({ content: content!, type: "convention" });
    engine.close();
  }
}

Deno.test("--scope with a project's name reads that project; ambiguous and unknown names say so", async () => {
  await using home = await tempDir();
  await seed(home.path);
  const helix = cli(home.path);
  const found = await helix(["search", "pnpm dependencies", "--scope", "web-app", "--json"]);
  equal(found.code, 0, found.stderr);
  equal(found.json().hits[0].memory.scope, "project:github.com/acme/web-app");
  const exported = await helix(["export", "--jsonl", "--scope", "web-app"]);
  equal(exported.code, 0);
  equal(exported.stdout.trim().split("\n").length, 1, "exactly the web app's memory");
  match(exported.stdout, /pnpm/);

  const ambiguous = await helix(["list", "--scope", "tools"]);
  equal(ambiguous.code, 64);
  match(ambiguous.stderr, /"tools": it names 2 projects/);
  match(ambiguous.stderr, /project:github\.com\/acme\/tools/);
  match(ambiguous.stderr, /project:github\.com\/beta\/tools/);
  // The tail of the path tells them apart: the one the user means, as they name it.
  const tail = await helix(["list", "--scope", "beta/tools", "--json"]);
  equal(tail.code, 0, tail.stderr);
  match(tail.stdout, /Beta's tools publish to npm/);
  ok(!tail.stdout.includes("pins Node 22"), tail.stdout);

  const unknown = await helix(["search", "pnpm", "--scope", "mobile"]);
  equal(unknown.code, 66);
  match(unknown.stderr, /no memories are in it \(projects: .*github\.com\/acme\/web-app/);

  const written = await helix(["add", "Web app previews deploy on Vercel.", "--scope", "web-app"]);
  equal(written.code, 0);
  match(written.stdout, /project:github\.com\/acme\/web-app/, "a write goes to the named project");
});

Deno.test("helix edit --scope alone moves a memory to the project a name gives", async () => {
  await using home = await tempDir();
  await seed(home.path);
  const helix = cli(home.path);
  const [memory] = (await helix(["list", "--scope", "github.com/beta/tools", "--json"])).json()
    .items;
  const ambiguous = await helix(["edit", memory.id, "--scope", "tools"]);
  equal(ambiguous.code, 64);
  match(ambiguous.stderr, /"tools": it names 2 projects/);
  const moved = await helix(["edit", memory.id, "--scope", "web-app", "--json"]);
  equal(moved.code, 0, moved.stderr);
  equal(moved.json().scope, "project:github.com/acme/web-app");
});

Deno.test("MCP tools resolve a project's name too", async () => {
  await using home = await tempDir();
  await seed(home.path);
  const engine = openEngine({ path: join(home.path, "strands", "default.db") });
  const { server } = createServer(engine, {});
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: "scope-names", version: "1" });
  await server.connect(serverSide);
  await client.connect(clientSide);
  try {
    await client.listTools();
    const found = (await client.callTool({
      name: "memory_search",
      arguments: { query: "pnpm", scope: "web-app" },
    })) as CallToolResult;
    ok(!found.isError, JSON.stringify(found.content));
    equal((found.structuredContent as { results: unknown[] }).results.length, 1);
    const unknown = (await client.callTool({
      name: "memory_search",
      arguments: { query: "pnpm", scope: "mobile" },
    })) as CallToolResult;
    equal(unknown.isError, true);
    match((unknown.content[0] as { text: string }).text, /no memories are in it/);
  } finally {
    await client.close();
    engine.close();
  }
});
