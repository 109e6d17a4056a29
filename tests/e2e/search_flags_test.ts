/**
 * Recall says when a memory is contested: a hit with an open contradiction (two memories give
 * incompatible values and nothing says one changed) names the memory that says otherwise, in
 * `memory_search`'s text and structured result, in the context pack and in `helix search`, so an
 * agent does not take one side as settled. Once a person settles the flag, the mark is gone.
 */
import { deepEqual, equal, match, ok } from "node:assert/strict";
import { join } from "node:path";
import { fixedClock, openEngine } from "../../core/mod.ts";
import { createServer } from "../../server/server.ts";
import { tempDir, TODAY } from "../helpers.ts";
import { cli } from "./_cli.ts";
import { type CallToolResult, Client, InMemoryTransport, type Structured } from "./_client.ts";

Deno.test("memory_search names the memory that says otherwise, until the flag is settled", async () => {
  await using dir = await tempDir();
  const engine = openEngine({
    path: join(dir.path, "s.db"),
    embedder: null,
    clock: fixedClock(TODAY),
    project: "api",
  });
  const low = await engine.write({ content: "The API rate limit is 100 requests per minute." });
  const high = await engine.write({ content: "The API rate limit is 500 requests per minute." });
  const other = await engine.write({ content: "The API is served by Fastify on port 3000." });
  equal(engine.flags().length, 1, "the two limits are flagged");

  const found = await engine.search({ query: "api rate limit" });
  const rivals = new Map(found.hits.map((h) => [h.memory.id, h.contradicts]));
  deepEqual(rivals.get(low.id), [high.id]);
  deepEqual(rivals.get(high.id), [low.id]);
  const [plain] = (await engine.search({ query: "fastify port" })).hits;
  equal(plain?.memory.id, other.id);
  equal(plain?.contradicts, undefined, "an uncontested memory carries no mark");

  const pack = await engine.context({ query: "api rate limit", budgetTokens: 2000 });
  match(
    pack.text,
    new RegExp(`100 requests per minute\\. \\(${low.id}, open flag: ${high.id} says`),
  );

  const { server } = createServer(engine, { projectOverride: "project:api" });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: "helix-e2e", version: "1.0.0" });
  try {
    await server.connect(serverSide);
    await client.connect(clientSide);
    await client.listTools(); // so the client checks results against the output schema
    const result = (await client.callTool({
      name: "memory_search",
      arguments: { query: "what is the rate limit of the api" },
    })) as CallToolResult;
    ok(!result.isError, JSON.stringify(result.content));
    const text = (result.content[0] as { text: string }).text;
    match(text, new RegExp(`100 requests per minute\\. \\(.*open flag: ${high.id} says otherwise`));
    match(text, new RegExp(`500 requests per minute\\. \\(.*open flag: ${low.id} says otherwise`));
    const hits = (result.structuredContent as Structured).results;
    deepEqual(hits.find((h: { id: string }) => h.id === low.id).contradicts, [high.id]);

    // The user settles it: the newer value is the truth.
    await engine.write({
      content: "The API rate limit is 500 requests per minute (confirmed in the gateway config).",
      supersedes: [low.id],
    });
    const settled = (await client.callTool({
      name: "memory_search",
      arguments: { query: "api rate limit" },
    })) as CallToolResult;
    ok(!(settled.content[0] as { text: string }).text.includes("open flag"));
  } finally {
    await client.close();
    engine.close();
  }
});

Deno.test("helix search marks a contested memory in the table and in --explain", async () => {
  await using home = await tempDir();
  const helix = cli(home.path);
  await helix(["init"]);
  const pg = (await helix(["add", "Billing uses Postgres", "--project", "billing", "--json"]))
    .json();
  const sqlite = (await helix(["add", "Billing uses SQLite", "--project", "billing", "--json"]))
    .json();
  const table = await helix(["search", "billing database", "--project", "billing"]);
  equal(table.code, 0, table.stderr);
  match(table.stdout, /\[flag\] Billing uses Postgres/);
  match(table.stdout, /\[flag\] Billing uses SQLite/);
  const explained = await helix([
    "search",
    "billing database",
    "--project",
    "billing",
    "--explain",
  ]);
  match(
    explained.stdout,
    new RegExp(`flag +${sqlite.id} says otherwise \\(see \`helix flags\`\\)`),
  );
  const json = (await helix(["search", "billing", "--project", "billing", "--json"])).json();
  deepEqual(
    json.hits.find((h: { memory: { id: string } }) => h.memory.id === pg.id).contradicts,
    [sqlite.id],
  );
});
