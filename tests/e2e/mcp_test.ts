/**
 * The MCP surface end to end, with the SDK's own Client over an in-memory transport pair:
 * every tool, the resources and the prompt, paging, scope isolation, explain traces, roots,
 * `isError` results for bad arguments, and the session end being recorded.
 */
import { deepEqual, equal, match, ok } from "node:assert/strict";
import { join } from "node:path";
import { type Engine, fixedClock, openEngine } from "../../core/mod.ts";
import { tokenCounter } from "../../core/text/tokens.ts";
import { createServer, type ServerOptions } from "../../server/server.ts";
import { tempDir, TODAY, wordHashEmbedder } from "../helpers.ts";
import {
  type CallToolResult,
  Client,
  EXPECTED_TOOLS,
  InMemoryTransport,
  ListRootsRequestSchema,
  LoggingMessageNotificationSchema,
  type Structured,
} from "./_client.ts";

async function connect(engine: Engine, options: ServerOptions = {}, roots?: string[]) {
  const { server, session } = createServer(engine, options);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: "helix-e2e", version: "1.0.0" }, {
    capabilities: roots ? { roots: {} } : {},
  });
  if (roots) {
    client.setRequestHandler(
      ListRootsRequestSchema,
      () => ({ roots: roots.map((uri) => ({ uri })) }),
    );
  }
  await server.connect(serverSide);
  await client.connect(clientSide);
  // Real clients list the tools first; the SDK client then validates every result's
  // structuredContent against the tool's outputSchema, so the tests must run that way too.
  await client.listTools();
  const call = async (name: string, args: Record<string, unknown>) =>
    (await client.callTool({ name, arguments: args })) as CallToolResult;
  const ok2 = async (name: string, args: Record<string, unknown>): Promise<Structured> => {
    const result = await call(name, args);
    ok(!result.isError, `${name} failed: ${JSON.stringify(result.content)}`);
    return result.structuredContent as Structured;
  };
  return { client, server, session, call, ok: ok2 };
}

async function readJson(client: Client, uri: string): Promise<Structured> {
  const [content] = (await client.readResource({ uri })).contents;
  if (!content || !("text" in content)) throw new Error(`${uri} returned no text`);
  return JSON.parse(content.text);
}

function strand(dir: string, name = "s.db") {
  return openEngine({
    path: join(dir, name),
    embedder: wordHashEmbedder(),
    clock: fixedClock(TODAY),
  });
}

Deno.test("tools/list: eight snake_case tools with when-to-call descriptions, schemas and annotations", async () => {
  await using dir = await tempDir();
  const engine = await strand(dir.path);
  const { client } = await connect(engine, { projectOverride: "project:billing" });
  try {
    const { tools } = await client.listTools();
    deepEqual(tools.map((t) => t.name).sort(), EXPECTED_TOOLS);
    for (const tool of tools) {
      match(tool.description ?? "", /^Call /, `${tool.name} says when to call it`);
      ok(tool.inputSchema.type === "object" && tool.outputSchema, tool.name);
      ok(tool.annotations && typeof tool.annotations.readOnlyHint === "boolean", tool.name);
      equal(typeof tool.annotations.destructiveHint, "boolean");
      equal(typeof tool.annotations.idempotentHint, "boolean");
    }
    const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
    equal(byName.memory_search!.annotations!.readOnlyHint, true);
    equal(byName.memory_forget!.annotations!.destructiveHint, true);
    equal(
      byName.memory_forget!.annotations!.idempotentHint,
      false,
      "forget by query forgets the next best match on each call",
    );
    const query =
      (byName.memory_search!.inputSchema.properties as Record<string, { maxLength?: number }>)
        .query!;
    equal(query.maxLength, 2_000, "inputs carry limits");
    // What a client puts in the model's context: names, descriptions and input schemas.
    const count = await tokenCounter();
    const prompt = tools.map((t) =>
      JSON.stringify({ name: t.name, description: t.description, input: t.inputSchema })
    );
    const tokens = count(prompt.join("\n"));
    ok(tokens < 2_500, `the tool definitions stay small: ${tokens} tokens`);
  } finally {
    await client.close();
    engine.close();
  }
});

Deno.test("every tool works end to end, with explain traces, paging and feedback", async (t) => {
  await using dir = await tempDir();
  const engine = await strand(dir.path);
  const mcp = await connect(engine, { projectOverride: "project:billing", sessionId: "e2e-1" });
  try {
    const ids: string[] = [];
    await t.step("memory_write stores verbatim, in the project, with provenance", async () => {
      const out = await mcp.ok("memory_write", {
        content: "Billing ledgers live in Postgres 16; money is integer cents in `amount_cents`.",
        type: "decision",
        importance: 8,
        tags: ["postgres"],
        source: { agent: "claude-code", ref: "PR #42" },
      });
      equal(out.action, "added");
      equal(out.memory.scope, "project:billing");
      equal(out.memory.type, "decision");
      deepEqual(out.memory.provenance[0].agent, "claude-code");
      equal(out.memory.provenance[0].origin, "agent-ingested");
      ok(!("embedding" in out.memory), "no embeddings leave the server");
      ids.push(out.id);
    });
    await t.step("memory_write with supersedes reports what it replaced", async () => {
      const out = await mcp.ok("memory_write", {
        content: "Billing moved its ledgers from Postgres to SQLite with Litestream backups.",
        type: "decision",
        supersedes: [ids[0]],
      });
      equal(out.action, "superseded");
      deepEqual(out.superseded, [ids[0]]);
      ids.push(out.id);
    });
    await t.step("memory_note stores the user's words", async () => {
      const out = await mcp.ok("memory_note", {
        text: "Always run `pnpm test:e2e --filter api` before merging.",
      });
      equal(out.notes.length, 1);
      equal(out.notes[0].memory.provenance[0].extractor, "deterministic");
      ids.push(out.notes[0].id);
    });
    await t.step(
      "memory_search returns current facts best first, with the full trace on request",
      async () => {
        const result = await mcp.call("memory_search", {
          query: "where do billing ledgers live",
          explain: true,
        });
        const out = result.structuredContent as Structured;
        equal(out.results[0].id, ids[1], "the superseding decision, not the old one");
        ok(
          !out.results.some((r: Structured) => r.id === ids[0]),
          "the superseded fact is left out",
        );
        const trace = out.results[0].explain;
        ok(trace.channels.bm25 || trace.channels.vector, "channels and ranks");
        ok(
          typeof trace.fused === "number" && typeof trace.decay === "number" &&
            trace.factors.normalized,
        );
        match((result.content[0] as { text: string }).text, /^1\. \[decision\]/);
        const exact = await mcp.ok("memory_search", { query: "pnpm test:e2e", limit: 3 });
        equal(exact.results[0].id, ids[2]);
      },
    );
    await t.step("memory_search as_of returns what was valid then", async () => {
      const out = await mcp.ok("memory_search", {
        query: "billing ledgers database",
        as_of: "2020-01-01",
      });
      deepEqual(out.results, [], "nothing was valid in 2020");
      equal(out.as_of, "2020-01-01T00:00:00.000Z");
    });
    await t.step("memory_relate and memory_feedback", async () => {
      const edge = await mcp.ok("memory_relate", {
        from_id: ids[1],
        to_id: ids[2],
        relation: "related_to",
        weight: 0.5,
      });
      equal(edge.edge.relation, "related_to");
      const fb = await mcp.ok("memory_feedback", { id: ids[1], useful: true });
      equal(fb.quality, 4);
      equal(fb.memory.id, ids[1]);
      const q = await mcp.ok("memory_feedback", { id: ids[2], quality: 5 });
      equal(q.quality, 5);
    });
    await t.step("memory_list pages newest first", async () => {
      for (let i = 0; i < 5; i++) {
        await mcp.ok("memory_write", { content: `Billing note number ${i}.` });
      }
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page: Structured = await mcp.ok("memory_list", {
          limit: 3,
          ...(cursor ? { cursor } : {}),
        });
        ok(page.items.length <= 3);
        seen.push(...page.items.map((m: Structured) => m.id));
        cursor = page.next_cursor;
      } while (cursor);
      equal(
        seen.length,
        7,
        "2 current decisions/notes + 5 notes; the superseded one is not active",
      );
      const superseded = await mcp.ok("memory_list", { status: "superseded" });
      deepEqual(superseded.items.map((m: Structured) => m.id), [ids[0]]);
    });
    await t.step("memory_context packs under the budget", async () => {
      const out = await mcp.ok("memory_context", { budget_tokens: 200, query: "billing database" });
      ok(out.tokens <= 200);
      match(out.text, /# Helix memory · project:billing/);
      equal(typeof out.hash, "string");
    });
    await t.step("memory_forget by id and by query; both recoverable from history", async () => {
      const byId = await mcp.ok("memory_forget", { id: ids[2] });
      deepEqual(byId.forgotten.map((m: Structured) => m.id), [ids[2]]);
      const byQuery = await mcp.ok("memory_forget", { query: "Billing note number 3" });
      equal(byQuery.forgotten.length, 1);
      match(byQuery.forgotten[0].content, /number 3/);
      const again = await mcp.ok("memory_forget", { id: ids[2] });
      deepEqual(again.forgotten, [], "forgetting twice is harmless");
      equal(engine.get(ids[2]!).status, "forgotten");
    });
  } finally {
    await mcp.client.close();
    engine.close();
  }
});

Deno.test("resources: manifest, one memory with edges and history, the graph in bounded pages; and the prompt", async () => {
  await using dir = await tempDir();
  const engine = await strand(dir.path);
  const mcp = await connect(engine, { projectOverride: "project:web" });
  try {
    const hub = await mcp.ok("memory_write", {
      content: "The web app is a Vite + React SPA.",
      type: "project",
    });
    for (let i = 0; i < 130; i++) {
      const leaf = await mcp.ok("memory_write", {
        content: `Web convention ${i}: keep components small.`,
        type: "convention",
      });
      await mcp.ok("memory_relate", {
        from_id: hub.id,
        to_id: leaf.id,
        relation: "has_convention",
      });
    }
    const { resources } = await mcp.client.listResources();
    ok(
      resources.some((r) => r.uri === "helix://strand/manifest") &&
        resources.some((r) => r.uri === "helix://graph"),
    );
    const { resourceTemplates } = await mcp.client.listResourceTemplates();
    ok(resourceTemplates.some((r) => r.uriTemplate === "helix://memory/{id}"));

    const manifest = await readJson(mcp.client, "helix://strand/manifest");
    equal(manifest.strand.memories, 131);
    equal(manifest.session.project, "project:web");
    equal(manifest.session.project_source, "override");

    const one = await readJson(mcp.client, `helix://memory/${hub.id}`);
    equal(one.memory.id, hub.id);
    equal(one.edges.length, 130);
    ok(one.history.length >= 1);

    // 130 has_convention edges, plus the extends links consolidation drew between the
    // similar conventions: every edge once, in pages of at most 100.
    const edges = engine.stats().edges;
    ok(edges > 130);
    const first = await readJson(mcp.client, "helix://graph");
    equal(first.edges.length, 100, "a page is bounded");
    ok(first.next?.startsWith("helix://graph/page/"));
    const seen = new Set<string>(first.edges.map((e: Structured) => e.id));
    for (let next = first.next; next;) {
      const page = await readJson(mcp.client, next);
      ok(page.edges.length <= 100);
      for (const edge of page.edges) seen.add(edge.id);
      next = page.next;
    }
    equal(seen.size, edges);

    await mcp.client.readResource({ uri: "helix://memory/mem_missing_zzzz" }).then(
      () => ok(false, "missing memory must be an error"),
      (error) => match(String(error), /not found/),
    );

    const { prompts } = await mcp.client.listPrompts();
    deepEqual(prompts.map((p) => p.name), ["load_memory"]);
    const prompt = await mcp.client.getPrompt({
      name: "load_memory",
      arguments: { task: "add a component" },
    });
    match((prompt.messages[0]!.content as { text: string }).text, /# Helix memory · project:web/);
  } finally {
    await mcp.client.close();
    engine.close();
  }
});

Deno.test("a memory's resource names its open merge conflict", async () => {
  await using dir = await tempDir();
  const laptop = strand(dir.path, "laptop.db");
  const desktop = openEngine({
    path: join(dir.path, "desktop.db"),
    embedder: wordHashEmbedder(),
    clock: fixedClock(TODAY + 1),
  });
  const { id } = await laptop.write({ content: "The API listens on port 8080.", type: "fact" });
  desktop.mergeOps(laptop.ops());
  await laptop.patch(id, { content: "The API listens on port 9090." });
  await desktop.patch(id, { content: "The API listens on port 7070." });
  laptop.mergeOps(desktop.ops());
  const mcp = await connect(laptop);
  try {
    const one = await readJson(mcp.client, `helix://memory/${id}`);
    // Agents read the conflict, not the raw markers: both versions, labelled, on one line.
    match(
      one.memory.content,
      /\[unsettled conflict: "\d+\.?" \([0-9a-f]{12}\) \| "\d+\.?" \([0-9a-f]{12}\)\]/,
    );
    equal(one.memory.content.includes("<<<<<<<"), false);
    for (const tool of ["memory_context", "memory_search"]) {
      const args = tool === "memory_context"
        ? { budget_tokens: 500, query: "API port" }
        : { query: "API port" };
      const text = (await mcp.call(tool, args)).content.map((c) => (c as { text: string }).text)
        .join("\n");
      equal(/<<<<<<<|=======|>>>>>>>/.test(text), false, `${tool} shows no conflict markers`);
      match(text, /unsettled conflict: .*9090.*\|.*7070|unsettled conflict: .*7070.*\|.*9090/);
    }
    deepEqual(one.open_conflicts.map((c: Structured) => [c.kind, c.field]), [["text", "content"]]);
    await laptop.patch(id, { content: "The API listens on port 7070." });
    deepEqual((await readJson(mcp.client, `helix://memory/${id}`)).open_conflicts, []);
  } finally {
    await mcp.client.close();
    laptop.close();
    desktop.close();
  }
});

Deno.test("two projects on one strand never see each other's memories", async () => {
  await using dir = await tempDir();
  const engine = await strand(dir.path);
  const billing = await connect(engine, { projectOverride: "project:billing" });
  const web = await connect(engine, { projectOverride: "project:web" });
  try {
    await billing.ok("memory_write", { content: "Database: Postgres for the ledger." });
    await web.ok("memory_write", { content: "Database: SQLite through Drizzle." });
    await web.ok("memory_write", { content: "Prefers small PRs.", type: "preference" }); // global
    const fromBilling = await billing.ok("memory_search", { query: "database" });
    equal(fromBilling.results[0].scope, "project:billing");
    ok(fromBilling.results.every((r: Structured) => r.scope !== "project:web"));
    const fromWeb = await web.ok("memory_search", { query: "database" });
    equal(fromWeb.results[0].scope, "project:web");
    ok(fromWeb.results.every((r: Structured) => r.scope !== "project:billing"));
    const listed = await billing.ok("memory_list", {});
    deepEqual(listed.items.map((m: Structured) => m.scope).sort(), ["global", "project:billing"]);
    const all = await billing.ok("memory_search", { query: "database", scope: "all" });
    equal(all.results.length, 2, "cross-project search only when asked");
    const ctx = await billing.ok("memory_context", { budget_tokens: 500 });
    ok(!ctx.text.includes("Drizzle"));
  } finally {
    await billing.client.close();
    await web.client.close();
    engine.close();
  }
});

Deno.test("the project comes from the client's roots when it offers them", async () => {
  await using dir = await tempDir();
  const repo = join(dir.path, "checkout");
  await Deno.mkdir(join(repo, ".git"), { recursive: true });
  await Deno.writeTextFile(
    join(repo, ".git", "config"),
    `[remote "origin"]\n\turl = git@github.com:acme/api.git\n`,
  );
  const engine = await strand(dir.path);
  const mcp = await connect(engine, { cwdProject: "project:elsewhere" }, [`file://${repo}`]);
  try {
    for (let i = 0; i < 50 && mcp.session.projectSource !== "roots"; i++) {
      await new Promise((r) => setTimeout(r, 10));
    }
    equal(mcp.session.project, "project:github.com/acme/api");
    const out = await mcp.ok("memory_write", { content: "API errors use problem+json." });
    equal(out.memory.scope, "project:github.com/acme/api");
  } finally {
    await mcp.client.close();
    engine.close();
  }
});

Deno.test("bad arguments get isError results with a hint, and the server keeps serving", async (t) => {
  await using dir = await tempDir();
  const engine = await strand(dir.path);
  const mcp = await connect(engine, { projectOverride: "project:p" });
  try {
    const bad: Array<[string, string, Record<string, unknown>]> = [
      ["wrong type", "memory_write", { content: 42 }],
      ["missing field", "memory_search", {}],
      ["oversized string", "memory_search", { query: "x".repeat(5_000) }],
      ["oversized content", "memory_write", { content: "y".repeat(20_000) }],
      ["out of range", "memory_write", { content: "x", importance: 11 }],
      ["unknown enum", "memory_write", { content: "x", type: "opinion" }],
      ["malformed scope", "memory_write", { content: "x", scope: "team:core" }],
      ["unknown id", "memory_feedback", { id: "mem_nope_zzzz", useful: true }],
      ["unknown id in relate", "memory_relate", {
        from_id: "mem_a_zzzz",
        to_id: "mem_b_zzzz",
        relation: "owns",
      }],
      ["both id and query", "memory_forget", { id: "mem_a_zzzz", query: "x" }],
      ["an argument forget does not take", "memory_forget", { query: "x", scope: "web-app" }],
      ["neither useful nor quality", "memory_feedback", { id: "mem_a_zzzz" }],
      ["bad as_of", "memory_search", { query: "x", as_of: "yesterday" }],
      ["unknown tool", "memory_delete_everything", {}],
    ];
    for (const [name, tool, args] of bad) {
      await t.step(name, async () => {
        const result = await mcp.call(tool, args);
        equal(result.isError, true, JSON.stringify(result.content));
        ok((result.content[0] as { text: string }).text.length > 0);
      });
    }
    const unknown = await mcp.call("memory_feedback", { id: "mem_nope_zzzz", useful: true });
    const text = (unknown.content[0] as { text: string }).text;
    match(text, /not_found/, "the error code is in the text");
    match(text, /Hint: Check the id/);
    equal(unknown.structuredContent, undefined, "errors carry no structuredContent");
    equal((unknown._meta as Structured)["helix/error"].code, "not_found");
    const still = await mcp.ok("memory_write", {
      content: "The server still serves after bad calls.",
    });
    equal(still.action, "added");
  } finally {
    await mcp.client.close();
    engine.close();
  }
});

Deno.test("the server's log events reach the client as MCP log messages, at the level it sets", async () => {
  await using dir = await tempDir();
  const engine = await strand(dir.path);
  const mcp = await connect(engine, { projectOverride: "project:p" });
  const seen: Structured[] = [];
  mcp.client.setNotificationHandler(LoggingMessageNotificationSchema, (notification) => {
    seen.push(notification.params);
  });
  const settle = async () => {
    for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
  };
  try {
    await mcp.call("memory_feedback", { id: "mem_nope_zzzz", useful: true });
    await settle();
    const failed = seen.find((p) => p.data?.message === "tool failed");
    ok(failed, JSON.stringify(seen));
    equal(failed.level, "info");
    equal(failed.logger, "helix");
    equal(failed.data.code, "not_found");
    await mcp.client.setLoggingLevel("error");
    seen.length = 0;
    await mcp.call("memory_feedback", { id: "mem_nope_zzzz", useful: true });
    await settle();
    deepEqual(seen, [], "below the level the client set, nothing is sent");
  } finally {
    await mcp.client.close();
    engine.close();
  }
});

Deno.test("the end of a session that used tools is recorded as an op", async () => {
  await using dir = await tempDir();
  const engine = await strand(dir.path);
  const quiet = await connect(engine, { projectOverride: "project:p", sessionId: "quiet" });
  await quiet.client.listTools();
  await quiet.client.close();
  const busy = await connect(engine, { projectOverride: "project:p", sessionId: "busy" });
  await busy.ok("memory_search", { query: "anything" });
  await busy.client.close();
  try {
    const ends = engine.history({ kinds: ["session.end"] });
    deepEqual(ends.map((e) => e.subject), ["session:busy"]);
    match(ends[0]!.summary, /ended in project:p/);
  } finally {
    engine.close();
  }
});
