/**
 * `engine.rollback()`: appending the ops that restore an earlier state, through the engine on
 * an injected clock.
 */
import { deepEqual, equal, notEqual, ok } from "node:assert/strict";
import type { Engine, Memory } from "../mod.ts";
import { scenario, STEP } from "./_scenario_testing.ts";

/** The fields a rollback restores, per memory id (forgotten memories as absent). */
function snapshot(engine: Engine): Map<string, unknown> {
  const all = engine.list({
    scope: "all",
    statuses: ["active", "archived", "superseded", "quarantined", "forgotten"],
    limit: 1000,
  }).items;
  return new Map(all.map((m: Memory) => [m.id, {
    status: m.status,
    content: m.content,
    importance: m.importance,
    tags: m.tags,
    validTo: m.validTo,
  }]));
}

function totalChanges(engine: Engine, point: string): number {
  return Object.values(engine.diff(point).counts).reduce((a, b) => a + b, 0);
}

Deno.test("rollback() restores every memory and edge of the point; purged memories are unrecoverable", async () => {
  using s = await scenario();
  const { engine, ids, added, edges } = s;
  const opsBefore = engine.stats().ops;
  s.clock.advance(STEP);
  const report = await engine.rollback(s.point);

  equal(report.dryRun, false);
  equal(report.point.changeId, s.point);
  deepEqual(
    report.memories.forgotten,
    [added.newLedger, added.backups, ids.grafana].sort(),
    "created since, or forgotten at the point",
  );
  deepEqual(report.memories.restored, [ids.ledger, ids.staging, ids.cron].sort());
  deepEqual(report.memories.patched, [ids.lint]);
  deepEqual(report.edges.removed, [edges.dependsOn, edges.supersedes].sort());
  deepEqual(report.edges.put, [edges.removed]);
  equal(report.unrecoverable.memories.length, 1);
  equal(report.unrecoverable.memories[0]!.id, null);
  ok(report.unrecoverable.memories[0]!.purged!.ref.startsWith("purged:"));
  equal(engine.stats().ops, opsBefore + report.ops.length + 1, "the ops plus one job.run");

  const ledger = engine.get(ids.ledger);
  deepEqual([ledger.status, ledger.validTo], ["active", null], "supersession undone");
  equal(engine.get(added.newLedger).status, "forgotten");
  equal(engine.get(added.backups).status, "forgotten");
  const lint = engine.get(ids.lint);
  deepEqual([lint.content, lint.importance, lint.tags], [
    "Run deno lint before every commit.",
    7,
    [],
  ]);
  equal(engine.get(ids.staging).status, "active", "a forgotten memory comes back");
  equal(engine.get(ids.cron).status, "active", "an archived memory comes back");
  equal(engine.get(ids.grafana).status, "forgotten", "a restored memory is forgotten again");
  deepEqual(
    engine.edgesOf(ids.lint).map((e) => e.id),
    [edges.removed],
    "the removed edge is back, the added ones are gone",
  );

  const diff = engine.diff(s.point);
  deepEqual(diff.counts, {
    added: 0,
    removed: 1,
    changed: 0,
    superseded: 0,
    forgotten: 0,
    archived: 0,
    quarantined: 0,
    restored: 0,
    edgesAdded: 0,
    edgesRemoved: 0,
    edgesChanged: 0,
  }, "only the purged memory still differs");
  deepEqual(diff.memories.removed, report.unrecoverable.memories);

  const [record] = engine.history({ kinds: ["job.run"], limit: 1 });
  const payload = record!.payload as { job: string; reason: string; ops: string[]; run: string };
  equal(payload.job, "rollback");
  equal(payload.reason, `rollback to ${s.point.slice(0, 12)}`);
  deepEqual(payload.ops, report.ops);
  equal(payload.run, report.run);
  ok(record!.summary.startsWith(`rollback run ${report.run}`));

  equal(report.stateHash, engine.stateHash());
  const rebuilt = engine.rebuild();
  ok(rebuilt.identical, "a refold reproduces the state after the rollback");
  equal(rebuilt.after, report.stateHash);
  deepEqual(engine.verifyLog(), []);
});

Deno.test("rolling back a rollback restores the later state", async () => {
  using s = await scenario();
  const { engine } = s;
  const later = snapshot(engine);
  const first = await engine.rollback(s.point);
  notEqual(JSON.stringify([...snapshot(engine)]), JSON.stringify([...later]));
  ok(first.undoPoint !== null);

  s.clock.advance(STEP);
  const second = await engine.rollback(first.undoPoint);
  equal(totalChanges(engine, first.undoPoint), 0, "no difference with the state before it");
  deepEqual(snapshot(engine), later);
  deepEqual(second.unrecoverable.memories, [], "the purge happened before both points");
  deepEqual(
    second.memories.restored,
    [s.added.newLedger, s.added.backups, s.ids.grafana, s.ids.ledger, s.ids.cron].sort(),
  );
  deepEqual(second.memories.forgotten, [s.ids.staging]);
  ok(engine.rebuild().identical);

  s.clock.advance(STEP);
  const third = await engine.rollback(second.undoPoint!);
  equal(totalChanges(engine, s.point), 1, "back at the point, but for the purged memory");
  equal(third.ops.length, first.ops.length);
});

Deno.test("rollback({ dryRun: true }) reports the plan and appends nothing", async () => {
  using s = await scenario();
  const { engine } = s;
  const ops = engine.stats().ops;
  const hash = engine.stateHash();
  const plan = await engine.rollback(s.point, { dryRun: true });
  equal(plan.dryRun, true);
  equal(plan.run, null);
  deepEqual(plan.ops, []);
  equal(plan.memories.forgotten.length, 3);
  equal(plan.edges.removed.length, 2);
  equal(plan.changes.counts.removed, 2, "now → point: the new memories are not at the point");
  equal(engine.stats().ops, ops);
  equal(engine.stateHash(), hash);
  equal(plan.stateHash, hash);
  const applied = await engine.rollback(s.point);
  deepEqual(applied.memories, plan.memories);
  deepEqual(applied.edges, plan.edges);
});

Deno.test("rollback('now') is a no-op that appends zero ops", async () => {
  using s = await scenario();
  const { engine } = s;
  const ops = engine.stats().ops;
  const hash = engine.stateHash();
  const report = await engine.rollback("now");
  deepEqual(report.ops, []);
  equal(report.run, null);
  equal(report.point.kind, "now");
  equal(engine.stats().ops, ops);
  equal(engine.stateHash(), hash);
  const head = engine.history({ limit: 1 })[0]!.changeId;
  deepEqual((await engine.rollback(head)).ops, [], "nor does a rollback to the newest op");
  equal(engine.stats().ops, ops);
});

Deno.test("rollback() to a time restores the edits made after it", async () => {
  using s = await scenario();
  const { engine, ids } = s;
  const report = await engine.rollback(new Date(s.pointAt + STEP).toISOString());
  equal(report.point.kind, "time");
  equal(engine.get(ids.lint).content, "Run deno lint before every commit.");
  equal(totalChanges(engine, s.point), 1);
});

Deno.test("undoRun() of a rollback run puts back the fields and statuses it overwrote", async () => {
  using s = await scenario();
  const { engine, ids, added } = s;
  const report = await engine.rollback(s.point);
  s.clock.advance(STEP);
  engine.undoRun(report.run!);
  equal(engine.get(ids.lint).importance, 9);
  equal(engine.get(ids.staging).status, "forgotten");
  equal(engine.get(added.backups).status, "active");
  ok(engine.rebuild().identical);
});

Deno.test("rollback() rejects malformed and unknown points before changing anything", async (t) => {
  using s = await scenario();
  const { engine } = s;
  const ops = engine.stats().ops;
  const code = async (point: string) => {
    try {
      await engine.rollback(point);
    } catch (error) {
      return (error as { code?: string }).code;
    }
    return "ok";
  };
  await t.step("malformed points are invalid_input", async () => {
    for (const point of ["", "yesterday", "abc", "2h from now", "2026-13-45"]) {
      equal(await code(point), "invalid_input", point);
    }
  });
  await t.step("a hex prefix no op has is not_found", async () => {
    const prefixes = new Set(engine.history({ limit: 1000 }).map((h) => h.changeId.slice(0, 6)));
    const unknown = ["abcdef", "fedcba", "0badf0", "c0ffee"].find((p) => !prefixes.has(p))!;
    equal(await code(unknown), "not_found");
  });
  equal(engine.stats().ops, ops);
});
