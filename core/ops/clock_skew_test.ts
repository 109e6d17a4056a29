/**
 * Clock skew (sync-protocol R27, test T10): ops from a device whose clock runs a year ahead
 * or a year behind merge like any others; the ahead ones are flagged `clock_suspect` and do
 * not drag this strand's clock into their future, yet an op built on one still sorts after
 * it, so causally later edits win and refolds hold.
 */
import { deepEqual, equal, ok } from "node:assert/strict";
import { tempEngine } from "../../tests/helpers.ts";
import { parseHlc } from "../model/hlc.ts";

const YEAR = 365 * 86_400_000;
const HOUR = 3_600_000;

Deno.test("a device a year ahead and one a year behind converge; the ahead clock is flagged, not adopted", async () => {
  await using here = await tempEngine({ project: "api" });
  await using ahead = await tempEngine({ project: "api" });
  await using behind = await tempEngine({ project: "api" });
  ahead.clock.advance(YEAR);
  behind.clock.advance(-YEAR);

  const base = await here.engine.write({ content: "Builds use Node 20.", type: "fact" });
  for (const other of [ahead, behind]) other.engine.mergeOps(here.engine.ops());
  const future = await ahead.engine.write({ content: "Releases are cut on Fridays." });
  await ahead.engine.patch(base.id, { importance: 9 });
  const past = await behind.engine.write({ content: "Logs go to the audit bucket." });

  const fromAhead = ahead.engine.ops();
  const report = here.engine.mergeOps(fromAhead);
  equal(report.added, 2);
  deepEqual(
    report.clockSuspect,
    fromAhead.filter((op) => parseHlc(op.hlc).wall > here.clock.now() + 86_400_000)
      .map((op) => op.changeId),
    "the ops a year ahead are clock_suspect",
  );
  equal(report.clockSuspect.length, 2);
  equal(here.engine.mergeOps(behind.engine.ops()).clockSuspect.length, 0, "behind is fine");

  // This strand's clock stays its own: a new, unrelated op is stamped with local time.
  here.clock.advance(HOUR);
  const staging = await here.engine.write({ content: "Staging resets nightly." });
  const [put] = here.engine.history({ id: staging.id });
  const stamped = here.engine.ops().find((op) => op.changeId === put!.changeId)!;
  equal(parseHlc(stamped.hlc).wall, here.clock.now());

  // An edit of the memory the ahead device edited is causally later, so it wins.
  await here.engine.patch(base.id, { importance: 3 });
  const edge = here.engine.relate({ from: staging.id, to: future.id, relation: "related_to" });
  equal(here.engine.get(base.id).importance, 3, "the later edit wins here");

  for (const other of [ahead, behind]) {
    other.engine.mergeOps(here.engine.ops());
    here.engine.mergeOps(other.engine.ops());
  }
  for (const other of [ahead, behind]) other.engine.mergeOps(here.engine.ops());
  const hash = here.engine.stateHash();
  equal(ahead.engine.stateHash(), hash, "ahead converges");
  equal(behind.engine.stateHash(), hash, "behind converges");
  equal(ahead.engine.get(base.id).importance, 3, "and the causally later edit wins there too");
  ok(ahead.engine.edgesOf(future.id).some((e) => e.id === edge.id), "the link to the future");
  ok(behind.engine.get(past.id));
  for (const e of [here, ahead, behind]) ok(e.engine.rebuild().identical, "refolds hold");
});
