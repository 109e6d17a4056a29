/**
 * Notes a user can trust, over MCP: a short answer resolves against the question before it
 * (and this conversation's own notes), never against a memory that merely shares a word, and
 * is kept as its own memory when nothing fits; chatter is dropped by default, while
 * `memory_write` (a deliberate write) still stores what it is given.
 */
import { equal, match, ok } from "node:assert/strict";
import { join } from "node:path";
import { openEngine } from "../../core/mod.ts";
import { createServer } from "../../server/server.ts";
import { tempDir } from "../helpers.ts";
import { type CallToolResult, Client, InMemoryTransport, type Structured } from "./_client.ts";

async function session(path: string) {
  const engine = openEngine({ path, project: "web" });
  const { server } = createServer(engine, { projectOverride: "project:web" });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: "notes", version: "1" });
  await server.connect(serverSide);
  await client.connect(clientSide);
  await client.listTools();
  const call = async (name: string, args: Record<string, unknown>) => {
    const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
    ok(!result.isError, `${name}: ${JSON.stringify(result.content)}`);
    return result.structuredContent as Structured;
  };
  return {
    engine,
    call,
    async [Symbol.asyncDispose]() {
      await client.close();
      engine.close();
    },
  };
}

Deno.test("a short answer never edits an unrelated memory, and is kept as its own", async () => {
  await using dir = await tempDir();
  const path = join(dir.path, "s.db");
  const before = openEngine({ path, project: "web" });
  const decision = await before.write({
    content: "We chose Next.js app router over pages router",
    type: "decision",
  });
  before.close();
  await using s = await session(path);
  const note = {
    text: "next April",
    "previous_assistant": "When are you planning the Japan trip with Maya?",
  };
  const first = await s.call("memory_note", note);
  await s.call("memory_note", note);
  equal(
    s.engine.get(decision.id).content,
    "We chose Next.js app router over pages router",
    "the decision is untouched, after two notes",
  );
  const trip = s.engine.list({ limit: 50 }).items.filter((m) => /Japan trip/.test(m.content));
  equal(trip.length, 1, "one memory about the trip, not two");
  match(trip[0]!.content, /planning the Japan trip with Maya next April/);
  equal(first.notes.length, 1);
});

Deno.test("a short answer selects a memory only when that memory holds what the question asks about", async () => {
  await using dir = await tempDir();
  const path = join(dir.path, "s.db");
  const before = openEngine({ path, project: "web" });
  const kept = [
    "We chose Next.js app router over pages router",
    "The staging deploy happens every Tuesday",
    "The billing service uses Postgres 15",
  ];
  for (const content of kept) await before.write({ content, type: "fact" });
  before.close();
  await using s = await session(path);
  // The trip, noted in this conversation: a dated memory whose month an answer may repeat.
  await s.call("memory_note", {
    text: "next April",
    "previous_assistant": "When are you planning the Japan trip with Maya?",
  });
  const trip = s.engine.list({ limit: 50 }).items.find((m) => /Japan trip/.test(m.content))!;
  // Each question shares a word or two with a memory (or its answer does) and is about
  // something else: the answer is its own memory, and no memory changes.
  for (
    const [text, question] of [
      ["in April", "When do we replace the office router?"],
      ["the blue one", "Which deploy color should the staging banner use?"],
      ["around 3pm", "When is the staging deploy meeting with Ravi?"],
      ["Postgres 16", "Which database should the new analytics service use?"],
      ["next Tuesday", "When do we release the billing service?"],
    ]
  ) {
    await s.call("memory_note", { text, "previous_assistant": question });
  }
  const active = s.engine.list({ limit: 50 }).items.map((m) => m.content);
  for (const content of [...kept, trip.content]) {
    ok(active.includes(content), `"${content}" is still as it was: ${active.join(" | ")}`);
  }
  for (const changed of active.filter((c) => ![...kept, trip.content].includes(c))) {
    ok(!kept.some((k) => changed.startsWith(k)), `an answer was joined to a memory: ${changed}`);
    ok(!/Japan/.test(changed), `an answer was joined to the trip: ${changed}`);
  }
  // A question that does name a memory's subject still completes it: the day answered takes
  // the place of the day held.
  await s.call("memory_note", {
    text: "Thursdays now",
    "previous_assistant": "When does the staging deploy happen?",
  });
  const after = s.engine.list({ limit: 50 }).items.map((m) => m.content);
  ok(after.includes("The staging deploy happens every Thursday."), after.join(" | "));
  ok(!after.includes("The staging deploy happens every Tuesday"), after.join(" | "));
});

Deno.test("a question naming its subject in one word is not a vague one", async () => {
  await using dir = await tempDir();
  await using s = await session(join(dir.path, "s.db"));
  // Written in this conversation, so a vague question ("When are you going?") could mean it.
  await s.call("memory_write", { content: "Billing uses Postgres 16", type: "fact" });
  await s.call("memory_note", { text: "next week", "previous_assistant": "When is the release?" });
  const contents = s.engine.list({ limit: 10 }).items.map((m) => m.content);
  ok(contents.includes("Billing uses Postgres 16"), contents.join(" | "));
  ok(!contents.some((c) => /Postgres 16.*next week/.test(c)), contents.join(" | "));
  ok(contents.some((c) => /release.*next week/i.test(c)), contents.join(" | "));
});

Deno.test("chatter is dropped by default; memory_write still stores what it is given", async () => {
  await using dir = await tempDir();
  await using s = await session(join(dir.path, "s.db"));
  const chatter = await s.call("memory_note", { text: "ok thanks, sounds good!" });
  equal(chatter.notes.length, 0);
  equal(s.engine.list().items.length, 0, "nothing stored");
  const kept = await s.call("memory_note", { text: "The staging db listens on 5433." });
  equal(kept.notes.length, 1, "a real note passes the gate");
  // Chatter in other shapes, and the turn's task (a question or a request to the agent).
  for (
    const text of [
      "great job",
      "haha",
      "Yep that fixed it",
      "sounds good to me, ship it",
      "hmm, interesting",
      "Perfect, merging now",
      "can you run the tests?",
      "please fix the failing test in auth.spec.ts",
    ]
  ) {
    equal((await s.call("memory_note", { text })).notes.length, 0, `"${text}" was stored`);
  }
  // Notes that carry something still pass, short or not, requests to remember included.
  for (
    const text of [
      "The build takes 12 minutes",
      "deploys are frozen until Monday",
      "please note the API key rotates monthly",
      "ok, use pnpm from now on",
    ]
  ) {
    equal((await s.call("memory_note", { text })).notes.length, 1, `"${text}" was dropped`);
  }
  const written = await s.call("memory_write", { content: "ok thanks, sounds good!" });
  ok(written.id, "a deliberate write bypasses the gate");
});
