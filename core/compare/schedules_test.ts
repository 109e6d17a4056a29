/**
 * Schedules through `change()`: "from <when> on" says from when the statement holds
 * (`from_on.ts`), a slot of time is one value ("01:00-03:00"), and a verb of moving in a
 * parenthesis notes that the statement's own value moved ("(moved for the holidays)").
 * Sentences written for these tests, not taken from the bench.
 */
import { changeCases } from "./change_cases_testing.ts";

/** [stored, incoming]: the incoming statement changes the stored one. */
const CHANGES: readonly [string, string][] = [
  ["Sprint planning is Monday 10:00.", "From next sprint on, sprint planning is Tuesday 14:00."],
  [
    "The deploy freeze starts Friday 16:00.",
    "deploy freeze begins Thursday 18:00 from March onwards",
  ],
  ["Backups run Saturday 02:00-04:00 UTC.", "From Q3 on backups run Sunday 01:00-03:00 UTC"],
  [
    "The weekly report is sent at 08:00.",
    "weekly report goes out at 07:15 (moved to beat the standup)",
  ],
  // "From <when>" opening the statement, without "on".
  ["The Android target SDK is 33.", "From version 5.2, the Android target SDK is 34."],
  // Hours before a time zone are a slot.
  ["The help desk is staffed 8-16 UTC.", "From January, the help desk is staffed 7-19 UTC."],
  // A quarter before a noun names the thing ("the H2 kickoff"), not when something happened.
  ["The H2 kickoff is planned for 7 July.", "H2 kickoff pushed back to 14 July"],
];

/** [stored, incoming]: nothing changes. */
const LOOKALIKES: readonly [string, string][] = [
  // "from … on" that is no point in time.
  ["The image is pulled at 06:00.", "the image is pulled from the registry on every deploy"],
  // Another thing's slot.
  [
    "Backups run Saturday 02:00-04:00 UTC.",
    "From Q3 on the maintenance window is Sunday 01:00-03:00 UTC",
  ],
  // A time of another day, the stored slot untouched.
  ["Sprint planning is Monday 10:00.", "From next sprint on, sprint review is Friday 15:00."],
  // The same date said again: the schedule held.
  ["The beta ends on 30 April.", "The beta ended on 30 April."],
  // A span, not a point from which it holds.
  ["The help desk is staffed 8-16 UTC.", "From 9 to 5 the chat widget is staffed by the EU team."],
];

changeCases("schedules", CHANGES, LOOKALIKES);
