import { equal } from "node:assert/strict";
import { openEngine } from "@helix/core";
import { silentLogger as quiet } from "./log.ts";
import { startWorker } from "./worker.ts";

/** An in-memory strand on a fixed clock. */
function memoryEngine() {
  const now = Date.UTC(2026, 10, 22, 12);
  const clock = { now: () => now };
  const engine = openEngine({ path: ":memory:", project: "api", clock });
  return { engine, clock, [Symbol.dispose]: () => engine.close() };
}

Deno.test("the server's worker consolidates when a session has ended, and not before", async () => {
  using t = memoryEngine();
  for (let i = 0; i < 4; i++) {
    await t.engine.write({
      content: `Had to rebuild the lockfile after pulling (session ${i}).`,
      type: "episode",
    });
  }
  const worker = startWorker(t.engine, { log: quiet, everyMs: 3_600_000, pauseMs: 0 });
  try {
    await worker.check();
    equal(t.engine.list({ types: ["convention"] }).items.length, 0, "nothing due yet");
    t.engine.recordSessionEnd({ session: "s1", startedAt: t.clock.now() - 60_000 });
    await worker.check();
    equal(
      t.engine.list({ types: ["convention"] }).items[0]?.content,
      "Rebuild the lockfile after pulling.",
    );
    equal(t.engine.lifecycle().due, null);
  } finally {
    worker.stop();
  }
});

Deno.test("a stopped worker does not run", async () => {
  using t = memoryEngine();
  t.engine.recordSessionEnd({ session: "s1", startedAt: t.clock.now() - 60_000 });
  const worker = startWorker(t.engine, { log: quiet, everyMs: 3_600_000 });
  worker.stop();
  await worker.check();
  equal(t.engine.lifecycle().due, "session_boundary");
});
