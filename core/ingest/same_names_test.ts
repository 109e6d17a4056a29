/**
 * A change that names the stored fact's subject in other words retires it (issue 16 item 3,
 * `compare/same_names.ts`); another subject of the same kind is left alone. Sentences written
 * for these tests.
 */
import { flagCases } from "../../tests/fixtures/flags.ts";
import { retireCases } from "../../tests/fixtures/retires.ts";

retireCases([
  [
    "a word for a kind",
    "Deploy passwords are rotated every 90 days.",
    "Deploy credentials now rotate every 30 days.",
    true,
  ],
  [
    "two members of a kind",
    "Deploy passwords are rotated every 90 days.",
    "Deploy tokens now rotate every 30 days.",
    false,
  ],
  [
    "one word written as two",
    "The back office runs Angular 15.",
    "backoffice upgraded to angular 17",
    true,
  ],
  [
    "words that only look like a compound's parts",
    "The front office runs Angular 15.",
    "backoffice upgraded to angular 17",
    false,
  ],
  [
    "words of one meaning",
    "Staff laptops are managed with Jamf.",
    "Employee laptops are now managed with Kandji.",
    true,
  ],
  [
    "another group of people",
    "Staff laptops are managed with Jamf.",
    "Contractor laptops are now managed with Kandji.",
    false,
  ],
]);

// Found although the two share no word as written (`compare/spellings.ts` in the neighbour query).
flagCases([
  ["spellings", "The prod DB is PostgreSQL 15.", "production database: postgres 14", "flagged"],
  [
    "spellings, another environment",
    "The dev DB is PostgreSQL 15.",
    "production database: postgres 14",
    "left",
  ],
]);
