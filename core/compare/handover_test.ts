/**
 * Changes of who holds a thing and of a value named as the old one, through `change()`: the
 * frames people write ownership in ("X runs the …", "coordinated by X", "X has taken over …",
 * "Y handed over to Z"), a person named like a month, nouns and participles of one verb
 * ("coordination" / "coordinated"), and an old value named with no subject said.
 */
import { equal, notEqual } from "node:assert/strict";
import { change } from "./statements.ts";
import { readStatement } from "./claims.ts";

/** [stored, incoming]: the incoming statement changes the stored one. */
const CHANGES: readonly [string, string][] = [
  ["Tomas runs the Android beta program", "Tomas handed the Android beta program over to Lea"],
  ["incident reviews are coordinated by Nadia", "Omar has taken over incident review coordination"],
  [
    "growth team owns the shared email templates",
    "shared email templates handed over to the lifecycle team",
  ],
  [
    "Mar owns the billing dashboards",
    "Mar handed the billing dashboards to the finance analytics squad",
  ],
  [
    "changelogs are generated with conventional-changelog",
    "replaced conventional-changelog w/ changesets, it writes CHANGELOG.md per package",
  ],
];

// Old values named in more shapes: ", not X" with a name, "X replaced by Y" with no value
// the lexicons know, "was X, now Y", and an arrow to a new name made of the stored words.
const NAMED: readonly [string, string][] = [
  [
    "Sven owns the release checklist",
    "correction: the release checklist is owned by Ana, not Sven",
  ],
  ["sensors sync over a homegrown protocol", "homegrown protocol replaced by MQTT"],
  ["the web app state uses Pinia", "state mgmt was Pinia, now Vuex 5"],
  ["billing events go to the queue billing.v2", "renamed queue billing.v2 -> billing-events"],
  // The old value alone in the first part, or replaced by a value of its own slot.
  [
    "the admin site still has to work in Safari 14",
    "Safari 14 is no longer supported, targets bumped",
  ],
  [
    "the frontend formats dates with moment.js",
    "use dayjs instead of moment for all existing code",
  ],
  // A team named like a technology; the old team off the rotation.
  [
    "Payments on-call belongs to team Phoenix.",
    "Team Kestrel owns payments on-call from Monday; Phoenix is off the rotation",
  ],
  // "used to be X, …" tells of X only; a name that is also a common word ("Provider").
  ["Docs are translated in Transifex.", "used to be Transifex, docs are translated in Weblate now"],
  ["the flutter app state uses Provider", "state mgmt was Provider, now Bloc"],
  // Fewer of the values the stored statement lists.
  ["logs are split between Loki and Elasticsearch", "consolidated all logs in Loki"],
];

/** [stored, incoming]: the incoming statement does not change the stored one. */
const LEFT: readonly [string, string][] = [
  // Another thing handed over.
  ["Tomas runs the Android beta program", "Tomas handed the iOS beta program over to Lea"],
  // The old value named, but the incoming statement is about another subject as well.
  [
    "changelogs are generated with conventional-changelog",
    "the docs site dropped conventional-changelog for its release notes",
  ],
  // Another subject moved off the same value.
  ["user sessions live in redis", "carts migrated from redis to dynamodb"],
  ["The web app uses npm.", "We switched the docs site from npm to pnpm."],
  // Both values kept.
  [
    "logs are split between Loki and Elasticsearch",
    "moved the audit logs to Loki and Elasticsearch",
  ],
];

Deno.test("change(): hand-overs and old values named without their subject change the stored fact", async (t) => {
  for (const [stored, incoming] of [...CHANGES, ...NAMED]) {
    await t.step(incoming, () => notEqual(change(incoming, stored), null, stored));
  }
  for (const [stored, incoming] of LEFT) {
    await t.step(`left: ${incoming}`, () => equal(change(incoming, stored), null, stored));
  }
});

Deno.test("readStatement(): a bare month abbreviation before a verb is a name, after a word of time a date", () => {
  equal(readStatement("Jun owns the feature flags").values.some((v) => v.kind === "date"), false);
  equal(
    readStatement("the freeze starts in Jun").values.some((v) => v.slots.includes("date")),
    true,
  );
});
