import { deepEqual, equal } from "node:assert/strict";
import { originOf } from "./identity.ts";
import { planImport } from "./plan_import.ts";
import type { RuleItem } from "./types.ts";

const rule = (line: number, text: string, file = "AGENTS.md", section = "Style"): RuleItem => ({
  file,
  line,
  format: "agents",
  kind: "convention",
  section,
  text,
  globs: [],
});

const BEFORE = [
  rule(3, "Use tabs"),
  rule(4, "No any"),
  rule(8, "Tag releases", "AGENTS.md", "Release"),
];
const EXISTING = BEFORE.map((r, i) => ({ id: `m${i}`, origin: originOf(r) }));

Deno.test("planImport() changes only what the file changed", async (t) => {
  await t.step("the same rules: nothing", () => {
    const plan = planImport(BEFORE, EXISTING);
    equal(plan.unchanged, 3);
    deepEqual([plan.add, plan.supersede, plan.move, plan.retire], [[], [], [], []]);
  });
  await t.step("a rule inserted above: it is added, the others move", () => {
    const now = [rule(3, "Wrap at 100"), rule(4, "Use tabs"), rule(5, "No any"), {
      ...BEFORE[2]!,
    }];
    const plan = planImport(now, EXISTING);
    deepEqual(plan.add.map((r) => r.text), ["Wrap at 100"]);
    deepEqual(plan.move.map((m) => m.id), ["m0", "m1"]);
    deepEqual([plan.supersede, plan.retire, plan.unchanged], [[], [], 1]);
  });
  await t.step("an edited rule supersedes the memory of its section", () => {
    const now = [
      BEFORE[0]!,
      BEFORE[1]!,
      rule(8, "Tag releases with vX.Y.Z", "AGENTS.md", "Release"),
    ];
    const plan = planImport(now, EXISTING);
    deepEqual(plan.supersede.map((s) => [s.id, s.rule.text]), [["m2", "Tag releases with vX.Y.Z"]]);
    deepEqual([plan.add, plan.retire, plan.unchanged], [[], [], 2]);
  });
  await t.step("a deleted rule is retired", () => {
    const plan = planImport([BEFORE[0]!, BEFORE[2]!], EXISTING);
    deepEqual(plan.retire, ["m1"]);
    equal(plan.unchanged, 2);
  });
  await t.step("a file that is gone retires all its rules; other files are untouched", () => {
    const other = rule(1, "Answer in English", "GEMINI.md", "");
    const plan = planImport([other], [...EXISTING, { id: "g", origin: originOf(other) }]);
    deepEqual(plan.retire, ["m0", "m1", "m2"]);
    equal(plan.unchanged, 1);
  });
});
