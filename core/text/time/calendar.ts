/**
 * Calendar arithmetic in an IANA time zone through `Intl.DateTimeFormat`, with no date
 * library: civil dates, local midnights, adding days and months, and the spans of whole days,
 * months and quarters that time phrases resolve to.
 *
 * @module
 */

/** A calendar date in some time zone (month 1–12). */
export interface CivilDate {
  readonly y: number;
  readonly m: number;
  readonly d: number;
}

/** A span of whole local days: its first day and the day after its last. */
export type Span = readonly [CivilDate, CivilDate];

/** Calendar arithmetic in one time zone. */
export interface Calendar {
  /** The local calendar date of an instant. */
  civil(at: number): CivilDate;
  /** The instant of local midnight at the start of a date. */
  startOf(date: CivilDate): number;
}

const CALENDARS = new Map<string, Calendar>();

/** The calendar of an IANA time zone (cached); a RangeError for an unknown zone. */
export function calendarFor(timeZone: string): Calendar {
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

/** Epoch ms of a UTC wall time (years 0–99 kept as written). */
export function utc(y: number, m: number, d: number, h = 0, min = 0, s = 0): number {
  const date = new Date(Date.UTC(2000, m - 1, d, h, min, s));
  date.setUTCFullYear(y); // Date.UTC maps years 0–99 to 1900–1999
  return date.getTime();
}

/** The UTC calendar date of an instant. */
export function fromUtc(ms: number): CivilDate {
  const date = new Date(ms);
  return { y: date.getUTCFullYear(), m: date.getUTCMonth() + 1, d: date.getUTCDate() };
}

/** The date `days` after `date` (before, when negative). */
export function addDays(date: CivilDate, days: number): CivilDate {
  return fromUtc(utc(date.y, date.m, date.d) + days * 86_400_000);
}

/** The date `months` after `date`, its day clamped to the month's length. */
export function addMonths(date: CivilDate, months: number): CivilDate {
  const index = date.y * 12 + (date.m - 1) + months;
  const y = Math.floor(index / 12);
  const m = index - y * 12 + 1;
  return { y, m, d: Math.min(date.d, daysInMonth(y, m)) };
}

/** Days in month `m` of year `y`. */
export function daysInMonth(y: number, m: number): number {
  return fromUtc(utc(y, m + 1, 1) - 86_400_000).d;
}

/** Day of the week of a date, 0 = Sunday. */
export function weekday(date: CivilDate): number {
  return new Date(utc(date.y, date.m, date.d)).getUTCDay();
}

/** Quarter (1–4) of a month (1–12). */
export function quarterOf(month: number): number {
  return Math.ceil(month / 3);
}

/** The date, or null when it does not exist (February 30). */
export function validDate(y: number, m: number, d: number): CivilDate | null {
  if (m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m)) return null;
  return { y, m, d };
}

/** The one-day span of a date; null for null. */
export function daySpan(date: CivilDate | null): Span | null {
  return date ? [date, addDays(date, 1)] : null;
}

/** The span of month `m` of year `y`. */
export function monthSpan(y: number, m: number): Span {
  const first = { y, m, d: 1 };
  return [first, addMonths(first, 1)];
}

/** The week (Monday first), month, quarter or year containing today, shifted by `offset`. */
export function unitSpan(today: CivilDate, unit: string, offset: number): Span {
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
