/**
 * Verbs that change a measure or move a date (`measure_verbs.ts`) and dates a schedule gives
 * (`scheduled.ts`), through `change()`: a verb such as "cut", "trimmed", "brought forward" or
 * "pushed back" is a change word only with a measure right after `to`/`by`/`from`; its other
 * senses ("cut the release on Friday", "pushed back on the proposal") change nothing, and a
 * dated act stays an event. Sentences written for these tests, not taken from the bench.
 */
import { changeCases } from "./change_cases_testing.ts";

/** [stored, incoming]: the incoming statement changes the stored one. */
const CHANGES: readonly [string, string][] = [
  ["The export job times out after 20 minutes.", "trimmed the export job timeout to 5 minutes"],
  ["Log retention is 90 days.", "log retention slashed to 30 days to save storage"],
  ["The worker pool has 8 threads.", "upped the worker pool to 12 threads"],
  ["The beta ends on 30 April.", "beta pushed back to 15 May"],
  ["The 2.0 release is scheduled for 9 June.", "2.0 release pulled forward to 2 June"],
  ["The design review is set for 4 February.", "design review postponed to 11 February"],
];

/** [stored, incoming]: nothing changes. */
const LOOKALIKES: readonly [string, string][] = [
  // Other senses of the verbs.
  ["Releases are cut on Fridays.", "we cut the 4.1 release on Friday"],
  ["The rollout is planned for 2 March.", "the team pushed back on the rollout plan"],
  // A dated act is an event, not a schedule.
  ["The signing keys are rotated every 90 days.", "Rotated the signing keys on 12 March."],
  // Another subject's measure.
  ["The export job times out after 20 minutes.", "trimmed the import job timeout to 5 minutes"],
];

changeCases("measure verbs", CHANGES, LOOKALIKES);
