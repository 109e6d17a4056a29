/**
 * Points in history as `diff()` and `rollback()` read them: prefixes, digits, ambiguity,
 * and times at the edges of the log.
 */
import { DatabaseSync } from "node:sqlite";
import { deepEqual, equal, ok, throws } from "node:assert/strict";
import { isHelixError } from "../mod.ts";
import { tempEngine } from "../../tests/helpers.ts";

/** Adds a `job.run` op (it folds to nothing) with a chosen change id, as another device would. */
function addOp(path: string, changeId: string, hlc: string): void {
  const db = new DatabaseSync(path);
  const payload = JSON.stringify({
    run: changeId.slice(0, 8),
    job: "check",
    reason: "test",
    ops: [],
    before: {},
    summary: "x",
  });
  db.prepare(
    "INSERT INTO ops (change_id, hlc, device_id, seq, kind, payload) VALUES (?, ?, 'other', ?, 'job.run', ?)",
  ).run(changeId, hlc, Number.parseInt(changeId.slice(-4), 16), payload);
  db.close();
}

Deno.test("a prefix several ops share is invalid_input listing the candidates", async () => {
  await using t = await tempEngine();
  await t.engine.write({ content: "Use pnpm in every package of the monorepo." });
  addOp(t.path, `abcdef01${"0".repeat(56)}`, "000000000000001-00000");
  addOp(t.path, `abcdef02${"0".repeat(52)}0001`, "000000000000002-00000");
  throws(() => t.engine.diff("abcdef"), (error) => {
    ok(isHelixError(error, "invalid_input"));
    ok(error.message.includes("2 ops have change ids starting with it"), error.message);
    deepEqual(
      (error.details!.candidates as { changeId: string }[]).map((c) => c.changeId.slice(0, 8)),
      ["abcdef01", "abcdef02"],
    );
    return true;
  });
  const one = t.engine.diff("abcdef01");
  equal(one.from.changeId, `abcdef01${"0".repeat(56)}`);
  // A point is what the strand held once that op arrived, and it arrived after the write,
  // though its clock is older.
  equal(one.counts.added, 0, "the state right after that op arrived: with the write");
});

Deno.test("an id prefix that also reads as an age in days (5890183d) is the op", async () => {
  await using t = await tempEngine();
  await t.engine.write({ content: "Staging deploys run from the release branch." });
  addOp(t.path, `5890183df1${"0".repeat(54)}`, "000000000000001-00000");
  const point = t.engine.diff("5890183d").from;
  equal(point.kind, "op");
  equal(point.changeId, `5890183df1${"0".repeat(54)}`);
  equal(t.engine.diff("3d").from.kind, "time", "an age no op id starts with stays an age");
});

Deno.test("digits are an op when they begin exactly one change id, else epoch ms", async () => {
  await using t = await tempEngine();
  await t.engine.write({ content: "Releases are tagged from the main branch." });
  addOp(t.path, `123456${"0".repeat(58)}`, "000000000000001-00000");
  equal(t.engine.diff("123456").from.kind, "op", "a short id copied from the log");
  equal(t.engine.diff("123457").from.kind, "time");
  equal(t.engine.diff("0").counts.added, 1, "epoch 0: before everything");
  equal(
    t.engine.diff(String(t.clock.now())).counts.added,
    0,
    "an op at exactly T is in the state at T",
  );
  equal(t.engine.diff(t.clock.now() - 1).counts.added, 1);
  equal(t.engine.diff("9999-12-31").counts.added, 0, "a time after the log is now");
});
