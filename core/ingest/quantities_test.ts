/**
 * Changes of a quantity, a count of people and a date through the engine (issue 16 item 3):
 * verbs that change a measure ("trimmed … to", "pushed back to"), dates a schedule gives, the
 * measure said in other words (retention, expiry, cap), a purpose after the value, and their
 * look-alikes (another sense of the verb, another subject's measure, another measure).
 * Sentences written for these tests, not taken from the bench.
 */
import { type RetireCase, retireCases } from "../../tests/fixtures/retires.ts";

const cases: readonly RetireCase[] = [
  [
    "measure verb",
    "Preview environments live for 7 days.",
    "preview env lifetime trimmed to 3 days",
    true,
  ],
  [
    "date pushed back",
    "The data center exit is planned for 30 June.",
    "data center exit pushed back to 15 September",
    true,
  ],
  [
    "another sense of the verb",
    "Releases are cut on Fridays.",
    "we cut the 4.1 release on Friday",
    false,
  ],
  [
    "another subject's measure",
    "The export job times out after 20 minutes.",
    "trimmed the import job timeout to 5 minutes",
    false,
  ],
  [
    "measure words, a purpose after the value",
    "Audit logs are kept for 90 days.",
    "raised audit log retention to 400 days for the ISO audit",
    true,
  ],
  [
    "a sibling left as it is",
    "API keys are valid for 365 days.",
    "shortened API key expiry to 90 days, personal tokens unchanged",
    true,
  ],
  [
    "another measure of the same thing",
    "Audit logs are kept for 90 days.",
    "raised the audit log size cap to 2 GB for the ISO audit",
    false,
  ],
  [
    "from <when> on",
    "Sprint planning is Monday 10:00.",
    "From next sprint on, sprint planning is Tuesday 14:00.",
    true,
  ],
  [
    "a slot of time, moved",
    "The maintenance window is Saturday 02:00-04:00 UTC.",
    "maintenance window moves to Sunday 01:00-03:00 UTC",
    true,
  ],
  [
    "a note that the value moved",
    "The weekly report is sent at 08:00.",
    "weekly report goes out at 07:15 (moved to beat the standup)",
    true,
  ],
  [
    "another meeting's slot",
    "Sprint planning is Monday 10:00.",
    "From next sprint on, sprint review is Friday 15:00.",
    false,
  ],
  [
    "people counted by any noun of people",
    "The platform team is five engineers.",
    "platform team is eight people after the spring hiring",
    true,
  ],
  [
    "another team's people",
    "The platform team is five engineers.",
    "the data team is eight people after the spring hiring",
    false,
  ],
  [
    "tries counted two ways, a merged PR beside",
    "Failed payouts are retried 4 times.",
    "payout retries: 6 attempts with jitter (PR #812 merged)",
    true,
  ],
  [
    "from a release, without 'on'",
    "The Android target SDK is 33.",
    "From version 5.2, the Android target SDK is 34.",
    true,
  ],
  [
    "a merge as an event",
    "Failed payouts are retried 4 times.",
    "PR #812 is merged to main.",
    false,
  ],
];

retireCases(cases);
