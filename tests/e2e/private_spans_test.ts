/**
 * `<private>…</private>` spans never reach the strand, whatever the write path: engine writes,
 * bulk writes, notes (and their context), imports and edits through the engine API, and
 * `memory_write` / `memory_note` over MCP. A write that is nothing but private is refused.
 */
import { equal, ok, rejects } from "node:assert/strict";
import { join } from "node:path";
import { isHelixError, openEngine } from "../../core/mod.ts";
import { createServer } from "../../server/server.ts";
import { tempDir } from "../helpers.ts";
import { type CallToolResult, Client, InMemoryTransport } from "./_client.ts";

const PRIVATE = "hunter2-my-home-address-42";

/** Whether `marker` occurs anywhere in the strand file or its write-ahead log. */
async function landed(path: string, marker: string): Promise<boolean> {
  let all = "";
  for (const file of [path, `${path}-wal`]) {
    all += await Deno.readFile(file).then((b) => new TextDecoder("latin1").decode(b)).catch(
      () => "",
    );
  }
  return all.includes(marker);
}

Deno.test("engine writes, bulk writes, notes, imports and edits drop private spans before storage", async () => {
  await using dir = await tempDir();
  const path = join(dir.path, "strand.db");
  const engine = openEngine({ path, project: "web" });
  try {
    const written = await engine.write({
      content: `Deploys go to Fly.io <private>${PRIVATE}</private> every Friday.`,
      type: "decision",
      tags: ["deploy"],
      attributes: { note: `<private>${PRIVATE}</private>` },
    });
    equal(engine.get(written.id).content, "Deploys go to Fly.io every Friday.");

    const bulk = await engine.writeMany([
      { content: `The staging database is Postgres 16. <private>${PRIVATE}`, type: "fact" },
    ]);
    equal(engine.get(bulk.ids[0]!).content, "The staging database is Postgres 16.");

    const noted = await engine.note({
      text: `We decided to use pnpm instead of npm <private>because ${PRIVATE}</private>.`,
      previousAssistant: `Which package manager? <private>${PRIVATE}</private>`,
      explicit: true,
    });
    ok(noted.written.length > 0, "the note still stored its decision");

    await engine.importRecords([
      { kind: "memory", content: `Logs ship to Loki. <private>${PRIVATE}</private>` },
    ]);
    ok(engine.list({ limit: 50 }).items.some((m) => m.content === "Logs ship to Loki."));

    await engine.patch(written.id, {
      content: `Deploys go to Fly.io every Thursday <private>${PRIVATE}</private>.`,
    });
    equal(engine.get(written.id).content, "Deploys go to Fly.io every Thursday.");

    await rejects(
      engine.write({ content: `<private>${PRIVATE}</private>`, type: "fact" }),
      (error) => isHelixError(error) && error.code === "invalid_input",
    );
    ok(!engine.list({ limit: 50 }).items.some((m) => m.content.includes(PRIVATE)));
  } finally {
    engine.close();
  }
  equal(await landed(path, PRIVATE), false, "no private span in the strand file or its WAL");
});

Deno.test("memory_write and memory_note over MCP drop private spans before storage", async () => {
  await using dir = await tempDir();
  const path = join(dir.path, "strand.db");
  const engine = openEngine({ path, project: "web" });
  const { server } = createServer(engine, { projectOverride: "project:web" });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: "private", version: "1" });
  await server.connect(serverSide);
  await client.connect(clientSide);
  const call = async (name: string, args: Record<string, unknown>) =>
    (await client.callTool({ name, arguments: args })) as CallToolResult;
  try {
    const write = await call("memory_write", {
      content: `CI runs on GitHub Actions <private>token for ${PRIVATE}</private> nightly.`,
      type: "fact",
    });
    ok(!write.isError, JSON.stringify(write.content));
    const note = await call("memory_note", {
      text: `We decided to pin Node 22 <private>${PRIVATE}</private> for the web app.`,
    });
    ok(!note.isError, JSON.stringify(note.content));
    const all = await call("memory_write", { content: `<private>${PRIVATE}</private>` });
    ok(all.isError, "a write that is all private is refused");
    const contents = engine.list({ limit: 50 }).items.map((m) => m.content);
    ok(contents.includes("CI runs on GitHub Actions nightly."), contents.join(" | "));
    ok(!contents.some((c) => c.includes(PRIVATE)));
  } finally {
    await client.close();
    engine.close();
  }
  equal(await landed(path, PRIVATE), false, "no private span in the strand file or its WAL");
});
