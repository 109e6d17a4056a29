/**
 * Golden tests of the rules-file formats: the fixture repository's files (`fixtures/rules/
 * repo.ts`) read into rules, per format, must equal `fixtures/rules/golden/import.json`; the
 * memories imported from them, exported to each tool, must equal `golden/export.json` byte for
 * byte. Run with `HELIX_UPDATE_GOLDEN=1` to rewrite the goldens after a deliberate change (and
 * review the diff).
 *
 * @module
 */
import { deepEqual, equal } from "node:assert/strict";
import { join } from "node:path";
import { fixedClock, openEngine, RULE_FORMATS, RULE_TARGETS } from "@helix/core";
import { memoryFiles } from "../core/rules/_memory_files.ts";
import { readRules } from "../core/rules/discover.ts";
import { RULES_REPO } from "./fixtures/rules/repo.ts";

const GOLDEN = join(new URL(".", import.meta.url).pathname, "fixtures", "rules", "golden");
const UPDATE = Deno.env.get("HELIX_UPDATE_GOLDEN") === "1";

async function golden(name: string, actual: unknown): Promise<unknown> {
  const path = join(GOLDEN, name);
  if (UPDATE) {
    await Deno.mkdir(GOLDEN, { recursive: true });
    await Deno.writeTextFile(path, `${JSON.stringify(actual, null, 2)}\n`);
  }
  return JSON.parse(await Deno.readTextFile(path));
}

Deno.test("readRules() reads each rules-file format as its golden says", async (t) => {
  const { rules } = await readRules(memoryFiles(RULES_REPO));
  const byFormat = Object.fromEntries(
    RULE_FORMATS.map((format) => [format, rules.filter((r) => r.format === format)]),
  );
  const expected = await golden("import.json", byFormat) as Record<string, unknown>;
  for (const format of RULE_FORMATS) {
    await t.step(format, () => deepEqual(byFormat[format], expected[format]));
  }
});

Deno.test("planRulesExport() writes each tool's file as its golden says", async (t) => {
  const engine = openEngine({
    path: ":memory:",
    project: "billing",
    clock: fixedClock(Date.UTC(2026, 10, 1)),
  });
  try {
    const files = memoryFiles(RULES_REPO);
    await engine.importRules(files);
    const changes = await engine.planRulesExport({ files, targets: RULE_TARGETS });
    const actual = Object.fromEntries(changes.map((c) => [c.target, c.after]));
    const expected = await golden("export.json", actual) as Record<string, string>;
    for (const target of RULE_TARGETS) {
      await t.step(target, () => equal(actual[target], expected[target]));
    }
  } finally {
    engine.close();
  }
});
