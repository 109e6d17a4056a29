/**
 * People taking over a role, through `change()`: a person named as leaving ("Kim moved to the
 * infra team", "Jo went part-time", "Ada stepped down") beside a new holder names the stored
 * holder as the old one (`leaving.ts`); a name does not run into a parenthesis; when a hand-over
 * happened is no part of the old holder's name. Sentences written for these tests, not taken
 * from the bench.
 */
import { changeCases } from "./change_cases_testing.ts";

/** [stored, incoming]: the incoming statement changes the stored one. */
const CHANGES: readonly [string, string][] = [
  [
    "The release checklist is maintained by Kim.",
    "release checklist maintainer: Bo (Kim moved to the infra team)",
  ],
  ["Design reviews are run by Jo.", "design reviews: Pat runs them now, Jo went part-time"],
  ["The billing runbook is owned by Ada.", "billing runbook owner: Lin, Ada stepped down in June"],
];

/** [stored, incoming]: nothing changes. */
const LOOKALIKES: readonly [string, string][] = [
  // A thing moved, not a person.
  ["The release checklist is maintained by Kim.", "Kafka moved to Confluent Cloud last week"],
  // A statement opened by a thing that moved, the holder's name elsewhere.
  ["The payments runbook is owned by Ada.", "Payments moved to Adyen, runbook owner unchanged"],
  // On leave for a while: someone covers.
  ["The docs are maintained by Kim.", "Docs maintainer: Bo, Kim is on leave until May"],
  // Someone else leaving another role.
  [
    "The release checklist is maintained by Kim.",
    "on-call roster: Bo (Ravi moved to the infra team)",
  ],
];

changeCases("leaving", CHANGES, LOOKALIKES);
