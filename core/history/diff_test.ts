/**
 * `engine.diff()`: what changed between two points, through the engine on an injected clock.
 */
import { deepEqual, equal, ok } from "node:assert/strict";
import { fixedClock, openEngine } from "../mod.ts";
import { scenario, START, STEP } from "./_scenario_testing.ts";

Deno.test("diff() lists adds, edits, supersession, forget, archive, restore, purge and edges since a point", async () => {
  using s = await scenario();
  const { ids, added, edges } = s;
  const diff = s.engine.diff(s.point);

  equal(diff.from.kind, "op");
  equal(diff.from.changeId, s.point);
  equal(diff.from.at, new Date(s.pointAt).toISOString());
  equal(diff.to.kind, "now");
  deepEqual(diff.memories.added.map((m) => m.id), [added.newLedger, added.backups].sort());
  equal(diff.memories.added[0]!.memory?.status, "active");

  const [purged, ...otherRemoved] = diff.memories.removed;
  deepEqual(otherRemoved, []);
  equal(purged!.id, null, "a purged memory's id left the strand with it");
  equal(purged!.memory, null, "…and so did its content");
  ok(purged!.purged!.ref.startsWith("purged:"));
  equal(purged!.purged!.by, s.engine.history({ kinds: ["memory.purge"] })[0]!.changeId);

  const changed = new Map(diff.memories.changed.map((m) => [m.id, m]));
  deepEqual([...changed.keys()], [...changed.keys()].sort(), "in id order");
  deepEqual(changed.get(ids.lint)!.changes, [
    {
      field: "content",
      before: "Run deno lint before every commit.",
      after: "Run deno lint and deno fmt --check before every commit.",
    },
    { field: "importance", before: 7, after: 9 },
    { field: "tags", before: [], after: ["ci"] },
  ]);
  equal(changed.get(ids.lint)!.transition, null);
  const ledger = changed.get(ids.ledger)!;
  equal(ledger.transition, "superseded");
  deepEqual(ledger.changes.map((c) => [c.field, c.before]), [["status", "active"], [
    "validTo",
    null,
  ]]);
  equal(ledger.changes[1]!.after, s.engine.get(added.newLedger).validFrom);
  equal(changed.get(ids.staging)!.transition, "forgotten");
  equal(changed.get(ids.cron)!.transition, "archived");
  deepEqual(changed.get(ids.grafana)!.changes, [
    { field: "status", before: "forgotten", after: "active" },
  ]);
  equal(changed.get(ids.grafana)!.transition, "restored");

  deepEqual(diff.edges.added.map((e) => e.id), [edges.dependsOn, edges.supersedes].sort());
  deepEqual(diff.edges.removed.map((e) => [e.id, e.from, e.to, e.relation]), [
    [edges.removed, ids.lint, ids.staging, "related_to"],
  ]);
  deepEqual(diff.edges.changed, []);
  deepEqual(diff.counts, {
    added: 2,
    removed: 1,
    changed: 1,
    superseded: 1,
    forgotten: 1,
    archived: 1,
    quarantined: 0,
    restored: 1,
    edgesAdded: 2,
    edgesRemoved: 1,
    edgesChanged: 0,
  });
});

Deno.test("diff() names the same point by change id, prefix, ISO time, epoch ms and age", async () => {
  using s = await scenario();
  const reference = JSON.stringify(s.engine.diff(s.point).counts);
  const minutesAgo = (s.clock.now() - s.pointAt) / STEP;
  const points: [string | number, "op" | "time"][] = [
    [s.point.slice(0, 6), "op"],
    [s.point.slice(0, 12).toUpperCase(), "op"],
    [new Date(s.pointAt).toISOString(), "time"],
    [s.pointAt, "time"],
    [String(s.pointAt), "time"],
    [`${minutesAgo}m`, "time"],
    [`${minutesAgo} minutes ago`, "time"],
  ];
  for (const [point, kind] of points) {
    const diff = s.engine.diff(point);
    equal(JSON.stringify(diff.counts), reference, `point ${point}`);
    equal(diff.from.kind, kind, `point ${point}`);
  }
  equal(s.engine.diff(`${minutesAgo - 9}m`).counts.added, 2, "an age counts back from the clock");
});

Deno.test("diff() between two earlier points folds only the ops up to each", async () => {
  using s = await scenario();
  const empty = s.engine.diff("2020-01-01", s.point);
  equal(empty.from.kind, "time");
  deepEqual(
    empty.memories.added.filter((m) => m.id !== null).map((m) => m.id),
    [s.ids.cron, s.ids.ledger, s.ids.lint, s.ids.staging].sort(),
    "the forgotten grafana memory counts as absent",
  );
  const purged = empty.memories.added.filter((m) => m.id === null);
  equal(purged.length, 1, "the purged memory existed at the point but not before it");
  equal(empty.edges.added.length, 1);
  deepEqual(empty.memories.removed, []);

  const none = s.engine.diff(s.point, new Date(s.pointAt + 5 * STEP).toISOString());
  deepEqual(none.counts, s.engine.diff("now", "now").counts);
  equal(Object.values(none.counts).reduce((a, b) => a + b, 0), 0);

  const reversed = s.engine.diff("now", s.point);
  deepEqual(
    reversed.memories.removed.map((m) => m.id),
    [s.added.newLedger, s.added.backups].sort(),
  );
  equal(reversed.memories.added.length, 1);
  equal(reversed.memories.added[0]!.id, null);
  equal(reversed.counts.restored, 3, "superseded, forgotten and archived go back to active");
  equal(reversed.counts.forgotten, 1, "the restored one goes back to forgotten");
});

Deno.test("diff() leaves out a memory created and forgotten between the points", async () => {
  const clock = fixedClock(START);
  const engine = openEngine({ path: ":memory:", clock });
  await engine.write({ content: "Keep the changelog in docs/CHANGES.md." });
  const [point] = engine.history();
  clock.advance(STEP);
  const { id } = await engine.write({ content: "Temporary note about the flaky e2e test." });
  clock.advance(STEP);
  await engine.forget({ id });
  const diff = engine.diff(point!.changeId);
  equal(Object.values(diff.counts).reduce((a, b) => a + b, 0), 0);
  equal(engine.diff("2000-01-01").counts.added, 1);
  engine.close();
});
