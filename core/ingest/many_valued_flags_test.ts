/**
 * Objects of one many-valued verb add to each other (issue 15 build 3): neither the write path
 * nor the sweep flags them; a version told apart still is. Sentences written for these tests.
 */
import { type FlagCase, flagCases } from "../../tests/fixtures/flags.ts";

const cases: readonly FlagCase[] = [
  ["two platforms it ships on", "The game ships on Windows.", "The game ships on macOS.", "left"],
  [
    "two providers one can log in with",
    "Members can log in with Okta.",
    "Members can log in with Auth0.",
    "left",
  ],
  [
    "two SDKs it includes",
    "The backend includes the Stripe SDK.",
    "The backend includes the PayPal SDK.",
    "left",
  ],
  [
    "a version told apart",
    "The kiosk ships with Postgres 15.",
    "The kiosk ships with Postgres 14.",
    "flagged",
  ],
];

flagCases(cases);
