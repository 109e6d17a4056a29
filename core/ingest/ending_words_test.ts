/**
 * More words of ending (issue 16 item 3, `ending_words.ts`): the stored value said to have
 * been shut, wiped, ended, discontinued, closing, with another value given, retires it; the
 * same words of another thing leave it. Sentences written for these tests.
 */
import { type RetireCase, retireCases } from "../../tests/fixtures/retires.ts";

const cases: readonly RetireCase[] = [
  [
    "the stored value closes",
    "Staff chat happens in Slack.",
    "Staff chat: Microsoft Teams. The Slack workspace closes in June.",
    true,
  ],
  [
    "the stored value was discontinued",
    "Error tracking uses Rollbar.",
    "Error tracking: Sentry. Rollbar was discontinued for us last month.",
    true,
  ],
  [
    "another thing closes",
    "Staff chat happens in Slack.",
    "The Zoom account closes in June.",
    false,
  ],
];

retireCases(cases);
