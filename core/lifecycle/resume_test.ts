/**
 * Backlogs are worked off once: a run cut short is due again and resumes where it stopped,
 * and a second start on a finished strand does no maintenance work (the sweep's cursor covers
 * its own writes).
 */
import { deepEqual, equal, ok, rejects } from "node:assert/strict";
import type { Engine, WriteInput } from "../mod.ts";
import { tempEngine } from "../../tests/helpers.ts";

/** Statements that conflict in pairs, and recurring episodes: real work for several jobs. */
function backlog(): WriteInput[] {
  const inputs: WriteInput[] = [];
  for (let i = 0; i < 40; i++) {
    inputs.push({ content: `Service s${i} listens on port ${3000 + i}.`, type: "fact" });
    inputs.push({ content: `Service s${i} listens on port ${5000 + i}.`, type: "fact" });
  }
  for (let g = 0; g < 6; g++) {
    for (let k = 0; k < 4; k++) {
      inputs.push({
        content: `Had to clear the cache ${g} before the deploy (session ${k}).`,
        type: "episode",
      });
    }
  }
  return inputs;
}

async function seeded(engine: Engine) {
  await engine.writeMany(backlog());
  equal(engine.lifecycle().due, "importance_budget");
}

Deno.test("a run cut short is due again, resumes where it stopped and ends where a whole run ends", async () => {
  await using whole = await tempEngine({ project: "api" });
  await seeded(whole.engine);
  await whole.engine.sleep({ reason: "importance_budget" });

  await using cut = await tempEngine({ project: "api" });
  await seeded(cut.engine);
  let slices = 0;
  const stopAfterThree = () => {
    if (++slices === 3) return Promise.reject(new Error("the server stopped"));
    return Promise.resolve();
  };
  await rejects(cut.engine.sleep({ reason: "importance_budget", pause: stopAfterThree }));
  const state = cut.engine.lifecycle();
  equal(state.due, "resume", "the interrupted run is due again");
  ok(state.openRunSince !== null);

  const resumed = await cut.engine.sleep({ reason: "resume" });
  ok(resumed.changed > 0, "the rest of the backlog is worked off");
  equal(cut.engine.lifecycle().due, null, "and the run is closed");
  // The same work in the end: as many contradiction links and archived episodes.
  for (const t of [whole, cut]) {
    const flags = t.engine.flags({ scope: "all", limit: 500 });
    equal(flags.filter((f) => f.kind === "contradiction").length, 40);
    equal(t.engine.list({ statuses: ["archived"], limit: 1000 }).items.length, 24);
  }
});

Deno.test("a second start on a finished strand does no maintenance work", async () => {
  await using t = await tempEngine({ project: "api" });
  await seeded(t.engine);
  const first = await t.engine.sleep({ reason: "importance_budget" });
  ok(first.changed > 0);
  equal(t.engine.lifecycle().due, null, "nothing is due after a finished run");
  const hash = t.engine.stateHash();
  const again = await t.engine.sleep({ reason: "manual" });
  equal(again.changed, 0);
  const sweep = again.jobs.find((j) => j.job === "contradict")!;
  deepEqual(sweep, {
    job: "contradict",
    changed: 0,
    summary: "0 contradictions among 0 memories checked",
  }, "the sweep's own patches do not make it look again");
  equal(t.engine.stateHash(), hash);
});
