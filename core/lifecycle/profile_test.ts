/**
 * Profiles through the engine: the worker writes each scope's static and dynamic profile,
 * refreshes them only when their memories change, archives one with nothing left to
 * summarise, and `context()` puts them first without repeating what they summarise.
 */
import { equal, ok } from "node:assert/strict";
import { tempEngine } from "../../tests/helpers.ts";

const DAY = 86_400_000;

Deno.test("the worker writes profiles that context() puts first, and refreshes them only on change", async () => {
  await using t = await tempEngine({ project: "api" });
  const ada = await t.engine.write({
    content: "The user is Ada, a backend engineer.",
    type: "identity",
  });
  const pnpm = await t.engine.write({ content: "Prefers pnpm over npm.", type: "preference" });
  await t.engine.write({ content: "Billing exports move to Parquet.", type: "decision" });
  await t.engine.write({ content: "The billing export job timed out at 2am.", type: "episode" });
  await t.engine.write({ content: "Billing exports run hourly from cron.", type: "fact" });

  const first = await t.engine.sleep({ only: "profile" });
  equal(first.changed, 2, "a static profile (global) and a dynamic one (the project)");
  const profiles = t.engine.list({ types: ["profile"], scope: "all" }).items;
  const global = profiles.find((p) => p.scope === "global")!;
  const focus = profiles.find((p) => p.scope === "project:api")!;
  equal(
    global.content,
    "Who the user is and how they work: The user is Ada, a backend engineer; Prefers pnpm over npm.",
  );
  equal(global.attributes.profile, "static");
  ok(focus.content.startsWith("Current focus (last 7 days): billing, export."), focus.content);
  ok(focus.content.includes("Latest decisions: Billing exports move to Parquet."));

  const pack = await t.engine.context({ budgetTokens: 1000 });
  equal(pack.items[0]?.id, focus.id, "the current focus first");
  equal(pack.items[1]?.id, global.id, `then who the user is: ${pack.text}`);
  ok(
    !pack.items.some((i) => i.id === ada.id || i.id === pnpm.id),
    "what the static profile summarises is not repeated",
  );

  const hash = t.engine.stateHash();
  equal((await t.engine.sleep({ only: "profile" })).changed, 0, "nothing changed: no new op");
  equal(t.engine.stateHash(), hash);

  await t.engine.write({ content: "Prefers small pull requests.", type: "preference" });
  equal((await t.engine.sleep({ only: "profile" })).changed, 1, "a new preference refreshes it");
  ok(t.engine.get(global.id).content.endsWith("Prefers small pull requests."));
  ok(t.engine.history({ id: global.id }).some((e) => e.kind === "memory.patch"));

  // A new preference must not be swallowed by the profile that summarises the old ones.
  const repeat = await t.engine.write({
    content: "Prefers pnpm over npm and yarn.",
    type: "preference",
  });
  equal(repeat.memory.type, "preference");

  t.clock.advance(8 * DAY); // the project's memories leave the focus window
  const later = await t.engine.sleep({ only: "profile" });
  equal(t.engine.get(focus.id).status, "archived", "no recent work: no current focus");
  ok(later.changed >= 1);
  ok(t.engine.rebuild().identical);
});

Deno.test("a dynamic profile shows words as written, never their keys", async () => {
  await using t = await tempEngine({ project: "api" });
  await t.engine.write({ content: "Billing moved to Postgres 16 for charges.", type: "decision" });
  await t.engine.write({ content: "Postgres charges table needs an index.", type: "episode" });
  await t.engine.write({ content: "Billing charges are retried from Postgres.", type: "fact" });
  await t.engine.sleep({ only: "profile" });
  const focus = t.engine.list({ types: ["profile"], scope: "all" }).items
    .find((p) => p.scope === "project:api")!;
  ok(/Current focus[^.]*\bpostgres\b/.test(focus.content), focus.content);
  ok(!/\bpostgre\b/.test(focus.content), focus.content);
});
