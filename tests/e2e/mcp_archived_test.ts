/**
 * `memory_search` over MCP shows a hit found only through the archived fallback of the
 * exact channel as archived, in its text and in its structured result.
 */
import { equal, match, ok } from "node:assert/strict";
import { join } from "node:path";
import { fixedClock, openEngine } from "../../core/mod.ts";
import { createServer } from "../../server/server.ts";
import { tempDir, TODAY } from "../helpers.ts";
import { type CallToolResult, Client, InMemoryTransport, type Structured } from "./_client.ts";

Deno.test("memory_search shows a memory only an archived one names as archived", async () => {
  await using dir = await tempDir();
  const engine = openEngine({
    path: join(dir.path, "s.db"),
    embedder: null,
    clock: fixedClock(TODAY),
    project: "api",
  });
  const episode = await engine.write({
    content: "Deploy of ZQHKX failed on a missing migration.",
    type: "episode",
  });
  await engine.patch(episode.id, { status: "archived" });
  const { server } = createServer(engine, { projectOverride: "project:api" });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: "helix-e2e", version: "1.0.0" });
  try {
    await server.connect(serverSide);
    await client.connect(clientSide);
    await client.listTools(); // so the client checks results against the output schema
    const result = (await client.callTool({
      name: "memory_search",
      arguments: { query: "zqhkx", explain: true },
    })) as CallToolResult;
    ok(!result.isError, JSON.stringify(result.content));
    const text = (result.content[0] as { text: string }).text;
    match(text, /^1\. \[episode\] Deploy of ZQHKX failed/);
    match(text, /, archived, score [\d.]+, found only in archived memories by zqhkx/);
    const [hit] = (result.structuredContent as Structured).results;
    equal(hit.id, episode.id);
    equal(hit.status, "archived");
    equal(hit.explain.archived_fallback, true);

    const words = (await client.callTool({
      name: "memory_search",
      arguments: { query: "deploy failed on a missing migration" },
    })) as CallToolResult;
    equal((words.structuredContent as Structured).results.length, 0, "words alone: active only");
  } finally {
    await client.close();
    engine.close();
  }
});
