/**
 * A quantity of one measure said with other words, through `change()`: the measure's own
 * words (TTL, lifetime, retention, budget, cap, threshold …) are not subject words; a purpose
 * after the value ("for the ISO audit", "to avoid timeouts") tells why, not which thing
 * (`purpose.ts`); a sibling left as it is ("refresh tokens unchanged") does not keep the
 * changed thing apart (`apart.ts`); people are counted by any noun of people ("five engineers",
 * "eight people"); a measure's word before a number ("retries 5") names no label. Sentences
 * written for these tests, not taken from the bench.
 */
import { changeCases } from "./change_cases_testing.ts";
import { equal, notEqual } from "node:assert/strict";
import { contradiction } from "./statements.ts";

/** [stored, incoming]: the incoming statement changes the stored one. */
const CHANGES: readonly [string, string][] = [
  ["Audit logs are kept for 90 days.", "raised audit log retention to 400 days for the ISO audit"],
  [
    "Password reset links expire after 2 hours.",
    "password reset link lifetime reduced to 30 minutes",
  ],
  ["Upload size cap is 50 MB.", "bumped the upload budget to 200 MB for the video launch"],
  [
    "API keys are valid for 365 days.",
    "shortened API key expiry to 90 days, personal tokens unchanged",
  ],
  [
    "The connection pool holds 20 connections.",
    "raised the pool to 40 connections to avoid timeouts",
  ],
  // People counted by any noun of people; a change marked by the team event it follows.
  ["The platform team is five engineers.", "platform team is eight people after the spring hiring"],
  ["Three developers staff the support rotation.", "support rotation bumped to 4 people"],
  // A measure's word before its number names no label.
  ["Max upload retries is 3.", "changed max upload retries 5"],
  // "retried N times" counts tries; a merged pull request beside the statement marks it current.
  [
    "Failed payouts are retried 4 times.",
    "payout retries: 6 attempts with jitter (PR #812 merged)",
  ],
];

/** [stored, incoming]: nothing changes. */
const LOOKALIKES: readonly [string, string][] = [
  // The stored thing itself is left as it is.
  [
    "Refresh tokens live 30 days.",
    "shortened access token TTL to 15 min, refresh tokens unchanged",
  ],
  // Another measure of the same thing.
  ["Audit logs are kept for 90 days.", "raised the audit log size cap to 2 GB for the ISO audit"],
  // What happened once, with a ticket resolved beside it.
  [
    "Webhook deliveries are retried 3 times.",
    "Webhook deliveries were retried 5 times during the outage (INC-22 resolved)",
  ],
  // A statement about a merge itself is an event.
  ["Failed payouts are retried 4 times.", "PR #812 is merged to main."],
  // People of another team.
  ["The platform team is five engineers.", "the data team is eight people after the spring hiring"],
];

changeCases("measures", CHANGES, LOOKALIKES);

Deno.test("measures: an abbreviation of the act and a verb of starting say no other subject", () => {
  notEqual(
    contradiction(
      "Sev1 pages must be acked within 10 minutes.",
      "Sev1 acknowledge SLA is 30 minutes.",
    ),
    null,
  );
  notEqual(
    contradiction("The thumbnailer uses 2 threads.", "thumbnailer spawns 8 worker threads"),
    null,
  );
  equal(
    contradiction("The thumbnailer uses 2 threads.", "the transcoder spawns 8 worker threads"),
    null,
  );
});

Deno.test("contradiction(): a quarter or three quarters of an hour is its minutes", () => {
  equal(contradiction("the retro takes a quarter of an hour", "the retro takes 15 minutes"), null);
  equal(contradiction("the retro takes three quarters of an hour", "retro length: 45 min"), null);
  equal(contradiction("session cookies live a quarter of an hour", "SESSION_TTL=900s"), null);
  notEqual(
    contradiction("the retro takes a quarter of an hour", "the retro takes 30 minutes"),
    null,
  );
});
