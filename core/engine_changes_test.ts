/**
 * Changes and conflicts on the write path, through the engine (issue 16 item 3): a write that
 * changes a fact of the same subject retires it whatever the sentence shape; a value conflict
 * not stated as a change is flagged, naming the attribute and the values; a memory loses
 * confidence once per open conflict, never below the floor.
 */
import { deepEqual, equal, ok } from "node:assert/strict";
import { CONTRADICTION_FACTOR, CONTRADICTION_FLOOR } from "./mod.ts";
import { tempEngine } from "../tests/helpers.ts";

const user = { origin: "user-asserted" as const, agent: "test" };

/** The phrasings of issue 16 (and a few more), each with the fact it changes. */
const CHANGES: readonly [old: string, changed: string][] = [
  [
    "Migrations run with golang-migrate.",
    "We switched the migrations from golang-migrate to goose.",
  ],
  ["The docs site is hosted on Netlify.", "The docs site moved from Netlify to Cloudflare Pages."],
  ["We use Yarn for the web app.", "We no longer use Yarn in the web app, pnpm instead."],
  ["The web app bundles with webpack.", "Webpack was replaced by Vite in the web app."],
  ["The default branch is master.", "The default branch is now main."],
  ["Payments go through Braintree.", "As of March, payments go through Stripe."],
  ["Unit tests run with Jest.", "Unit tests run with Vitest, not Jest, from here on."],
  ["The API session timeout is 30 minutes.", "We raised the API session timeout to 2 hours."],
];

Deno.test("a write that changes a fact retires it, whatever the sentence shape", async (t) => {
  for (const [old, changed] of CHANGES) {
    await t.step(changed, async () => {
      await using s = await tempEngine({ project: "web" });
      const before = await s.engine.write({ content: old, source: user });
      const after = await s.engine.write({ content: changed, source: user });
      equal(after.action, "superseded", after.reason);
      deepEqual(after.superseded, [before.id]);
      equal(s.engine.get(before.id).status, "superseded");
      deepEqual(s.engine.flags(), [], "a stated change is not a conflict");
    });
  }
});

Deno.test("a change of another subject, a proposal or an addition retires nothing", async (t) => {
  const cases: [string, string][] = [
    [
      "The search service runs on Elasticsearch 7.",
      "The logging stack moved from Elasticsearch to Loki.",
    ],
    [
      "The warehouse is Snowflake.",
      "Someone proposed moving the warehouse to BigQuery; no decision yet.",
    ],
    [
      "Search is powered by OpenSearch.",
      "For semantic search we added pgvector next to OpenSearch.",
    ],
    ["Production runs in us-east-1.", "As of March, the analytics cluster runs in eu-central-1."],
  ];
  for (const [old, next] of cases) {
    await t.step(next, async () => {
      await using s = await tempEngine({ project: "web" });
      const before = await s.engine.write({ content: old, source: user });
      const after = await s.engine.write({ content: next, source: user });
      deepEqual(after.superseded, []);
      equal(s.engine.get(before.id).status, "active");
      deepEqual(after.links.filter((l) => l.relation === "contradicts"), []);
    });
  }
});

Deno.test("a value conflict not stated as a change is flagged with its attribute and values, offline", async () => {
  await using s = await tempEngine({ project: "billing" });
  const slow = await s.engine.write({
    content: "The billing API rate limit is 100 requests/min.",
    source: user,
  });
  const fast = await s.engine.write({
    content: "The billing API rate limit is 500 requests/min.",
    source: user,
  });
  equal(fast.action, "added");
  deepEqual(fast.superseded, []);
  deepEqual(fast.links, [{
    id: slow.id,
    relation: "contradicts",
    conflict: { attribute: "rate", values: ["500 requests/min", "100 requests/min"] },
  }]);
  const [flag] = s.engine.flags();
  equal(flag?.attribute, "rate");
  deepEqual(flag?.values, ["500 requests/min", "100 requests/min"]);
  equal(flag?.edge.provenance.ref, 'contradicts rate: "500 requests/min" vs "100 requests/min"');
});

Deno.test("a memory loses confidence once per open conflict, never below the floor", async () => {
  await using s = await tempEngine({ project: "api" });
  const once = Math.round(0.9 * CONTRADICTION_FACTOR * 1000) / 1000;
  const first = await s.engine.write({
    content: "The api service listens on port 3000.",
    source: user,
  });
  const ids = [first.id];
  for (const other of [4000, 5000, 6000]) {
    const next = await s.engine.write({
      content: `The api service listens on port ${other}.`,
      source: user,
    });
    deepEqual(
      next.links.filter((l) => l.relation === "contradicts").map((l) => l.id).sort(),
      [...ids].sort(),
      "each new value conflicts with every earlier one",
    );
    ids.push(next.id);
  }
  equal(s.engine.flags().length, 6, "every pair is flagged…");
  for (const id of ids) {
    equal(
      s.engine.get(id).confidence,
      once,
      "…but each memory is in one open conflict: lowered once",
    );
  }

  // An earlier version written after a later one is a conflict (a later one is an upgrade).
  const weak = await s.engine.write({
    content: "The api service runs Node 20.",
    confidence: 0.35,
    source: user,
  });
  await s.engine.write({ content: "The api service runs Node 18.", source: user });
  equal(s.engine.get(weak.id).confidence, CONTRADICTION_FLOOR, "lowered to the floor, not below");
  ok(s.engine.rebuild().identical);
});
