/**
 * Pseudo-relevance feedback (issue 22), through the engine: asked for by name, it searches the
 * distinctive words of the best hits and finds a memory that shares them but none of the
 * query's words; the explanation names the terms. An identifier question is left unexpanded.
 */
import { deepEqual, equal, ok } from "node:assert/strict";
import { tempEngine } from "../tests/helpers.ts";

Deno.test("feedback finds a memory through the best hit's words, and names them", async () => {
  await using t = await tempEngine({ embedder: null, project: "infra" });
  await t.engine.write({ content: "Karpenter provisions the nodes of the EKS cluster." });
  const nightly = await t.engine.write({ content: "Karpenter consolidation runs every night." });
  await t.engine.write({ content: "Invoices are emailed to shippers monthly." });

  const plain = await t.engine.search({ query: "EKS nodes" });
  equal(plain.channels.feedback, "disabled", "off unless asked for");
  ok(!plain.hits.some((h) => h.memory.id === nightly.id));

  const fed = await t.engine.search({ query: "EKS nodes", channels: { feedback: true } });
  equal(fed.channels.feedback, "used");
  deepEqual(fed.analysis.feedback?.map((f) => f.term), ["karpenter"]);
  const hit = fed.hits.find((h) => h.memory.id === nightly.id);
  ok(hit, "the memory that shares only the best hit's words is found");
  deepEqual(hit.explanation.feedbackTerms, ["karpenter"]);
  ok(hit.explanation.channels.feedback);
});

Deno.test("feedback leaves an identifier question to the exact channel", async () => {
  await using t = await tempEngine({ embedder: null, project: "billing" });
  await t.engine.write({ content: "BILLING_WEBHOOK_SECRET signs Stripe webhook payloads." });
  await t.engine.write({ content: "Stripe webhooks are retried for three days." });
  const result = await t.engine.search({
    query: "BILLING_WEBHOOK_SECRET",
    channels: { feedback: true },
  });
  ok(result.channels.feedback.startsWith("skipped: an identifier"), result.channels.feedback);
  equal(result.analysis.feedback, undefined);
});
