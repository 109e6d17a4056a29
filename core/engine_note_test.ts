/**
 * `engine.note()`: the gate, contextual extraction and consolidation together, through the
 * engine, including the follow-up sequence of seed 002 (a trip extended, then updated).
 */
import { deepEqual, equal, ok } from "node:assert/strict";
import { tempEngine } from "../tests/helpers.ts";

const user = { origin: "user-asserted" as const, agent: "test" };

Deno.test("note(): short follow-up answers become self-contained memories that extend, then update", async () => {
  await using t = await tempEngine({ project: "life" }); // today is 2026-11-22
  const trip = await t.engine.write({
    content: "User is planning a trip to Japan with Maya.",
    type: "fact",
    source: user,
  });

  const when = await t.engine.note({
    text: "next April",
    previousAssistant: "When are you going?",
    source: user,
  });
  equal(when.gate.pass, true, when.gate.reason);
  equal(when.written.length, 1);
  const april = when.written[0]!;
  equal(april.action, "added");
  ok(/Japan/.test(april.memory.content) && /Maya/.test(april.memory.content), april.memory.content);
  ok(/April/.test(april.memory.content), april.memory.content);
  equal(april.memory.eventAt, "2027-04-01T00:00:00.000Z");
  equal(april.memory.eventPhrase, "next April");
  deepEqual(april.links, [{ id: trip.id, relation: "extends" }]);

  const what = await t.engine.note({
    text: "mostly food, temples, and trains",
    previousAssistant: "What do you want to do there?",
    source: user,
  });
  equal(what.written.length, 1);
  ok(/food, temples, and trains/.test(what.written[0]!.memory.content));
  ok(/Japan/.test(what.written[0]!.memory.content), what.written[0]!.memory.content);
  ok(what.written[0]!.links.some((l) => l.relation === "extends"));

  const may = await t.engine.note({ text: "actually we're going in May instead", source: user });
  equal(may.written.length, 1);
  const updated = may.written[0]!;
  equal(updated.action, "superseded");
  deepEqual(updated.superseded, [april.id]);
  equal(updated.memory.eventAt, "2027-05-01T00:00:00.000Z");
  equal(t.engine.get(april.id).status, "superseded");
  equal(t.engine.get(trip.id).status, "active", "the trip itself still stands");
});

Deno.test("note(): the gate drops chatter without writing, explicit or not; explicit notes store the rest", async () => {
  await using t = await tempEngine({ project: "web" });
  const chatter = await t.engine.note({ text: "Sure! Let me look at that file." });
  equal(chatter.gate.pass, false);
  deepEqual(chatter.written, []);
  equal(chatter.extractor, null);
  equal(t.engine.stats().memories, 0);

  const rule = await t.engine.note({
    text: "From now on, always run pnpm lint before committing.",
  });
  equal(rule.gate.pass, true);
  equal(rule.written[0]?.memory.type, "convention");

  // Issue 16: explicit skipped the gate, so chatter relayed as a note became a fact.
  const explicitChatter = await t.engine.note({
    text: "Sure! Let me look at that file.",
    explicit: true,
  });
  equal(explicitChatter.gate.pass, false);
  equal(explicitChatter.written.length, 0);
  const explicit = await t.engine.note({ text: "The staging db listens on 5433.", explicit: true });
  equal(explicit.gate.reason, "explicit");
  equal(explicit.written.length, 1);
});

Deno.test("note(): secrets in the text and its context are redacted before extraction", async () => {
  await using t = await tempEngine({ project: "web" });
  const token = "ghp_" + "Zx9Yw8Vu7Ts6Rq5Po4Nm3Lk2Ji1Hg0FeDcBa";
  const result = await t.engine.note({
    text: `Remember: the release job authenticates with ${token}.`,
    previousAssistant: `I found ${token} in the CI config.`,
    explicit: true,
  });
  ok(result.redacted.length > 0);
  ok(result.written.length >= 1);
  ok(!JSON.stringify(t.engine.list({ scope: "all" })).includes(token));
});

Deno.test("note(): repeating a rule reinforces it instead of storing it twice", async () => {
  await using t = await tempEngine({ project: "web" });
  const first = await t.engine.note({
    text: "Always use pnpm, never npm.",
    explicit: true,
    source: user,
  });
  const again = await t.engine.note({
    text: "Always use pnpm, never npm.",
    explicit: true,
    source: user,
  });
  equal(again.written[0]?.action, "noop");
  equal(again.written[0]?.id, first.written[0]?.id);
  equal(t.engine.stats().memories, 1);
});

Deno.test("note(): a day or a time given in answer replaces the one the memory holds, updating it", async () => {
  await using t = await tempEngine({ project: "web" });
  const deploy = await t.engine.write({
    content: "The staging deploy happens every Tuesday.",
    type: "fact",
    source: user,
  });
  const question = "When does the staging deploy happen?";

  const wednesday = await t.engine.note({
    text: "Wednesdays",
    previousAssistant: question,
    source: user,
  });
  equal(wednesday.written.length, 1);
  equal(wednesday.written[0]!.memory.content, "The staging deploy happens every Wednesday.");
  equal((await t.engine.get(deploy.id))?.status, "superseded");

  // A phrase led by a preposition is an answer too, and "now" closes it without joining it.
  const thursday = await t.engine.note({
    text: "on Thursdays now",
    previousAssistant: question,
    source: user,
  });
  equal(thursday.written[0]!.memory.content, "The staging deploy happens on Thursdays.");
  equal((await t.engine.get(wednesday.written[0]!.memory.id))?.status, "superseded");

  const standup = await t.engine.write({
    content: "Standup is at 9:30 in the small room.",
    type: "fact",
    source: user,
  });
  const later = await t.engine.note({
    text: "around 10am",
    previousAssistant: "What time is standup?",
    source: user,
  });
  equal(later.written[0]!.memory.content, "Standup is around 10am in the small room.");
  equal((await t.engine.get(standup.id))?.status, "superseded");
});
