/**
 * The README's "Sync your machines" walkthrough, run as written (`_walkthrough.ts`): two
 * machines and a relay; `helix device add` prints the code `helix sync join` takes.
 */
import { equal, match } from "node:assert/strict";
import { runWalkthrough, walkthrough } from "./_walkthrough.ts";

Deno.test({
  name: "the README's sync walkthrough works as written, on two machines and a relay",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const steps = walkthrough("sync-walkthrough");
    equal(steps.length, 8, "the walkthrough block");
    const { outputs } = await runWalkthrough(steps, {
      invites: /device add$/,
      code: /helix sync join '([^']+)'/,
    });
    match(outputs.at(-1)!.output, /Payments store money as integer cents/);
  },
});
