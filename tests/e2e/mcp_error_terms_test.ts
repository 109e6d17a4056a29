/**
 * A tool's errors speak the tool's language (issue 16, the outside check's notes): the
 * argument the agent passed (`as_of`, `type`, `text`) and the tool's own action ("give
 * feedback"), never the engine's field paths ("asOf", "statuses.0") or actions ("reinforce").
 */
import { equal, match, ok } from "node:assert/strict";
import { join } from "node:path";
import { fixedClock, openEngine } from "../../core/mod.ts";
import { createServer } from "../../server/server.ts";
import { tempDir, TODAY, wordHashEmbedder } from "../helpers.ts";
import { type CallToolResult, Client, InMemoryTransport } from "./_client.ts";

Deno.test("tool errors name the tool's arguments and action, not the engine's", async () => {
  await using dir = await tempDir();
  const engine = openEngine({
    path: join(dir.path, "s.db"),
    embedder: wordHashEmbedder(),
    clock: fixedClock(TODAY),
  });
  const { server } = createServer(engine, { projectOverride: "project:p" });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: "helix-e2e", version: "1.0.0" });
  await server.connect(serverSide);
  await client.connect(clientSide);
  await client.listTools();
  const failure = async (name: string, args: Record<string, unknown>) => {
    const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
    equal(result.isError, true, JSON.stringify(result.content));
    return (result.content[0] as { text: string }).text;
  };
  try {
    const asOf = await failure("memory_search", { query: "deploy", as_of: "yesterday" });
    match(asOf, /^Cannot search memories: as_of: expected an ISO 8601 date/);
    ok(!asOf.includes("asOf"), asOf);

    const eventAt = await failure("memory_write", { content: "Ship it", event_at: "someday" });
    match(eventAt, /^Cannot write memory: event_at: expected an ISO 8601 date/);

    const feedback = await failure("memory_feedback", { id: "mem_nope_zzzz", useful: true });
    match(feedback, /^Cannot give feedback: no memory has id "mem_nope_zzzz"/);
    ok(!/reinforce/i.test(feedback), feedback);

    const written = await client.callTool({
      name: "memory_write",
      arguments: { content: "Deploys run from scripts/release.sh." },
    }) as CallToolResult;
    const id = (written.structuredContent as { id: string }).id;
    await client.callTool({ name: "memory_forget", arguments: { id } });
    const gone = await failure("memory_feedback", { id, quality: 4 });
    match(gone, new RegExp(`^Cannot give feedback: ${id} was forgotten`));

    const relate = await failure("memory_relate", {
      from_id: "mem_a_zzzz",
      to_id: "mem_b_zzzz",
      relation: "owns",
    });
    match(relate, /^Cannot relate memories: /);
    const badId = await failure("memory_relate", { from_id: "x", to_id: id, relation: "owns" });
    match(badId, /^Cannot relate memories: from_id: expected a memory id/);
  } finally {
    await client.close();
    engine.close();
  }
});
