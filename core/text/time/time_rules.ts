/**
 * The time phrase patterns ("next April", "on Friday", "Q3 2027", "3 days ago", "2027-03-14")
 * and how each resolves to a span of local days against today, looking ahead or back.
 *
 * @module
 */
import {
  addDays,
  addMonths,
  type CivilDate,
  daySpan,
  monthSpan,
  quarterOf,
  type Span,
  unitSpan,
  utc,
  validDate,
  weekday,
} from "./calendar.ts";
import {
  COUNT,
  MONTH,
  MONTH_ANY,
  monthIndex,
  NUMBER_WORDS,
  UNIT,
  WEEKDAY,
  WEEKDAYS,
} from "./time_words.ts";

/** A time phrase pattern and how a match resolves against today. */
export interface Rule {
  readonly re: RegExp;
  readonly resolve: (m: RegExpExecArray, today: CivilDate, past: boolean) => Span | null;
}

/** Every time phrase pattern; matches of several may overlap (the longest wins). */
export const RULES: readonly Rule[] = [
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

/** The single day `count` units before (-1) or after (+1) today. */
function shifted(today: CivilDate, count: string, unit: string, sign: 1 | -1): Span {
  const n = (NUMBER_WORDS[count.toLowerCase()] ?? Number(count)) * sign;
  const kind = unit.toLowerCase().replace(/s$/, "");
  if (kind === "day") return [addDays(today, n), addDays(today, n + 1)];
  if (kind === "week") return [addDays(today, 7 * n), addDays(today, 7 * n + 1)];
  const day = addMonths(today, kind === "month" ? n : 12 * n);
  return [day, addDays(day, 1)];
}
