import { deepEqual, equal } from "node:assert/strict";
import { decide, type Incoming } from "./consolidate.ts";
import { compare } from "../compare/statements.ts";
import type { Neighbour } from "../store/neighbours.ts";

const memory = (id: string, content: string, extra: Partial<Neighbour> = {}): Neighbour => ({
  id,
  type: "fact",
  status: "active",
  content,
  ...extra,
});
const incoming = (content: string, extra: Partial<Incoming> = {}): Incoming => ({
  content,
  type: "fact",
  typed: true,
  quarantined: false,
  ...extra,
});

Deno.test("decide(): the same text, whatever the case and end punctuation, is a noop", () => {
  const d = decide(incoming("USE PNPM, NOT NPM"), [memory("m", "Use pnpm, not npm.")]);
  deepEqual([d.action, d.action === "noop" && d.target], ["noop", "m"]);
});

Deno.test("decide(): a vector at the duplicate threshold with most words shared is a noop", () => {
  const d = decide(incoming("The API rate limit is 100 requests per minute per key"), [
    memory("m", "API rate limit: 100 requests per minute per key, enforced", { similarity: 0.97 }),
  ]);
  equal(d.action, "noop");
});

Deno.test("decide(): a high vector similarity alone never makes a duplicate of different words", () => {
  const d = decide(incoming("Staging deploys need a green nightly build"), [
    memory("m", "Production deploys happen on Tuesdays", { similarity: 0.96 }),
  ]);
  equal(d.action, "add");
});

Deno.test("decide(): a change cue naming the old value supersedes only memories that hold it", () => {
  const d = decide(incoming("We switched the web app from npm to pnpm"), [
    memory("npm", "The web app uses npm workspaces"),
    memory("node", "The web app runs on Node 22"),
  ]);
  equal(d.action, "supersede");
  deepEqual(d.action === "supersede" && d.targets, ["npm"]);
});

Deno.test("decide(): an extractor's updates link supersedes; its extends link is kept on an add", () => {
  const trip = memory("trip", "User is planning a trip to Japan with Maya next April.");
  const updates = decide(
    incoming("User is planning a trip to Japan with Maya in May.", {
      link: { id: "trip", relation: "updates" },
    }),
    [trip],
  );
  deepEqual(updates.action === "supersede" && updates.targets, ["trip"]);
  const extended = decide(
    incoming("User wants their Japan trip with Maya to focus on food, temples and trains.", {
      link: { id: "trip", relation: "extends" },
    }),
    [trip],
  );
  equal(extended.action, "add");
  deepEqual(extended.action === "add" && extended.links, [{ id: "trip", relation: "extends" }]);
});

Deno.test("decide(): a quarantined candidate is only ever added", () => {
  const d = decide(incoming("We moved billing from Postgres to SQLite", { quarantined: true }), [
    memory("pg", "Billing uses Postgres"),
  ]);
  deepEqual(d, {
    action: "add",
    links: [],
    reason: "quarantined: it may not change existing memories",
  });
});

Deno.test("decide(): another type is not a duplicate when the writer named the type", () => {
  const d = decide(incoming("Deploys go out on Tuesdays", { type: "procedure" }), [
    memory("m", "Deploys go out on Tuesdays and Thursdays", { type: "fact" }),
  ]);
  equal(d.action, "add");
});

Deno.test("decide(): forgotten and superseded neighbours are ignored", () => {
  const d = decide(incoming("Use pnpm"), [memory("m", "Use pnpm", { status: "forgotten" })]);
  equal(d.action, "add");
});

Deno.test("compare(): negation of a shared word is a polarity difference; a new negated word is not", () => {
  const base = memory("m", "Deploys go out on Tuesdays");
  equal(compare("Deploys never go out on Tuesdays", base).polarityDiffers, true);
  equal(compare("Deploys go out on Tuesdays, never on Fridays", base).polarityDiffers, false);
  equal(
    compare("We don't use tabs in YAML", memory("n", "We don't use tabs in Makefiles"))
      .polarityDiffers,
    false,
  );
});

Deno.test("decide(): one differing value is a contradiction; a different subject with its own value is not", () => {
  const port = memory("port", "The api service runs on port 3000");
  const same = decide(incoming("The api service runs on port 4000"), [port]);
  deepEqual(same.action === "add" && same.links, [
    {
      id: "port",
      relation: "contradicts",
      conflict: { attribute: "port", values: ["4000", "3000"] },
    },
  ]);
  const other = decide(incoming("The web service runs on port 4000"), [port]);
  deepEqual(other.action === "add" && other.links.filter((l) => l.relation === "contradicts"), []);
});

Deno.test("decide(): two subjects with the same predicate are not a contradiction", () => {
  for (
    const [a, b] of [
      ["Service alpha owns its own schema", "Service beta owns its own schema"],
      ["User Alice is an admin", "User Bob is an admin"],
    ]
  ) {
    const d = decide(incoming(b!), [memory("a", a!)]);
    deepEqual(d.action === "add" && d.links.filter((l) => l.relation === "contradicts"), [], b!);
  }
  const deploys = decide(incoming("We deploy on Thursdays"), [
    memory("d", "We deploy on Tuesdays"),
  ]);
  deepEqual(deploys.action === "add" && deploys.links, [
    {
      id: "d",
      relation: "contradicts",
      conflict: { attribute: "day", values: ["Thursdays", "Tuesdays"] },
    },
  ]);
});

Deno.test("decide(): close vectors never merge different numbers or names", () => {
  for (
    const [a, b] of [
      ["Web convention 4: keep components small", "Web convention 5: keep components small"],
      ["User Alice is the admin of staging", "User Bob is the admin of staging"],
    ]
  ) {
    equal(decide(incoming(b!), [memory("a", a!, { similarity: 0.98 })]).action, "add", b!);
  }
});
