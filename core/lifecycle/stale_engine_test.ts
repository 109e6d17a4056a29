/**
 * Code-anchored staleness through the engine, on a real folder: a write that cites a file
 * records its hash; editing the file flags the memory (once), deleting it flags it too, and
 * the worker runs the same check.
 */
import { deepEqual, equal, ok } from "node:assert/strict";
import { join } from "node:path";
import { createFileProbe, STALE_CONFIDENCE_FACTOR, staleMarks } from "../mod.ts";
import { tempDir, tempEngine } from "../../tests/helpers.ts";

const user = { origin: "user-asserted" as const };

Deno.test("editing or deleting a cited file flags its memories and lowers their confidence once", async () => {
  await using repo = await tempDir();
  await Deno.mkdir(join(repo.path, "src"));
  await Deno.writeTextFile(join(repo.path, "src/retry.ts"), "export const RETRIES = 3;\n");
  await Deno.writeTextFile(join(repo.path, "deploy.sh"), "#!/bin/sh\necho deploy\n");
  await using t = await tempEngine({ project: "api", files: createFileProbe(repo.path) });
  const retry = await t.engine.write({
    content: "Retry counts live in `src/retry.ts`; keep them at 3.",
    source: user,
  });
  const deploy = await t.engine.write({
    content: "Run ./deploy.sh from the repo root.",
    source: user,
  });
  const plain = await t.engine.write({ content: "Deploys happen on Tuesdays.", source: user });
  const anchors = retry.memory.attributes.anchors as { path: string; sha256: string }[];
  deepEqual(anchors.map((a) => a.path), ["src/retry.ts"]);
  equal(anchors[0]!.sha256.length, 64);
  equal(plain.memory.attributes.anchors, undefined);

  deepEqual((await t.engine.checkStale()).stale, [], "nothing changed yet");

  await Deno.writeTextFile(join(repo.path, "src/retry.ts"), "export const RETRIES = 5;\n");
  await Deno.remove(join(repo.path, "deploy.sh"));
  const report = await t.engine.checkStale();
  deepEqual(
    report.stale.map((s) => [s.id, s.findings[0]!.reason]).sort(),
    [
      [deploy.id, "vanished"],
      [retry.id, "changed"],
    ].sort(),
  );
  ok(report.run);
  const flagged = t.engine.get(retry.id);
  equal(flagged.confidence, Math.round(0.9 * STALE_CONFIDENCE_FACTOR * 1000) / 1000);
  deepEqual(staleMarks(flagged.attributes).map((m) => [m.path, m.reason]), [[
    "src/retry.ts",
    "changed",
  ]]);
  equal(staleMarks(t.engine.get(deploy.id).attributes)[0]?.reason, "vanished");

  // The same change found again lowers nothing more; the worker runs the same check.
  await t.engine.checkStale();
  equal(t.engine.get(retry.id).confidence, flagged.confidence);
  t.engine.recordSessionEnd({ session: "s1", project: "api", startedAt: t.clock.now() - 1000 });
  const run = await t.engine.sleep({ reason: "session_boundary" });
  ok(run.jobs.some((j) => j.job === "stale"));
  equal(t.engine.get(retry.id).confidence, flagged.confidence);

  // Undo of the check's run restores the memory as it was.
  t.engine.undoRun(report.run!);
  equal(t.engine.get(retry.id).confidence, 0.9);
  deepEqual(staleMarks(t.engine.get(retry.id).attributes), []);
});
