/**
 * The hand-over of a team strand's upkeep (docs/teams.md, "Upkeep"; `server/team_upkeep.ts`),
 * on the test clock: every member computes the keeper from the roster and the changes it
 * holds. A keeper unheard from for a week hands over to the next admin; on its return it does
 * not take the strand back before it has synced, nor before the others hear from it again.
 */
import { deepEqual, equal, ok } from "node:assert/strict";
import type { Engine } from "@helix/core";
import { teamWorld } from "./fixtures/team_world.ts";
import { isKeeper, KEEPER_SILENCE_MS, keeperOf, seenAt } from "../server/team_upkeep.ts";

const DAY = 24 * 60 * 60 * 1000;

Deno.test("a keeper silent for a week hands over to the next admin and takes the strand back once heard from", async () => {
  const w = await teamWorld("app");
  try {
    const { ada, bo, cy, relay, clock } = w;
    const input = async (engine: Engine) => ({
      view: await engine.teamMembers({ offline: true }),
      now: clock.now(),
      seenAt: seenAt(engine.syncStatus()),
    });
    const keeper = async (engine: Engine) => keeperOf(await input(engine));
    const keeps = async (engine: Engine) => isKeeper(await input(engine));
    const syncAll = async (...engines: Engine[]) => {
      for (const engine of engines) await engine.sync({ relay });
    };

    await ada.teamSetRole("bo", "admin", { relay });
    await ada.write({ content: "Payouts run at 06:00 UTC.", scope: "global" });
    await bo.write({ content: "Refunds go through the ledger service.", scope: "global" });
    await syncAll(ada, bo, cy, ada);

    // Every member names the same keeper: the admin with the lower id, both heard from today.
    const view = await cy.teamMembers({ offline: true });
    const admins = view.members.filter((m) => m.role === "admin").flatMap((m) => m.devices);
    equal(admins.length, 2);
    ok(admins.every((d) => d.heardAt !== undefined && clock.now() - d.heardAt < DAY));
    const first = admins.map((d) => d.id).sort()[0]!;
    for (const engine of [ada, bo, cy]) equal(await keeper(engine), first);
    const [kept, next] = (await ada.teamMembers({ offline: true })).members
        .find((m) => m.devices.some((d) => d.id === first))!.me
      ? [ada, bo]
      : [bo, ada];
    ok(await keeps(kept));
    equal(await keeps(next), false);

    // The keeper's machine goes quiet for eight days; the others keep writing and syncing.
    clock.t += 8 * DAY;
    await next.write({ content: "The billing service listens on port 8443.", scope: "global" });
    await syncAll(next, cy);
    ok(await keeps(next), "the next admin takes over");
    equal(
      await keeper(cy),
      (await next.teamMembers({ offline: true })).members
        .flatMap((m) => m.devices).find((d) => d.me)!.id,
    );
    // The old keeper's own view is a week old: it keeps nothing until it has synced.
    equal(await keeper(kept), null);
    equal(await keeps(kept), false);

    // It returns and syncs: it sees the hand-over and leaves the strand to its successor...
    await syncAll(kept);
    equal(await keeps(kept), false);
    ok(await keeps(next));
    // ...until it writes again and the others hear from it: then it keeps again, and the
    // successor stops at its next sync.
    clock.t += 60_000;
    await kept.write({ content: "Ledger exports run nightly.", scope: "global" });
    await syncAll(kept);
    ok(await keeps(kept));
    ok(await keeps(next), "until it syncs, the successor still keeps (one sync interval)");
    await syncAll(next);
    equal(await keeps(next), false);

    // Nobody heard from for longer than the silence: the admin with the lowest id keeps.
    clock.t += KEEPER_SILENCE_MS + DAY;
    await syncAll(ada, bo, cy);
    for (const engine of [ada, bo, cy]) equal(await keeper(engine), first);
  } finally {
    await w.close();
  }
});

Deno.test("a keeper that did not start the team strand makes its derived memories (the run's derive option)", async () => {
  const w = await teamWorld("app");
  try {
    const { bo } = w;
    for (let k = 0; k < 3; k++) {
      await bo.write({
        content: "Reset the cache for PAYMENTS_TOKEN before the release.",
        type: "episode",
        scope: "global",
      });
    }
    // Bo joined the team: by default only the device that started a synced strand distils.
    equal((await bo.sleep({ only: "distil" })).changed, 0);
    // Bo's server keeps the strand: its runs distil the repeats into one rule.
    equal((await bo.sleep({ only: "distil", derive: true })).changed, 3 + 1);
    const active = bo.list({ scope: "all" }).items;
    equal(active.filter((m) => m.type !== "episode").length, 1, "one rule");
    equal(active.filter((m) => m.type === "episode").length, 0, "its episodes archived");
  } finally {
    await w.close();
  }
});

Deno.test("two keepers who distilled the same episodes at once end with one rule on every machine", async () => {
  const w = await teamWorld("app");
  try {
    const { ada, bo, cy, relay } = w;
    const syncAll = async (...engines: Engine[]) => {
      for (const engine of engines) await engine.sync({ relay });
    };
    for (let k = 0; k < 3; k++) {
      await cy.write({
        content: "Reset the cache for PAYMENTS_TOKEN before the release.",
        type: "episode",
        scope: "global",
      });
    }
    await syncAll(cy, ada, bo);
    // Both distil before either sees the other's rule (one of them cut off from the relay).
    for (const keeper of [ada, bo]) {
      equal((await keeper.sleep({ only: "distil", derive: true })).changed, 3 + 1);
    }
    await syncAll(ada, bo, ada, cy);
    const rules = (engine: Engine) =>
      engine.list({ scope: "all" }).items.filter((m) => m.type !== "episode").map((m) => m.id);
    equal(rules(ada).length, 2, "two rules of the same text, from the same episodes");
    // The next runs, on both machines before they sync again, keep the same one.
    for (const keeper of [ada, bo]) {
      equal((await keeper.sleep({ only: "distil", derive: true })).changed, 1);
    }
    await syncAll(ada, bo, ada, cy);
    const [kept] = rules(ada);
    for (const engine of [ada, bo, cy]) deepEqual(rules(engine), [kept]);
    // The rule kept cites every episode.
    const cites = ada.edgesOf(kept!).filter((e) => e.relation === "derives");
    equal(cites.length, 3);
  } finally {
    await w.close();
  }
});
