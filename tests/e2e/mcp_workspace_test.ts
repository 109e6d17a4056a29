/**
 * The workspace over MCP: with a team strand beside the personal one (a project shared in
 * `teams.json`), `memory_write` and `memory_note` route by scope, `memory_search` fuses both
 * strands and labels each result, `memory_context` and `memory_list` read both, and a
 * team memory is found by id for edits.
 */
import { deepEqual, equal, ok } from "node:assert/strict";
import { join } from "node:path";
import {
  fixedClock,
  openEngine,
  openWorkspace,
  readTeams,
  teamStrandPath,
  withShare,
  withTeam,
  writeTeams,
} from "../../core/mod.ts";
import { createServer } from "../../server/server.ts";
import { TODAY, wordHashEmbedder } from "../helpers.ts";
import { type CallToolResult, Client, InMemoryTransport, type Structured } from "./_client.ts";

Deno.test("MCP tools read and write the personal and team strands as one memory, labelled", async () => {
  const home = await Deno.makeTempDir({ prefix: "helix-mcp-workspace-" });
  await writeTeams(home, withShare(withTeam(await readTeams(home), "acme"), "billing", "acme"));
  const options = { embedder: wordHashEmbedder(), clock: fixedClock(TODAY) };
  const personal = openEngine({ ...options, path: join(home, "personal.db") });
  const team = openEngine({ ...options, path: teamStrandPath(home, "acme") });
  const workspace = openWorkspace({ personal, teams: await readTeams(home), open: { acme: team } });

  const { server } = createServer(workspace, { projectOverride: "billing" });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: "helix-e2e", version: "1.0.0" });
  await server.connect(serverSide);
  await client.connect(clientSide);
  await client.listTools();
  const call = async (name: string, args: Record<string, unknown>) => {
    const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
    ok(!result.isError, `${name} failed: ${JSON.stringify(result.content)}`);
    return result;
  };
  const structured = async (name: string, args: Record<string, unknown>) =>
    (await call(name, args)).structuredContent as Structured;

  const shared = await structured("memory_write", {
    content: "Billing refunds go through the refund queue, never by hand.",
    type: "convention",
  });
  equal(shared.memory.strand, "team:acme");
  equal(shared.memory.member, "you");
  const global = await structured("memory_write", {
    content: "The user wants refunds explained briefly.",
    type: "preference",
  });
  equal(global.memory.strand, "personal");
  equal(global.memory.scope, "global");
  deepEqual(team.list({ scope: "all" }).items.map((m) => m.id), [shared.id]);
  deepEqual(personal.list({ scope: "all" }).items.map((m) => m.id), [global.id]);

  const search = await call("memory_search", { query: "refunds" });
  const results = (search.structuredContent as Structured).results as Structured[];
  deepEqual(
    results.map((r) => [r.id, r.strand, r.member]).sort(),
    [[global.id, "personal", undefined], [shared.id, "team:acme", "you"]].sort(),
  );
  const text = (search.content[0] as { text: string }).text;
  ok(text.includes("project:billing, team:acme · you"), text);

  const context = await structured("memory_context", { budget_tokens: 500 });
  deepEqual(
    (context.items as Structured[]).map((i) => [i.id, i.strand]).sort(),
    [[global.id, "personal"], [shared.id, "team:acme"]].sort(),
  );
  const listed = await structured("memory_list", {});
  ok((listed.items as Structured[]).some((m) => m.strand === "team:acme"));

  const note = await structured("memory_note", {
    text: "We always run billing migrations with `make migrate` before deploying.",
    explicit: true,
  });
  ok(note.notes.length >= 1);
  for (const w of note.notes as Structured[]) equal(w.memory.strand, "team:acme");

  await call("memory_feedback", { id: shared.id, useful: true });
  await call("memory_forget", { id: shared.id });
  equal(team.get(shared.id).status, "forgotten");

  // The manifest reports each team strand's sync beside the personal strand's.
  const [manifest] = (await client.readResource({ uri: "helix://strand/manifest" })).contents;
  const teams = JSON.parse((manifest as { text: string }).text).teams;
  deepEqual(teams, [{ team: "acme", enabled: false }]);
  await client.close();
  workspace.close();
  await Deno.remove(home, { recursive: true });
});
