/**
 * The README's "Share with your team" walkthrough, run as written (`_walkthrough.ts`): two
 * people and a relay; `helix team invite` prints the code `helix team join` takes, a shared
 * project's memory goes to the team strand, and the other member finds it, labelled.
 */
import { equal, match } from "node:assert/strict";
import { runWalkthrough, walkthrough } from "./_walkthrough.ts";

Deno.test({
  name: "the README's team walkthrough works as written, for two people and a relay",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const steps = walkthrough("team-walkthrough");
    equal(steps.length, 10, "the walkthrough block");
    const { outputs } = await runWalkthrough(steps, {
      invites: /team invite$/,
      code: /helix team join '([^']+)'/,
    });
    const found = outputs.at(-1)!.output;
    match(found, /Invoices are numbered per legal entity/);
    match(found, /team:acme/);
  },
});
