/**
 * The words of time phrases: month and day names, counts written as words, calendar units,
 * and the regular-expression fragments the time rules are built from.
 *
 * @module
 */

/** Month names, January first. */
export const MONTHS = [
  "january",
  "february",
  "march",
  "april",
  "may",
  "june",
  "july",
  "august",
  "september",
  "october",
  "november",
  "december",
] as const;
/** Their abbreviations, as patterns. */
const MONTH_ABBREVIATIONS = [
  "jan",
  "feb",
  "mar",
  "apr",
  "may",
  "jun",
  "jul",
  "aug",
  "sept?",
  "oct",
  "nov",
  "dec",
];
/** Day names, Sunday first. */
export const WEEKDAYS = [
  "sunday",
  "monday",
  "tuesday",
  "wednesday",
  "thursday",
  "friday",
  "saturday",
];
/** Counts written as words. */
export const NUMBER_WORDS: Readonly<Record<string, number>> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
};

/** Pattern: a full month name (captured). */
export const MONTH = `(${MONTHS.join("|")})`;
/** Full names or abbreviations (abbreviations only where a day or year pins them down). */
export const MONTH_ANY = `(${MONTHS.join("|")}|(?:${MONTH_ABBREVIATIONS.join("|")})\\.?)`;
/** Pattern: a day name (captured). */
export const WEEKDAY = `(${WEEKDAYS.join("|")})`;
/** Pattern: a count, in digits or words (captured). */
export const COUNT = `(\\d{1,3}|${Object.keys(NUMBER_WORDS).join("|")})`;
/** Pattern: a calendar unit (captured). */
export const UNIT = "(days?|weeks?|months?|years?)";

/** Month number (1–12) of a month name or abbreviation. */
export function monthIndex(name: string): number {
  const key = name.toLowerCase().replace(/\.$/, "").slice(0, 3);
  return MONTHS.findIndex((month) => month.startsWith(key)) + 1;
}
