/**
 * `helix://rules/{target}` over MCP: one resource per tool, each what `helix rules export`
 * writes into that tool's file for the session's project (a managed block, or the generated
 * Cursor file with its frontmatter); an unknown tool is "resource not found".
 */
import { equal, match, ok, rejects } from "node:assert/strict";
import { BLOCK_BEGIN, BLOCK_END, openEngine, RULE_TARGETS } from "../../core/mod.ts";
import { createServer } from "../../server/server.ts";
import { Client, InMemoryTransport } from "./_client.ts";

Deno.test("helix://rules/{target} serves each tool's part of its rules file for the project", async () => {
  const engine = openEngine({ path: ":memory:", project: "billing" });
  await engine.write({ content: "Money is stored as integer cents.", type: "convention" });
  await engine.write({ content: "We chose Postgres 16 for billing.", type: "decision" });
  const { server } = createServer(engine, { projectOverride: "project:billing" });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: "rules", version: "1" });
  await server.connect(serverSide);
  await client.connect(clientSide);
  try {
    const { resources } = await client.listResources();
    for (const target of RULE_TARGETS) {
      ok(resources.some((r) => r.uri === `helix://rules/${target}`), target);
    }
    const read = async (uri: string) => {
      const result = await client.readResource({ uri });
      const [content] = result.contents as Array<{ text: string; mimeType: string }>;
      equal(content!.mimeType, "text/markdown");
      return content!.text;
    };
    const agents = await read("helix://rules/agents");
    ok(agents.startsWith(BLOCK_BEGIN) && agents.trimEnd().endsWith(BLOCK_END), agents);
    match(agents, /integer cents/);
    match(agents, /Postgres 16/);
    match(await read("helix://rules/cursor"), /^---\n[\s\S]*alwaysApply: true\n---\n/);
    await rejects(client.readResource({ uri: "helix://rules/emacs" }), /not found/);
  } finally {
    await client.close();
    engine.close();
  }
});
