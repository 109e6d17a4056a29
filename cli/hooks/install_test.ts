import { equal, match, rejects } from "node:assert/strict";
import { join } from "node:path";
import { isHelixHook, planClaudeHooks } from "./install.ts";

Deno.test("isHelixHook() recognises installed and checkout commands only", () => {
  equal(isHelixHook("helix hook Stop"), true);
  equal(isHelixHook("HELIX_HOME=/x /usr/bin/deno run -A --quiet /src/cli/main.ts hook Stop"), true);
  equal(isHelixHook("'/opt/helix' hook SessionEnd"), true);
  equal(isHelixHook("notify-send hook done"), false);
  equal(isHelixHook(undefined), false);
});

Deno.test("planClaudeHooks() writes into a new file, refuses one that is not JSON", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const path = join(dir, "settings.json");
    const plan = await planClaudeHooks(path, { prefix: "helix hook" });
    equal(plan.change, "added");
    match(plan.after, /"command": "helix hook SessionStart"/);
    equal(
      (await planClaudeHooks(path, { prefix: "helix hook", remove: true })).change,
      "unchanged",
    );
    await Deno.writeTextFile(path, "{ not json");
    await rejects(planClaudeHooks(path, { prefix: "helix hook" }), /not valid JSON/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
