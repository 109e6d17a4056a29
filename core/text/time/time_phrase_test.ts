import { deepEqual, equal, throws } from "node:assert/strict";
import { resolveTimePhrases } from "./time_phrase.ts";

/** Sunday 2026-11-22, 15:00 UTC. */
const NOW = Date.UTC(2026, 10, 22, 15);

const day = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d);

/** phrase → [start, end) as UTC calendar dates, resolved against {@linkcode NOW}. */
const GOLDEN: ReadonlyArray<readonly [string, number, number]> = [
  ["today", day(2026, 11, 22), day(2026, 11, 23)],
  ["tomorrow", day(2026, 11, 23), day(2026, 11, 24)],
  ["yesterday", day(2026, 11, 21), day(2026, 11, 22)],
  ["the day after tomorrow", day(2026, 11, 24), day(2026, 11, 25)],
  ["next week", day(2026, 11, 23), day(2026, 11, 30)],
  ["last week", day(2026, 11, 9), day(2026, 11, 16)],
  ["this week", day(2026, 11, 16), day(2026, 11, 23)],
  ["next month", day(2026, 12, 1), day(2027, 1, 1)],
  ["last month", day(2026, 10, 1), day(2026, 11, 1)],
  ["next year", day(2027, 1, 1), day(2028, 1, 1)],
  ["last year", day(2025, 1, 1), day(2026, 1, 1)],
  ["next quarter", day(2027, 1, 1), day(2027, 4, 1)],
  ["next April", day(2027, 4, 1), day(2027, 5, 1)],
  ["next December", day(2026, 12, 1), day(2027, 1, 1)],
  ["last April", day(2026, 4, 1), day(2026, 5, 1)],
  ["in May", day(2027, 5, 1), day(2027, 6, 1)],
  ["in November", day(2026, 11, 1), day(2026, 12, 1)],
  ["by December", day(2026, 12, 1), day(2027, 1, 1)],
  ["since March", day(2026, 3, 1), day(2026, 4, 1)],
  ["on Friday", day(2026, 11, 27), day(2026, 11, 28)],
  ["next Friday", day(2026, 11, 27), day(2026, 11, 28)],
  ["last Friday", day(2026, 11, 20), day(2026, 11, 21)],
  ["on Sunday", day(2026, 11, 29), day(2026, 11, 30)],
  ["this Sunday", day(2026, 11, 22), day(2026, 11, 23)],
  ["in 3 days", day(2026, 11, 25), day(2026, 11, 26)],
  ["in two weeks", day(2026, 12, 6), day(2026, 12, 7)],
  ["in 3 months", day(2027, 2, 22), day(2027, 2, 23)],
  ["in a year", day(2027, 11, 22), day(2027, 11, 23)],
  ["3 days ago", day(2026, 11, 19), day(2026, 11, 20)],
  ["a week ago", day(2026, 11, 15), day(2026, 11, 16)],
  ["2 months ago", day(2026, 9, 22), day(2026, 9, 23)],
  ["10 days from now", day(2026, 12, 2), day(2026, 12, 3)],
  ["by end of month", day(2026, 11, 30), day(2026, 12, 1)],
  ["by the end of next month", day(2026, 12, 31), day(2027, 1, 1)],
  ["end of year", day(2026, 12, 31), day(2027, 1, 1)],
  ["Q3", day(2027, 7, 1), day(2027, 10, 1)],
  ["Q4", day(2026, 10, 1), day(2027, 1, 1)],
  ["Q3 2027", day(2027, 7, 1), day(2027, 10, 1)],
  ["March 2027", day(2027, 3, 1), day(2027, 4, 1)],
  ["2027-03-14", day(2027, 3, 14), day(2027, 3, 15)],
  ["14 March 2027", day(2027, 3, 14), day(2027, 3, 15)],
  ["14th of March", day(2027, 3, 14), day(2027, 3, 15)],
  ["March 14", day(2027, 3, 14), day(2027, 3, 15)],
  ["March 14th, 2025", day(2025, 3, 14), day(2025, 3, 15)],
  ["Sept 2, 2027", day(2027, 9, 2), day(2027, 9, 3)],
  ["October 3", day(2026, 10, 3), day(2026, 10, 4)],
];

Deno.test("resolveTimePhrases() resolves each golden phrase to its span (UTC)", async (t) => {
  for (const [phrase, start, end] of GOLDEN) {
    await t.step(phrase, () => {
      deepEqual(resolveTimePhrases(phrase, { now: NOW }), [{ phrase, start, end, index: 0 }]);
    });
  }
});

Deno.test("resolveTimePhrases() finds phrases inside sentences, in text order, without overlaps", () => {
  const text = "We ship on Friday, review 14 March 2027 and revisit it in Q3 2027.";
  const found = resolveTimePhrases(text, { now: NOW });
  deepEqual(found.map((p) => p.phrase), ["on Friday", "14 March 2027", "Q3 2027"]);
  for (const p of found) equal(text.slice(p.index, p.index + p.phrase.length), p.phrase);
});

Deno.test("resolveTimePhrases() keeps the preposition that sets the reading", () => {
  const [may] = resolveTimePhrases("actually we're going in May instead", { now: NOW });
  deepEqual(may, { phrase: "in May", start: day(2027, 5, 1), end: day(2027, 6, 1), index: 21 });
});

Deno.test("resolveTimePhrases() ignores the verb 'may', lowercase weekdays and version numbers", () => {
  deepEqual(resolveTimePhrases("we may need friday's build of v2.1.3", { now: NOW }), []);
  deepEqual(resolveTimePhrases("nothing to see here", { now: NOW }), []);
});

Deno.test("resolveTimePhrases() does calendar arithmetic in the given time zone", async (t) => {
  await t.step("a day starts at local midnight", () => {
    // 23:30 UTC on the 22nd is already the 23rd in Tokyo (UTC+9).
    const [today] = resolveTimePhrases("today", {
      now: Date.UTC(2026, 10, 22, 23, 30),
      timeZone: "Asia/Tokyo",
    });
    equal(today?.start, Date.UTC(2026, 10, 22, 15));
    equal(today?.end, Date.UTC(2026, 10, 23, 15));
  });
  await t.step("a day across a DST change lasts 25 hours", () => {
    // New York leaves daylight time on 2026-11-01.
    const [tomorrow] = resolveTimePhrases("tomorrow", {
      now: Date.UTC(2026, 9, 31, 16),
      timeZone: "America/New_York",
    });
    equal(tomorrow?.start, Date.UTC(2026, 10, 1, 4));
    equal(tomorrow?.end, Date.UTC(2026, 10, 2, 5));
  });
  await t.step("months follow the local offset", () => {
    const [april] = resolveTimePhrases("next April", { now: NOW, timeZone: "Europe/Berlin" });
    equal(april?.start, Date.UTC(2027, 2, 31, 22));
    equal(april?.end, Date.UTC(2027, 3, 30, 22));
  });
});

Deno.test("resolveTimePhrases() refuses an unknown time zone and a non-finite now", () => {
  throws(() => resolveTimePhrases("today", { now: NOW, timeZone: "Mars/Olympus" }), RangeError);
  throws(() => resolveTimePhrases("today", { now: Number.NaN }), RangeError);
});

Deno.test("resolveTimePhrases() clamps month arithmetic to the month's last day", () => {
  const [later] = resolveTimePhrases("in 1 month", { now: Date.UTC(2027, 0, 31) });
  equal(later?.start, Date.UTC(2027, 1, 28));
});

Deno.test("resolveTimePhrases() reads weekdays, months and quarters backwards in the past", () => {
  const past = (text: string) => resolveTimePhrases(text, { now: NOW, direction: "past" })[0];
  equal(past("on Friday")?.start, day(2026, 11, 20));
  equal(past("in May")?.start, day(2026, 5, 1));
  equal(past("in December")?.start, day(2025, 12, 1));
  equal(past("Q4")?.start, day(2026, 10, 1));
  equal(past("Q1")?.start, day(2026, 1, 1));
  // Explicit phrases do not change with the direction.
  equal(past("next Friday")?.start, day(2026, 11, 27));
  equal(past("by May")?.start, day(2027, 5, 1));
});
