/**
 * Entity mentions (issue 22, multi-hop), through the engine: a memory that names an entity
 * memory gets a `mentions` edge to it when written, and so does every memory that named an
 * entity before the entity was written; a question that finds one reaches the other through
 * the graph channel, the hop in its explanation.
 */
import { deepEqual, equal, ok } from "node:assert/strict";
import { tempEngine } from "../tests/helpers.ts";

Deno.test("a memory naming an entity is linked to it, and a search hops across", async () => {
  await using t = await tempEngine({ embedder: null, project: "web" });
  const priya = await t.engine.write({
    content: "Priya Raman: staff engineer in Berlin; wants a threat model in every PR.",
    type: "entity",
    scope: "global",
  });
  const cookies = await t.engine.write({
    content: "Session cookie flags are reviewed by Priya before each release.",
  });
  await t.engine.write({ content: "Price lists are rebuilt nightly." });
  const edges = t.engine.edgesOf(cookies.id);
  deepEqual(edges.map((e) => [e.from, e.relation, e.to]), [[cookies.id, "mentions", priya.id]]);

  const result = await t.engine.search({ query: "session cookie flags" });
  equal(result.hits[0]?.memory.id, cookies.id);
  const hop = result.hits.find((h) => h.memory.id === priya.id);
  ok(hop, "the entity is reached through the mention");
  deepEqual(hop.explanation.graphPath, {
    nodes: [cookies.id, priya.id],
    relations: ["mentions"],
  });
});

Deno.test("an entity written later is linked from the memories that named it", async () => {
  await using t = await tempEngine({ embedder: null, project: "web" });
  const proxy = await t.engine.write({
    content: "apps/bff proxies /api/billing/* to billing-svc.",
  });
  const other = await t.engine.write({ content: "billing-svc-v2 is a prototype." });
  const svc = await t.engine.write({
    content: "billing-svc: invoices and card payments.",
    type: "entity",
    scope: "global",
  });
  deepEqual(t.engine.edgesOf(svc.id).map((e) => [e.from, e.relation]), [[proxy.id, "mentions"]]);
  deepEqual(t.engine.edgesOf(other.id), [], "billing-svc-v2 is another name");
});

Deno.test("a removed mention stays removed, and another project's memory is not linked", async () => {
  await using t = await tempEngine({ embedder: null, project: "web" });
  const lena = await t.engine.write({
    content: "Lena Fischer: analytics engineer in Hamburg.",
    type: "entity",
  });
  const review = await t.engine.write({ content: "Ask Lena to review the dbt models." });
  const [edge] = t.engine.edgesOf(review.id);
  ok(edge);
  t.engine.unrelate(edge.id);
  await t.engine.write({ content: "Ask Lena to review the dbt models.", scope: "project:data" });
  deepEqual(t.engine.edgesOf(lena.id), [], "Lena's entity is in project:web, not global");
});

Deno.test("the link job links memories written in bulk, once, and then only new ones", async () => {
  await using t = await tempEngine({ embedder: null, project: "web" });
  const { ids } = await t.engine.writeMany([
    { content: "dashboard-bff: a Hono app on Cloudflare Workers.", type: "entity" },
    { content: "The login page is served by dashboard-bff." },
    { content: "Price lists are rebuilt nightly." },
  ]);
  const [bff, login] = ids;
  deepEqual(t.engine.edgesOf(bff!), [], "bulk writes make no links");
  const first = await t.engine.sleep({ only: "link" });
  deepEqual(first.jobs.map((j) => j.summary), [
    "linked 1 memories to the entities they mention",
  ]);
  deepEqual(t.engine.edgesOf(bff!).map((e) => [e.from, e.relation]), [[login, "mentions"]]);
  const again = await t.engine.sleep({ only: "link" });
  deepEqual(again.jobs.map((j) => j.summary), ["no new entity mentions"]);
  const later = await t.engine.writeMany([{ content: "Cookies are set by dashboard-bff." }]);
  await t.engine.sleep({ only: "link" });
  ok(t.engine.edgesOf(bff!).some((e) => e.from === later.ids[0]));
});
