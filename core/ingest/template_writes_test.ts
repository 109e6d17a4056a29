/** The write path on template memories: wording shared across subjects is no change. */
import { equal } from "node:assert/strict";
import { tempEngine } from "../../tests/helpers.ts";
import { templateMemories } from "../../tests/fixtures/template_memories.ts";

Deno.test("template memories written one by one supersede nothing and flag nothing", async () => {
  await using t = await tempEngine({ project: "api" });
  // 300 here (3,000 in bench:statements): many share a frame and differ by an id, a name or a
  // technology word; each subject has one value per attribute, so nothing changes anything.
  let superseded = 0;
  const flagged: string[] = [];
  for (const m of templateMemories(300, 21)) {
    const out = await t.engine.write({ content: m.content, type: "fact" });
    superseded += out.superseded.length;
    for (const l of out.links) if (l.relation === "contradicts") flagged.push(m.content);
  }
  equal(superseded, 0);
  equal(flagged.length, 0, flagged.join("\n"));
});
