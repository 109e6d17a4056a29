import fc from "fast-check";
import { deepEqual, equal, ok, throws } from "node:assert/strict";
import { MEMORY_TYPES } from "../model/types.ts";
import { CODING_SESSION } from "../../tests/fixtures/transcript.ts";
import type { ActiveMemory, ExtractionContext } from "../model/candidate.ts";
import { AGENT_INGESTED_FACTOR, extract } from "./extract.ts";
import { findEntities } from "./entities.ts";
import { findRelations } from "./relations.ts";
import { splitSentences } from "../text/sentences.ts";
import { toThirdPerson } from "../text/third_person.ts";
import { gate } from "./gate.ts";

const NOW = Date.UTC(2026, 10, 22);

Deno.test("extract() runs the seed 002 sequence with each output fed back as an active memory", () => {
  // Noted earlier in this conversation: a vague reply may complete it.
  const trip: ActiveMemory = {
    id: "mem_trip",
    type: "fact",
    content: "User is planning a trip to Japan with Maya.",
    recent: true,
  };
  const [when] = extract({
    text: "next April",
    context: { now: NOW, previousAssistant: "When are you going?", active: [trip] },
  });
  equal(when?.content, "User is planning a trip to Japan with Maya next April.");
  deepEqual(when?.link, { id: "mem_trip", relation: "extends" });

  // Recall ranks the newest, most specific memory first.
  const april: ActiveMemory = {
    id: "mem_trip_april",
    type: when!.type,
    content: when!.content,
    recent: true,
  };
  const [what] = extract({
    text: "mostly food, temples, and trains",
    context: {
      now: NOW,
      previousAssistant: "What do you want to do there?",
      active: [april, trip],
    },
  });
  equal(
    what?.content,
    "User wants their trip to Japan with Maya to focus on food, temples, and trains.",
  );
  equal(what?.eventAt, undefined, "the focus is not dated");
  equal(what?.link?.relation, "extends");

  const focus: ActiveMemory = {
    id: "mem_trip_focus",
    type: what!.type,
    content: what!.content,
    recent: true,
  };
  const [moved] = extract({
    text: "actually we're going in May instead",
    context: { now: NOW, active: [focus, april, trip] },
  });
  equal(moved?.content, "User is planning a trip to Japan with Maya in May.");
  equal(moved?.eventAt, Date.UTC(2027, 4, 1));
  equal(moved?.eventEnd, Date.UTC(2027, 5, 1));
  deepEqual(moved?.link, { id: "mem_trip_april", relation: "updates" });
});

Deno.test("extract() resolves time phrases in the context's time zone", () => {
  const [answer] = extract({
    text: "next April",
    context: {
      now: NOW,
      timeZone: "Asia/Tokyo",
      previousAssistant: "When are you going?",
      active: [{
        id: "m",
        type: "fact",
        content: "User is planning a trip to Japan with Maya.",
        recent: true,
      }],
    },
  });
  equal(answer?.eventAt, Date.UTC(2027, 2, 31, 15)); // 2027-04-01 00:00 JST
});

Deno.test("extract() lowers confidence for agent-ingested content", () => {
  const text = "Never commit .env files.";
  const [user] = extract({ text, context: { now: NOW } });
  const [agent] = extract({ text, context: { now: NOW, origin: "agent-ingested" } });
  equal(agent?.confidence, Math.round(user!.confidence * AGENT_INGESTED_FACTOR * 100) / 100);
  equal(agent?.content, user?.content);
});

Deno.test("extract() keeps a multi-sentence turn's candidates in text order", () => {
  const out = extract({
    text: "We decided to drop Travis. Never push straight to main. I prefer squash merges.",
    context: { now: NOW },
  });
  deepEqual(out.map((c) => c.type), ["decision", "convention", "preference"]);
  equal(out[2]?.content, "User prefers squash merges.");
  deepEqual(out[1]?.triggers, ["main"]);
});

Deno.test("extract() joins a sentence that opens with a pronoun to the one before it", () => {
  const [only, ...rest] = extract({
    text: "Atlas is our internal deploy tool. It wraps `fly deploy` and posts to Slack.",
    context: { now: NOW },
  });
  equal(rest.length, 0);
  equal(only?.type, "entity");
  equal(
    only?.content,
    "Atlas is our internal deploy tool; It wraps `fly deploy` and posts to Slack.",
  );
  ok(only?.entities.includes("fly deploy"));
});

Deno.test("extract() ignores fenced code and returns nothing for empty text", () => {
  deepEqual(extract({ text: "   ", context: { now: NOW } }), []);
  deepEqual(
    extract({ text: "```ts\n// always use tabs\nconst a = 1;\n```", context: { now: NOW } }),
    [],
  );
});

Deno.test("extract() refuses a non-string text and a non-finite now", () => {
  throws(() => extract({ text: 42 as unknown as string, context: { now: NOW } }), TypeError);
  throws(() => extract({ text: "x", context: { now: Number.NaN } }), RangeError);
});

Deno.test("extract() is deterministic and well-formed over arbitrary text and context", () => {
  const active = fc.array(
    fc.record({
      id: fc.string({ minLength: 1, maxLength: 8 }),
      type: fc.constantFrom(...MEMORY_TYPES),
      content: fc.string({ maxLength: 80 }),
    }),
    { maxLength: 3 },
  );
  fc.assert(
    fc.property(
      fc.string({ maxLength: 300 }),
      fc.option(fc.string({ maxLength: 60 })),
      active,
      (text, previousAssistant, memories) => {
        const context: ExtractionContext = previousAssistant === null
          ? { now: NOW, active: memories }
          : { now: NOW, previousAssistant, active: memories };
        const out = extract({ text, context });
        deepEqual(extract({ text, context }), out);
        for (const c of out) {
          ok(MEMORY_TYPES.includes(c.type));
          ok(c.content.trim().length > 0);
          ok(c.confidence >= 0 && c.confidence <= 1);
          if (c.eventAt !== undefined) ok(c.eventEnd !== undefined && c.eventEnd > c.eventAt);
          if (c.link) ok(memories.some((m) => m.id === c.link!.id));
        }
      },
    ),
    { numRuns: 300 },
  );
});

Deno.test("extract() finds a candidate in every memorable turn of the coding session", () => {
  const missing = CODING_SESSION.filter((turn, i) => {
    if (!turn.memorable) return false;
    const previous = CODING_SESSION[i - 1];
    const context: ExtractionContext = previous?.role === "assistant"
      ? { now: NOW, previousAssistant: previous.text }
      : { now: NOW };
    return extract({ text: turn.text, context }).length === 0;
  });
  deepEqual(missing.map((t) => t.text), []);
});

Deno.test("extract() keeps nothing from the session's turns the gate drops as chatter", () => {
  for (const turn of CODING_SESSION) {
    const verdict = gate(turn.text);
    if (!verdict.signals.includes("chatter") && !verdict.signals.includes("ack")) continue;
    deepEqual(extract({ text: turn.text, context: { now: NOW } }), [], turn.text);
  }
});

Deno.test("findEntities() recognises names by their shape", async (t) => {
  const cases: ReadonlyArray<readonly [string, readonly string[]]> = [
    ["Run `deno task ok` in core/ingest/.", ["deno task ok", "core/ingest/"]],
    ["See https://example.com/docs, then edit deno.json.", [
      "https://example.com/docs",
      "deno.json",
    ]],
    ["Install npm:hono@4 and @scope/pkg.", ["npm:hono@4", "@scope/pkg"]],
    ["We pinned sqlite-vec 0.1.9 on Deno 2.9.6.", ["sqlite-vec 0.1.9", "Deno 2.9.6"]],
    ["Call computeTotal() with user_id and HELIX_TOKEN.", [
      "computeTotal()",
      "user_id",
      "HELIX_TOKEN",
    ]],
    ["Maya set up GitHub Actions for the billing service.", [
      "Maya",
      "GitHub Actions",
      "billing service",
    ]],
    ["Fixed the bug in and/or handling of 2 GB files.", []],
    ["Never commit .env files.", [".env"]],
  ];
  for (const [text, expected] of cases) {
    await t.step(text, () => deepEqual(findEntities(text), expected));
  }
});

Deno.test("findRelations() reads subject–verb–object relations", () => {
  deepEqual(findRelations("billing uses SQLite"), [
    { from: "billing", relation: "uses", to: "SQLite" },
  ]);
  deepEqual(findRelations("We moved billing from Postgres to SQLite."), [
    { from: "billing", relation: "uses", to: "SQLite" },
  ]);
  deepEqual(findRelations("The API depends on Redis and Postgres."), [
    { from: "API", relation: "depends_on", to: "Redis" },
    { from: "API", relation: "depends_on", to: "Postgres" },
  ]);
  deepEqual(findRelations("Maya owns the auth service."), [
    { from: "Maya", relation: "owns", to: "auth service" },
  ]);
  deepEqual(findRelations("We switched from Jest to Vitest."), []); // no subject to relate
});

Deno.test("splitSentences() keeps code spans, paths and versions whole", () => {
  deepEqual(
    splitSentences("Edit deno.json, e.g. the tasks. Pin v1.2.3; run `a. b`. 1. build").map((s) =>
      s.text
    ),
    ["Edit deno.json, e.g. the tasks.", "Pin v1.2.3;", "run `a. b`.", "1. build"],
  );
});

Deno.test("toThirdPerson() rewrites a user's first person", () => {
  equal(toThirdPerson("I prefer tabs."), "User prefers tabs.");
  equal(toThirdPerson("I'm on the billing team."), "User is on the billing team.");
  equal(toThirdPerson("I really like my small PRs."), "User really likes their small PRs.");
  equal(toThirdPerson("My editor is Helix."), "User's editor is Helix.");
  equal(
    toThirdPerson("I kept it pinned; I gave each test a dir."),
    "User kept it pinned; User gave each test a dir.",
  );
  equal(toThirdPerson("We use tabs."), "We use tabs.");
});
