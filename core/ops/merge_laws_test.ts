/**
 * The merge laws (sync-protocol T2, T3) as properties over random divergent histories, and
 * the laptop/desktop scenario: a week apart, merged in either order, rolled back.
 */
import { deepEqual, equal, ok } from "node:assert/strict";
import fc from "fast-check";
import { tempEngine } from "../../tests/helpers.ts";
import type { Engine } from "../engine.ts";
import type { Op } from "./kinds.ts";

const HOUR = 3_600_000;
const WORDS = [
  "deploys",
  "run",
  "on",
  "tuesdays",
  "from",
  "main",
  "release",
  "branch",
  "with",
  "ci",
];

type Step =
  | { kind: "write"; words: number[] }
  | { kind: "edit"; target: number; at: number; word: number }
  | { kind: "importance"; target: number; value: number }
  | { kind: "forget"; target: number }
  | { kind: "supersede"; target: number; words: number[] };

const words = fc.array(fc.nat(WORDS.length - 1), { minLength: 3, maxLength: 8 });
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant("write" as const), words }),
  fc.record({
    kind: fc.constant("edit" as const),
    target: fc.nat(),
    at: fc.nat(),
    word: fc.nat(WORDS.length - 1),
  }),
  fc.record({
    kind: fc.constant("importance" as const),
    target: fc.nat(),
    value: fc.integer({ min: 1, max: 10 }),
  }),
  fc.record({ kind: fc.constant("forget" as const), target: fc.nat() }),
  fc.record({ kind: fc.constant("supersede" as const), target: fc.nat(), words }),
);

const sentence = (w: number[], tag: string) => `${w.map((i) => WORDS[i]).join(" ")} ${tag}.`;

/** Plays `steps` on an engine; memory ids it may target are those it sees active. */
async function play(
  engine: Engine,
  clock: { advance(ms: number): void },
  steps: Step[],
  tag: string,
) {
  let n = 0;
  for (const s of steps) {
    clock.advance(60_000);
    const active = engine.list({ limit: 200 }).items.filter((m) => m.status === "active");
    const target = active.length
      ? active[("target" in s ? s.target : 0) % active.length]
      : undefined;
    switch (s.kind) {
      case "write":
        await engine.write({ content: sentence(s.words, `${tag}${n++}`), type: "fact" });
        break;
      case "edit": {
        if (!target) break;
        const tokens = target.content.split(" ");
        tokens[s.at % tokens.length] = WORDS[s.word]!;
        await engine.patch(target.id, { content: tokens.join(" ") });
        break;
      }
      case "importance":
        if (target) await engine.patch(target.id, { importance: s.value });
        break;
      case "forget":
        if (target) engine.forget({ ids: [target.id] });
        break;
      case "supersede":
        if (target) {
          await engine.write({
            content: sentence(s.words, `${tag}${n++}`),
            type: "fact",
            supersedes: [target.id],
          });
        }
        break;
    }
  }
}

Deno.test("merge laws: either order gives one state, merging twice or merging oneself changes nothing, any causal order folds alike", async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(step, { minLength: 1, maxLength: 6 }),
      fc.array(step, { minLength: 0, maxLength: 8 }),
      fc.array(step, { minLength: 0, maxLength: 8 }),
      fc.integer({ min: 0, max: 2 ** 31 }),
      async (base, onX, onY, seed) => {
        await using x = await tempEngine({ project: "p" });
        await using y = await tempEngine({ project: "p" });
        await using fresh = await tempEngine({ project: "p" });
        y.clock.advance(7);
        await play(x.engine, x.clock, base, "b");
        y.engine.mergeOps(x.engine.ops());
        fresh.engine.mergeOps(x.engine.ops());
        y.clock.advance(x.clock.now() - y.clock.now() + 7);
        await play(x.engine, x.clock, onX, "x");
        await play(y.engine, y.clock, onY, "y");
        const xs = x.engine.ops();
        const ys = y.engine.ops();
        const xHash = x.engine.stateHash();

        equal(x.engine.mergeOps(xs).added, 0, "merge(b, x, x) = x");
        equal(x.engine.stateHash(), xHash);
        fresh.engine.mergeOps(ys);
        equal(fresh.engine.stateHash(), y.engine.stateHash(), "merge(b, b, y) = y");

        x.engine.mergeOps(ys);
        // y merges one op (or group) per transaction: the same state, and the fold of its
        // log at every commit (checked from y's own connection, between two transactions).
        const known = new Set(ys.map((op) => op.changeId));
        const lacking = xs.filter((op) => !known.has(op.changeId)).length;
        const commits: Promise<{ refold: { identical: boolean } }>[] = [];
        y.engine.mergeOps(xs, {
          chunkSize: 1,
          onProgress: (done, total) => {
            if (total === lacking && done < total) commits.push(y.engine.inspect());
          },
        });
        for (const c of await Promise.all(commits)) ok(c.refold.identical, "each commit");
        equal(x.engine.stateHash(), y.engine.stateHash(), "merge(b, x, y) = merge(b, y, x)");
        const merged = x.engine.stateHash();
        equal(x.engine.mergeOps(ys).added, 0, "re-merging is a no-op");
        equal(x.engine.stateHash(), merged);
        ok(x.engine.rebuild().identical, "the tables are the fold of the op set");
        ok((await x.engine.inspect()).refold.identical, "a scratch fold agrees");

        // The union delivered in random causal orders: each device's ops in order, interleaved.
        await using z = await tempEngine({ project: "p" });
        const union = x.engine.ops();
        deliverShuffled(z.engine, union, seed);
        equal(z.engine.stateHash(), merged, "any causal order, one state");
      },
    ),
    { numRuns: 40 },
  );
});

/**
 * Merges `ops` into `engine` in batches that keep each device's order, interleaved at
 * random (`seed`). A batch whose ops need another device's that have not arrived yet is
 * refused whole (the engine says `not_found` and changes nothing); the oldest waiting op goes
 * alone then, which is always deliverable.
 */
function deliverShuffled(engine: Engine, ops: readonly Op[], seed: number): void {
  const byDevice = new Map<string, Op[]>();
  for (const op of ops) byDevice.set(op.deviceId, [...(byDevice.get(op.deviceId) ?? []), op]);
  const queues = [...byDevice.values()].map((list) => list.sort((a, b) => a.seq - b.seq));
  let state = seed >>> 0;
  const next = () => (state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0);
  while (queues.some((q) => q.length)) {
    const live = queues.filter((q) => q.length);
    const queue = live[next() % live.length]!;
    const size = 1 + (next() % 4);
    try {
      engine.mergeOps(queue.slice(0, size));
      queue.splice(0, size);
    } catch {
      const oldest = live.sort((a, b) => (a[0]!.hlc < b[0]!.hlc ? -1 : 1))[0]!;
      engine.mergeOps(oldest.splice(0, 1));
    }
  }
}

Deno.test("laptop and desktop a week apart: merged in either order, one state, every conflict flagged, rollback restores each side", async () => {
  await using laptop = await tempEngine({ project: "helix" });
  await using desktop = await tempEngine({ project: "helix" });
  desktop.clock.advance(3);
  const port = await laptop.engine.write({
    content: "The API listens on port 8080.",
    type: "fact",
  });
  const db = await laptop.engine.write({ content: "The database is Postgres 14.", type: "fact" });
  const style = await laptop.engine.write({
    content: "Use tabs for indentation in Go files and spaces in YAML files.",
    type: "convention",
  });
  const old = await laptop.engine.write({
    content: "Deploys go out on Fridays.",
    type: "decision",
  });
  desktop.engine.mergeOps(laptop.engine.ops());

  // A week apart.
  for (let day = 0; day < 7; day++) {
    laptop.clock.advance(24 * HOUR);
    desktop.clock.advance(24 * HOUR);
    await laptop.engine.write({ content: `Laptop note for day ${day}: profiled the indexer.` });
    await desktop.engine.write({ content: `Desktop note for day ${day}: reviewed the relay.` });
  }
  await laptop.engine.patch(port.id, { content: "The API listens on port 9090." });
  await desktop.engine.patch(port.id, { content: "The API listens on port 7070." });
  await laptop.engine.write({
    content: "The database is Postgres 15.",
    type: "fact",
    supersedes: [db.id],
  });
  await desktop.engine.write({
    content: "The database is Postgres 16.",
    type: "fact",
    supersedes: [db.id],
  });
  await laptop.engine.patch(style.id, {
    content: "Use tabs for indentation in Go files and 2 spaces in YAML files.",
  });
  await desktop.engine.patch(style.id, {
    content: "Always use tabs for indentation in Go files and spaces in YAML files.",
  });
  laptop.engine.forget({ ids: [old.id] });
  await desktop.engine.patch(old.id, { importance: 9 });

  const visible = (e: Engine) =>
    e.list({ limit: 500 }).items.filter((m) => m.status === "active").map((m) =>
      `${m.id} ${m.content}`
    )
      .sort();
  const laptopBefore = visible(laptop.engine);
  const desktopBefore = visible(desktop.engine);
  const fromLaptop = laptop.engine.ops();
  const fromDesktop = desktop.engine.ops();
  laptop.clock.advance(HOUR);
  desktop.clock.advance(HOUR);
  const onLaptop = laptop.engine.mergeOps(fromDesktop);
  const onDesktop = desktop.engine.mergeOps(fromLaptop);
  equal(laptop.engine.stateHash(), desktop.engine.stateHash(), "either order, one state");

  const open = laptop.engine.conflicts();
  deepEqual(open.map((c) => c.kind).sort(), ["fact", "text"], "the port and the database");
  equal(onLaptop.open, 2);
  equal(onDesktop.open, 2);
  equal(
    laptop.engine.get(style.id).content,
    "Always use tabs for indentation in Go files and 2 spaces in YAML files.",
    "disjoint edits of one convention merge",
  );
  equal(laptop.engine.get(old.id).status, "forgotten", "the forget holds");
  equal(laptop.engine.get(old.id).importance, 9, "and the desktop's edit is kept, not lost");
  const notes = laptop.engine.list({ limit: 500 }).items.filter((m) =>
    m.content.includes("note for day")
  );
  equal(notes.length, 14, "both weeks' notes, none duplicated");

  laptop.clock.advance(HOUR);
  desktop.clock.advance(HOUR);
  await laptop.engine.rollback(onLaptop.before!);
  await desktop.engine.rollback(onDesktop.before!);
  deepEqual(visible(laptop.engine), laptopBefore, "the laptop is as it was before the merge");
  deepEqual(visible(desktop.engine), desktopBefore, "and the desktop too");
});
