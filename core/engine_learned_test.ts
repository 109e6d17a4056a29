/**
 * Learned associations (issue 22), through the engine: once the worker's `associate` job has
 * counted the words memories share, a question's word calls up the words it goes with in this
 * strand, and a memory holding one of them (but not the question's word) is found, the
 * association named in its explanation. Off unless asked for, and counted only on demand.
 */
import { deepEqual, equal, ok } from "node:assert/strict";
import { tempEngine } from "../tests/helpers.ts";

const FILLER = [
  "alpha",
  "bravo",
  "charlie",
  "delta",
  "echo",
  "foxtrot",
  "golf",
  "hotel",
  "india",
  "juliet",
  "kilo",
  "lima",
  "mike",
  "november",
  "oscar",
  "papa",
  "quebec",
  "romeo",
  "sierra",
  "tango",
  "uniform",
  "victor",
  "whiskey",
  "xray",
  "yankee",
  "zulu",
];

Deno.test("learned associations find a memory through a word the strand pairs with the query's", async () => {
  await using t = await tempEngine({ embedder: null, project: "web" });
  await t.engine.writeMany([
    { content: "pnpm workspaces hold the monorepo packages." },
    { content: "The monorepo installs with pnpm install --frozen-lockfile." },
    { content: "pnpm dedupe keeps the monorepo lockfile small." },
    ...FILLER.map((word) => ({ content: `Codename ${word}zz for sprint ${word}qq.` })),
  ]);
  const target = await t.engine.write({ content: "Turborepo caches builds across the monorepo." });

  const before = await t.engine.search({ query: "pnpm", channels: { learned: true } });
  equal(before.channels.learned, "skipped: no learned association for the query's words");

  const counted = await t.engine.sleep({ only: "associate" });
  deepEqual(counted.jobs.map((j) => j.summary), ["counted the shared words of 30 memories"]);
  const plain = await t.engine.search({ query: "pnpm" });
  equal(plain.channels.learned, "disabled");
  ok(!plain.hits.some((h) => h.memory.id === target.id));

  const result = await t.engine.search({ query: "pnpm", channels: { learned: true } });
  equal(result.channels.learned, "used");
  equal(result.analysis.learned?.[0]?.term, "monorepo");
  const hit = result.hits.find((h) => h.memory.id === target.id);
  ok(hit, "the memory that says monorepo, not pnpm, is found");
  deepEqual(hit.explanation.expandedBy, ["learned: pnpm ~ monorepo"]);
  ok(hit.explanation.channels.learned);

  const full = await t.engine.sleep();
  ok(!full.jobs.some((j) => j.job === "associate"), "counted only on demand");
});
