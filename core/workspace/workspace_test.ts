import { deepEqual, equal, ok, throws } from "node:assert/strict";
import { join } from "node:path";
import { openEngine } from "../engine.ts";
import { isHelixError } from "../errors.ts";
import { fixedClock } from "../clock.ts";
import { readTeams, teamStrandPath } from "../config/teams.ts";
import { openWorkspace } from "./open.ts";
import { homeWorkspace, registerTeams } from "./_workspace_testing.ts";

async function home(): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "helix-workspace-" });
  await registerTeams(dir, { acme: ["billing"], ops: ["infra"] });
  return dir;
}

Deno.test("openWorkspace() writes a shared project's memories to its team strand and global ones to the personal strand", async () => {
  const dir = await home();
  const workspace = await homeWorkspace(dir, "billing");
  const convention = await workspace.write({
    content: "Billing stores money as integer cents in amount_cents.",
    type: "convention",
  });
  const preference = await workspace.write({
    content: "The user prefers short answers without emojis.",
    type: "preference",
  });
  const unshared = await workspace.write({
    content: "The web app uses Vite for its dev server.",
    scope: "project:web",
  });
  const bulk = await workspace.writeMany([
    { content: "Billing invoices are numbered per year.", type: "fact" },
    { content: "The user lives in Lisbon.", type: "identity" },
    { content: "Infra runs on two Hetzner boxes.", scope: "project:infra" },
  ]);
  workspace.close();

  const contents = (path: string) =>
    openEngine({ path, mustExist: true }).list({ scope: "all" }).items.map((m) => m.content)
      .sort();
  deepEqual(contents(teamStrandPath(dir, "acme")), [
    "Billing invoices are numbered per year.",
    "Billing stores money as integer cents in amount_cents.",
  ]);
  deepEqual(contents(teamStrandPath(dir, "ops")), ["Infra runs on two Hetzner boxes."]);
  deepEqual(contents(join(dir, "personal.db")), [
    "The user lives in Lisbon.",
    "The user prefers short answers without emojis.",
    "The web app uses Vite for its dev server.",
  ]);
  equal(convention.memory.scope, "project:billing");
  equal(preference.memory.scope, "global");
  equal(unshared.memory.scope, "project:web");
  equal(bulk.ids.length, 3);
  await Deno.remove(dir, { recursive: true });
});

Deno.test("openWorkspace() search fuses the personal strand and the project's team strand, labelled", async () => {
  const dir = await home();
  const workspace = await homeWorkspace(dir, "billing");
  await workspace.write({
    content: "Refunds in billing go through the refund queue.",
    type: "convention",
  });
  await workspace.write({ content: "I like refunds explained step by step.", type: "preference" });
  await workspace.write({
    content: "Infra refunds cloud credits monthly.",
    scope: "project:infra",
  });
  const { hits } = await workspace.search({ query: "refunds" });
  deepEqual(
    hits.map((h) => [h.memory.content, h.strand, h.member]).sort(),
    [
      ["I like refunds explained step by step.", "personal", undefined],
      ["Refunds in billing go through the refund queue.", "team:acme", "you"],
    ],
  );
  // Equal ranks in two strands: the higher score first, the same order every time.
  const again = await workspace.search({ query: "refunds" });
  deepEqual(again.hits.map((h) => h.memory.id), hits.map((h) => h.memory.id));
  // Scope all reads every team strand.
  const all = await workspace.search({ query: "refunds", scope: "all" });
  deepEqual(all.hits.map((h) => h.strand).sort(), ["personal", "team:acme", "team:ops"]);
  // From an unshared project only the personal strand is read.
  const web = workspace.withContext({ project: "web" });
  deepEqual((await web.search({ query: "refunds" })).hits.map((h) => h.strand), ["personal"]);
  workspace.close();
  await Deno.remove(dir, { recursive: true });
});

Deno.test("openWorkspace() without teams is the personal engine, byte for byte", async () => {
  const dir = await Deno.makeTempDir({ prefix: "helix-workspace-" });
  const path = join(dir, "personal.db");
  const engine = openEngine({
    path,
    project: "billing",
    clock: fixedClock(Date.UTC(2026, 10, 22)),
  });
  await engine.write({ content: "Billing retries webhooks three times.", type: "convention" });
  const alone = JSON.stringify(await engine.search({ query: "webhooks" }));
  const list = JSON.stringify(engine.list());
  const workspace = openWorkspace({ personal: engine, teams: await readTeams(dir), open: {} });
  equal(JSON.stringify(await workspace.search({ query: "webhooks" })), alone);
  equal(JSON.stringify(workspace.list()), list);
  const id = workspace.list().items[0]!.id;
  equal(JSON.stringify(workspace.get(id)), JSON.stringify(engine.get(id)));
  workspace.close();
  await Deno.remove(dir, { recursive: true });
});

Deno.test("openWorkspace() finds, edits and forgets a memory in whichever strand holds it", async () => {
  const dir = await home();
  const workspace = await homeWorkspace(dir, "billing");
  const team = await workspace.write({ content: "Billing deploys on Tuesdays.", type: "fact" });
  const mine = await workspace.write({ content: "I review deploys myself.", type: "preference" });
  const id = team.memory.id;
  equal(workspace.get(id).strand, "team:acme");
  equal(workspace.strandOf(mine.memory.id).label, "personal");
  const patched = await workspace.patch(id, { importance: 9 });
  equal(patched.importance, 9);
  throws(
    () => workspace.relate({ from: id, to: mine.memory.id, relation: "related_to" }),
    (e) => isHelixError(e) && e.code === "invalid_input",
  );
  const forgotten = await workspace.forget({ id });
  equal(forgotten.forgotten[0]?.id, id);
  equal(workspace.get(id).status, "forgotten");
  throws(
    () => workspace.get("mem_no_such_memory_zz"),
    (e) => isHelixError(e) && e.code === "not_found",
  );
  workspace.close();
  const acme = openEngine({ path: teamStrandPath(dir, "acme"), mustExist: true });
  equal(acme.get(id).status, "forgotten");
  equal(acme.get(id).importance, 9);
  acme.close();
  await Deno.remove(dir, { recursive: true });
});

Deno.test("openWorkspace() lists every strand read newest first, in pages", async () => {
  const dir = await home();
  const workspace = await homeWorkspace(dir, "billing");
  const written: string[] = [];
  for (let i = 0; i < 6; i++) {
    const result = await workspace.write({
      content: `Billing note number ${i} about ledger ${i * 7}.`,
      type: i % 2 ? "fact" : "preference",
    });
    written.push(result.memory.id);
  }
  const first = workspace.list({ limit: 4 });
  ok(first.nextCursor);
  const second = workspace.list({ limit: 4, cursor: first.nextCursor });
  equal(second.nextCursor, null);
  const seen = [...first.items, ...second.items];
  deepEqual(seen.map((m) => m.id).sort(), [...written].sort());
  deepEqual(seen.map((m) => m.strand).filter((s) => s === "team:acme").length, 3);
  for (let i = 1; i < seen.length; i++) ok(seen[i - 1]!.recordedAt >= seen[i]!.recordedAt);
  // Pages of every size cover every memory once, whichever strand ends a page.
  for (const limit of [1, 2, 3, 5]) {
    const ids: string[] = [];
    let cursor: string | undefined;
    do {
      const page = workspace.list({ limit, ...(cursor ? { cursor } : {}) });
      ids.push(...page.items.map((m) => m.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    deepEqual(ids.sort(), [...written].sort(), `pages of ${limit}`);
  }
  workspace.close();
  await Deno.remove(dir, { recursive: true });
});

Deno.test("openWorkspace() builds one context pack from the personal and team strands", async () => {
  const dir = await home();
  const workspace = await homeWorkspace(dir, "billing");
  await workspace.write({ content: "Billing PRs need two reviews.", type: "convention" });
  await workspace.write({ content: "The user prefers British spelling.", type: "preference" });
  const pack = await workspace.context({ budgetTokens: 400 });
  ok(pack.text.includes("Billing PRs need two reviews."));
  ok(/Billing PRs need two reviews\. \(mem_\w+, team:acme · you\)/.test(pack.text), pack.text);
  ok(pack.text.includes("The user prefers British spelling."));
  deepEqual(
    pack.memories.map((m) => [m.type, m.strand]).sort(),
    [["convention", "team:acme"], ["preference", "personal"]],
  );
  workspace.close();
  await Deno.remove(dir, { recursive: true });
});

Deno.test("openWorkspace() notes in a shared project go to the team strand, global candidates stay personal", async () => {
  const dir = await home();
  const workspace = await homeWorkspace(dir, "billing");
  const result = await workspace.note({
    text: "We always run the billing migrations with `make migrate` before deploying.",
    explicit: true,
  });
  ok(result.written.length >= 1);
  for (const w of result.written) equal(workspace.strandOf(w.memory.id).label, "team:acme");
  const preference = await workspace.note({ text: "I prefer tabs over spaces.", explicit: true });
  for (const w of preference.written) {
    equal(
      workspace.strandOf(w.memory.id).label,
      w.memory.scope === "global" ? "personal" : "team:acme",
    );
  }
  ok(preference.written.some((w) => w.memory.scope === "global"), "extracted as a preference");
  equal(preference.passed, undefined);
  workspace.close();
  await Deno.remove(dir, { recursive: true });
});

Deno.test("a share names a project by its id or the end of it", async () => {
  const dir = await Deno.makeTempDir({ prefix: "helix-workspace-" });
  await registerTeams(dir, { acme: ["web-app"] });
  const workspace = await homeWorkspace(dir, "github.com/acme/web-app");
  const result = await workspace.write({ content: "The web app builds with Vite.", type: "fact" });
  equal(workspace.strandOf(result.memory.id).label, "team:acme");
  equal(workspace.strandFor("project:gitlab.com/other/web-app-2").label, "personal");
  workspace.close();
  await Deno.remove(dir, { recursive: true });
});

Deno.test("a team memory that supersedes a personal one closes it in the personal strand", async () => {
  const dir = await home();
  const workspace = await homeWorkspace(dir, "billing");
  const personal = workspace.strands[0]!.engine;
  const old = await personal.write({ content: "Billing deploys on Fridays.", type: "fact" });
  const result = await workspace.write({
    content: "Billing deploys on Tuesdays.",
    type: "fact",
    supersedes: [old.memory.id],
  });
  equal(workspace.strandOf(result.memory.id).label, "team:acme");
  deepEqual(result.superseded, [old.memory.id]);
  equal(workspace.get(old.memory.id).status, "superseded");
  workspace.close();
  await Deno.remove(dir, { recursive: true });
});
