/**
 * `contradiction()` leaves two subjects apart: a scope opening one statement, an address or a
 * path that is each statement's subject, a bare number in parentheses (an aside); wordings
 * written for these tests.
 */
import { equal } from "node:assert/strict";
import { contradiction } from "./statements.ts";

/** [a, b, whether they contradict]. */
const PAIRS: readonly [string, string, boolean][] = [
  // A scope opening one side that the other does not say (`opening_scope.ts`).
  ["In the test suite, redis runs on port 6380.", "Redis runs on port 6379.", false],
  ["Inside the VPN the wiki is on port 8443.", "In the office the wiki is on port 443.", false],
  ["In staging, redis runs on port 6380.", "Staging redis runs on port 6379.", true],
  // Addresses and paths as subjects (`value_subject.ts`).
  ["api.acme.dev is served by Fly.", "admin.acme.dev is served by Render.", false],
  ["/var/log/app is rotated by logrotate.", "/var/log/db is rotated by systemd.", false],
  ["The API is served from api.acme.dev.", "The API is served from api.acme.io.", true],
  ["Maria is the release manager for 4.x.", "Priya is the release manager for 4.x.", true],
  // A bare number in parentheses is an aside (`conflict.ts`, `quantities.ts`).
  ["Android build 3.2.0 (1207) is in review.", "Android build 3.2.0 (1208) is in review.", false],
  ["The worker runs 4 threads.", "The worker runs 8 threads.", true],
];

for (const [a, b, expected] of PAIRS) {
  Deno.test(`contradiction() ${expected ? "flags" : "leaves"} "${a}" / "${b}"`, () => {
    equal(contradiction(a, b) !== null || contradiction(b, a) !== null, expected);
  });
}

/** A holder of one side's subject while the other speaks for "us" (`other_group.ts`). */
const GROUPS: readonly [string, string, boolean][] = [
  ["The mobile team runs three-week sprints.", "Our sprints are two weeks.", false],
  ["Sprints are three weeks.", "Our sprints are two weeks.", true],
  // A word said only as the holder in dispute is not a subject word (`disputed_words.ts`).
  ["The payments team owns billing.", "The billing team owns payments.", false],
];

for (const [a, b, expected] of GROUPS) {
  Deno.test(`contradiction() ${expected ? "flags" : "leaves"} "${a}" / "${b}"`, () => {
    equal(contradiction(a, b) !== null || contradiction(b, a) !== null, expected);
  });
}

/** What a thing gets after an event to come is an outlook (`outlook.ts`). */
const OUTLOOKS: readonly [string, string, boolean][] = [
  [
    "The billing api gets its own Postgres once the split lands.",
    "The billing api runs on MySQL.",
    false,
  ],
  [
    "The staging cluster runs Traefik.",
    "The staging cluster gets Envoy after the migration.",
    false,
  ],
  ["The staging cluster runs Traefik.", "The staging cluster runs Envoy.", true],
];

for (const [a, b, expected] of OUTLOOKS) {
  Deno.test(`contradiction() ${expected ? "flags" : "leaves"} "${a}" / "${b}"`, () => {
    equal(contradiction(a, b) !== null || contradiction(b, a) !== null, expected);
  });
}
