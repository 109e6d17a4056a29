/**
 * Time phrases in text ("next April", "on Friday", "Q3 2027", "3 days ago", "2027-03-14")
 * resolved to spans of epoch milliseconds. Calendar arithmetic happens in an IANA time zone
 * through `Intl.DateTimeFormat`, with no date library. Pure: the caller passes `now`.
 *
 * Every phrase resolves to a span `[start, end)` of whole local days: a day phrase covers one
 * day, a month phrase the whole month, and so on. Where a phrase is ambiguous, one reading is
 * picked and documented on {@linkcode resolveTimePhrases}.
 *
 * @module
 */

/** A time phrase found in text, with the span it denotes. */
export interface TimePhrase {
  /** The phrase as written ("next April", "in May", "on Friday"). */
  readonly phrase: string;
  /** Start of the span, epoch ms (local midnight in the time zone). */
  readonly start: number;
  /** End of the span, epoch ms, exclusive. */
  readonly end: number;
  /** Offset of the phrase in the text (UTF-16 code units). */
  readonly index: number;
}

/** Options for {@linkcode resolveTimePhrases}. */
export interface TimePhraseOptions {
  /** The moment relative phrases resolve against, epoch ms. */
  readonly now: number;
  /** IANA time zone for calendar arithmetic. @default {"UTC"} */
  readonly timeZone?: string;
  /**
   * Which way a phrase without "next"/"last" points: "on Friday" in "we ship on Friday" is
   * ahead, in "the deploy failed on Friday" behind. Applies to weekdays, "in May" and "Q3".
   * @default {"future"}
   */
  readonly direction?: "future" | "past";
}

/** A calendar date in some time zone (month 1–12). */
interface CivilDate {
  readonly y: number;
  readonly m: number;
  readonly d: number;
}

type Span = readonly [CivilDate, CivilDate];

const MONTHS = [
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
const WEEKDAYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];
const NUMBER_WORDS: Readonly<Record<string, number>> = {
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

const MONTH = `(${MONTHS.join("|")})`;
/** Full names or abbreviations (abbreviations only where a day or year pins them down). */
const MONTH_ANY = `(${MONTHS.join("|")}|(?:${MONTH_ABBREVIATIONS.join("|")})\\.?)`;
const WEEKDAY = `(${WEEKDAYS.join("|")})`;
const COUNT = `(\\d{1,3}|${Object.keys(NUMBER_WORDS).join("|")})`;
const UNIT = "(days?|weeks?|months?|years?)";

interface Rule {
  readonly re: RegExp;
  readonly resolve: (m: RegExpExecArray, today: CivilDate, past: boolean) => Span | null;
}

const RULES: readonly Rule[] = [
  { // ISO 8601 date: 2027-03-14
    re: /\b(\d{4})-(\d{2})-(\d{2})\b/gi,
    resolve: (m) => daySpan(validDate(+m[1]!, +m[2]!, +m[3]!)),
  },
  { // 14 March 2027, 14th of March, 14 Mar
    re: new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)?(?: of)? ${MONTH_ANY}(?:,? (\\d{4}))?\\b`, "gi"),
    resolve: (m, today) => dayOfMonth(today, monthIndex(m[2]!), +m[1]!, m[3]),
  },
  { // March 14, 2027 · March 14th · Mar 14
    re: new RegExp(`\\b${MONTH_ANY} (\\d{1,2})(?:st|nd|rd|th)?(?:,? (\\d{4}))?\\b`, "gi"),
    resolve: (m, today) => dayOfMonth(today, monthIndex(m[1]!), +m[2]!, m[3]),
  },
  { // March 2027
    re: new RegExp(`\\b${MONTH_ANY},? (\\d{4})\\b`, "gi"),
    resolve: (m) => monthSpan(+m[2]!, monthIndex(m[1]!)),
  },
  { // Q3 2027, Q3
    re: /\bQ([1-4])(?:,? (\d{4}))?\b/gi,
    resolve: (m, today, past) => {
      const q = +m[1]!;
      const current = quarterOf(today.m);
      const year = m[2]
        ? +m[2]
        : past
        ? (q <= current ? today.y : today.y - 1)
        : (current <= q ? today.y : today.y + 1);
      return [{ y: year, m: q * 3 - 2, d: 1 }, addMonths({ y: year, m: q * 3 - 2, d: 1 }, 3)];
    },
  },
  { // next April · last April · this April
    re: new RegExp(`\\b(next|last|this|coming) ${MONTH}\\b`, "gi"),
    resolve: (m, today) => {
      const month = monthIndex(m[2]!);
      const which = m[1]!.toLowerCase();
      if (which === "next" || which === "coming") {
        return monthSpan(month > today.m ? today.y : today.y + 1, month);
      }
      if (which === "last") return monthSpan(month < today.m ? today.y : today.y - 1, month);
      return monthSpan(today.y, month);
    },
  },
  { // in May · by May · until May (this May if not yet over, else next year's) · since May
    re: new RegExp(
      `\\b(in|by|until|till|during|around|before|since|early|mid|late) ${MONTH}\\b`,
      "gi",
    ),
    resolve: (m, today, past) => {
      const month = monthIndex(m[2]!);
      const preposition = m[1]!.toLowerCase();
      const looksBack = preposition === "since" ||
        (past && !["by", "until", "till", "before"].includes(preposition));
      if (looksBack) return monthSpan(month <= today.m ? today.y : today.y - 1, month);
      return monthSpan(month >= today.m ? today.y : today.y + 1, month);
    },
  },
  { // by end of month · the end of next quarter
    re: /\b(?:by )?(?:the )?end of (?:the )?(this |next )?(week|month|quarter|year)\b/gi,
    resolve: (m, today) => {
      const [, end] = unitSpan(today, m[2]!.toLowerCase(), m[1] ? 1 : 0);
      return [addDays(end, -1), end];
    },
  },
  { // next week · last month · this year · next quarter
    re: /\b(next|last|this|coming) (week|month|quarter|year)\b/gi,
    resolve: (m, today) => {
      const which = m[1]!.toLowerCase();
      const offset = which === "next" || which === "coming" ? 1 : which === "last" ? -1 : 0;
      return unitSpan(today, m[2]!.toLowerCase(), offset);
    },
  },
  { // next weekend · this weekend
    re: /\b(next|this|last) weekend\b/gi,
    resolve: (m, today) => {
      const which = m[1]!.toLowerCase();
      const [monday] = unitSpan(today, "week", which === "next" ? 1 : which === "last" ? -1 : 0);
      return [addDays(monday, 5), addDays(monday, 7)];
    },
  },
  { // the day after tomorrow · the day before yesterday
    re: /\b(?:the )?day (after tomorrow|before yesterday)\b/gi,
    resolve: (m, today) =>
      daySpan(addDays(today, m[1]!.toLowerCase().startsWith("after") ? 2 : -2)),
  },
  { // today · tonight · tomorrow · yesterday · last night · this morning
    re: /\b(today|tonight|tomorrow|yesterday|last night|this (?:morning|afternoon|evening))\b/gi,
    resolve: (m, today) => {
      const word = m[1]!.toLowerCase();
      const offset = word === "tomorrow"
        ? 1
        : word === "yesterday" || word === "last night"
        ? -1
        : 0;
      return daySpan(addDays(today, offset));
    },
  },
  { // in 3 days · in two weeks · 3 months from now
    re: new RegExp(`\\b(?:in ${COUNT} ${UNIT}|${COUNT} ${UNIT} from (?:now|today))\\b`, "gi"),
    resolve: (m, today) => shifted(today, m[1] ?? m[3]!, m[2] ?? m[4]!, 1),
  },
  { // 3 days ago · a week ago
    re: new RegExp(`\\b${COUNT} ${UNIT} ago\\b`, "gi"),
    resolve: (m, today) => shifted(today, m[1]!, m[2]!, -1),
  },
  { // next Friday · last Friday · this Friday · on Friday · by Friday
    re: new RegExp(`\\b(?:(next|last|this|coming|on|by|until|before) )?${WEEKDAY}\\b`, "gi"),
    resolve: (m, today, past) => {
      const prefix = m[1]?.toLowerCase() ?? (past ? "last" : undefined);
      // A bare weekday is only a time phrase when written as a name ("Friday", not "friday").
      if (!m[1] && !/^[A-Z]/.test(m[2]!)) return null;
      const target = WEEKDAYS.indexOf(m[2]!.toLowerCase());
      const current = weekday(today);
      if (prefix === "last" || (past && prefix === "on")) {
        return daySpan(addDays(today, -(((current - target + 6) % 7) + 1)));
      }
      if (prefix === "this") return daySpan(addDays(today, (target - current + 7) % 7));
      const ahead = ((target - current + 6) % 7) + 1; // strictly after today: 1..7
      if (prefix === "next") {
        // Friday of next week: the upcoming one if it already falls in next week.
        const daysToNextMonday = ((8 - current) % 7) || 7;
        return daySpan(addDays(today, ahead >= daysToNextMonday ? ahead : ahead + 7));
      }
      return daySpan(addDays(today, ahead));
    },
  },
];

/**
 * Finds the time phrases in `text` and resolves each to a span of epoch milliseconds,
 * computed on the calendar of `timeZone` (default UTC). Results are in text order and never
 * overlap (the longest phrase at a position wins).
 *
 * Readings chosen for ambiguous phrases:
 * - "next April": the first April that starts after `now` (in November 2026: April 2027);
 *   "in May"/"by May": this May if it is not over yet, else next year's.
 * - "Q3": this year's third quarter unless it is over; "March 14" without a year: the
 *   occurrence nearest to `now`.
 * - "on Friday"/"Friday": the first Friday strictly after today; "next Friday": the Friday of
 *   next week (weeks start on Monday); "this Friday": this week's, today included.
 * - "by end of month": the last day of the month; "in 3 weeks", "3 days ago": that one day.
 *
 * @example Usage
 * ```ts
 * import { resolveTimePhrases } from "./time_phrase.ts";
 * import { deepEqual } from "node:assert/strict";
 *
 * const now = Date.UTC(2026, 10, 22); // 2026-11-22
 * const [april] = resolveTimePhrases("next April", { now });
 * deepEqual(april, {
 *   phrase: "next April",
 *   start: Date.UTC(2027, 3, 1),
 *   end: Date.UTC(2027, 4, 1),
 *   index: 0,
 * });
 * ```
 */
export function resolveTimePhrases(text: string, options: TimePhraseOptions): TimePhrase[] {
  const { now, timeZone = "UTC", direction = "future" } = options;
  const past = direction === "past";
  if (!Number.isFinite(now)) {
    throw new RangeError(`Cannot resolve time phrases: now must be a finite number, got ${now}`);
  }
  const calendar = calendarFor(timeZone);
  const today = calendar.civil(now);
  const found: TimePhrase[] = [];
  for (const rule of RULES) {
    rule.re.lastIndex = 0;
    for (let m = rule.re.exec(text); m !== null; m = rule.re.exec(text)) {
      if (/\bmay\b/.test(m[0])) continue; // lowercase "may" is the verb, not the month
      const span = rule.resolve(m, today, past);
      if (!span) continue;
      found.push({
        phrase: m[0],
        start: calendar.startOf(span[0]),
        end: calendar.startOf(span[1]),
        index: m.index,
      });
    }
  }
  found.sort((a, b) => a.index - b.index || b.phrase.length - a.phrase.length);
  const kept: TimePhrase[] = [];
  let reach = 0;
  for (const phrase of found) {
    if (phrase.index < reach) continue;
    kept.push(phrase);
    reach = phrase.index + phrase.phrase.length;
  }
  return kept;
}

// ---- calendar arithmetic ------------------------------------------------------------------

interface Calendar {
  /** The local calendar date of an instant. */
  civil(at: number): CivilDate;
  /** The instant of local midnight at the start of a date. */
  startOf(date: CivilDate): number;
}

const CALENDARS = new Map<string, Calendar>();

function calendarFor(timeZone: string): Calendar {
  const cached = CALENDARS.get(timeZone);
  if (cached) return cached;
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
      hourCycle: "h23",
      era: "short",
    });
  } catch (cause) {
    throw new RangeError(`Cannot resolve time phrases: unknown time zone "${timeZone}"`, { cause });
  }
  const fields = (at: number) => {
    const out: Record<string, string> = {};
    for (const part of format.formatToParts(at)) out[part.type] = part.value;
    const year = out.era === "BC" ? 1 - Number(out.year) : Number(out.year);
    return {
      y: year,
      m: Number(out.month),
      d: Number(out.day),
      h: Number(out.hour) % 24,
      min: Number(out.minute),
      s: Number(out.second),
    };
  };
  // Local wall time minus UTC, in ms, at an instant.
  const offsetAt = (at: number) => {
    const f = fields(at);
    return utc(f.y, f.m, f.d, f.h, f.min, f.s) - Math.floor(at / 1000) * 1000;
  };
  const calendar: Calendar = {
    civil(at) {
      const { y, m, d } = fields(at);
      return { y, m, d };
    },
    startOf(date) {
      const wall = utc(date.y, date.m, date.d);
      const first = wall - offsetAt(wall);
      const second = wall - offsetAt(first);
      return second;
    },
  };
  CALENDARS.set(timeZone, calendar);
  return calendar;
}

function utc(y: number, m: number, d: number, h = 0, min = 0, s = 0): number {
  const date = new Date(Date.UTC(2000, m - 1, d, h, min, s));
  date.setUTCFullYear(y); // Date.UTC maps years 0–99 to 1900–1999
  return date.getTime();
}

function fromUtc(ms: number): CivilDate {
  const date = new Date(ms);
  return { y: date.getUTCFullYear(), m: date.getUTCMonth() + 1, d: date.getUTCDate() };
}

function addDays(date: CivilDate, days: number): CivilDate {
  return fromUtc(utc(date.y, date.m, date.d) + days * 86_400_000);
}

function addMonths(date: CivilDate, months: number): CivilDate {
  const index = date.y * 12 + (date.m - 1) + months;
  const y = Math.floor(index / 12);
  const m = index - y * 12 + 1;
  return { y, m, d: Math.min(date.d, daysInMonth(y, m)) };
}

function daysInMonth(y: number, m: number): number {
  return fromUtc(utc(y, m + 1, 1) - 86_400_000).d;
}

function weekday(date: CivilDate): number {
  return new Date(utc(date.y, date.m, date.d)).getUTCDay();
}

function quarterOf(month: number): number {
  return Math.ceil(month / 3);
}

function monthIndex(name: string): number {
  const key = name.toLowerCase().replace(/\.$/, "").slice(0, 3);
  return MONTHS.findIndex((month) => month.startsWith(key)) + 1;
}

function validDate(y: number, m: number, d: number): CivilDate | null {
  if (m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m)) return null;
  return { y, m, d };
}

function daySpan(date: CivilDate | null): Span | null {
  return date ? [date, addDays(date, 1)] : null;
}

function monthSpan(y: number, m: number): Span {
  const first = { y, m, d: 1 };
  return [first, addMonths(first, 1)];
}

/** A day of a month; without a year, the occurrence nearest to today. */
function dayOfMonth(today: CivilDate, m: number, d: number, year: string | undefined): Span | null {
  if (year) return daySpan(validDate(+year, m, d));
  const base = utc(today.y, today.m, today.d);
  let best: CivilDate | null = null;
  for (const y of [today.y - 1, today.y, today.y + 1]) {
    const date = validDate(y, m, d);
    if (!date) continue;
    if (!best || Math.abs(utc(y, m, d) - base) < Math.abs(utc(best.y, best.m, best.d) - base)) {
      best = date;
    }
  }
  return daySpan(best);
}

/** The week (Monday first), month, quarter or year containing today, shifted by `offset`. */
function unitSpan(today: CivilDate, unit: string, offset: number): Span {
  if (unit === "week") {
    const monday = addDays(today, -((weekday(today) + 6) % 7) + 7 * offset);
    return [monday, addDays(monday, 7)];
  }
  if (unit === "year") {
    return [{ y: today.y + offset, m: 1, d: 1 }, { y: today.y + offset + 1, m: 1, d: 1 }];
  }
  const size = unit === "quarter" ? 3 : 1;
  const first = addMonths({ y: today.y, m: today.m - ((today.m - 1) % size), d: 1 }, size * offset);
  return [first, addMonths(first, size)];
}

/** The single day `count` units before (-1) or after (+1) today. */
function shifted(today: CivilDate, count: string, unit: string, sign: 1 | -1): Span {
  const n = (NUMBER_WORDS[count.toLowerCase()] ?? Number(count)) * sign;
  const kind = unit.toLowerCase().replace(/s$/, "");
  if (kind === "day") return [addDays(today, n), addDays(today, n + 1)];
  if (kind === "week") return [addDays(today, 7 * n), addDays(today, 7 * n + 1)];
  const day = addMonths(today, kind === "month" ? n : 12 * n);
  return [day, addDays(day, 1)];
}
