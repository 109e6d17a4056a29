/**
 * Values recognised by their shape alone: ticket ids (`WEB-771`, `#2041`, `CVE-2024-3094`),
 * dates and periods (`2026-04-03`, `March 3`, `Q2`, `yesterday`, `Sprint 41`), times of day
 * (`10:15`, `10am`), cron lines, cloud regions (`us-east-1`, `europe-west1`), locales
 * (`en-US`), hosts, e-mail addresses, paths and file names, packages (`@acme/utils`) and
 * channels (`#alerts-prod`).
 *
 * @module
 */
import { MONTHS, WEEKDAYS } from "./lexicon.ts";
import type { Token } from "./tokens.ts";

/** Ticket, issue, PR and CVE ids: they name a subject, they are never its value. */
export function isTicket(t: Token): boolean {
  return /^[A-Z][A-Z0-9]{1,9}-\d+$/.test(t.text) || /^#\d+$/.test(t.text) ||
    /^cve-\d{4}-\d{3,}$/.test(t.lower);
}

const REGION =
  /^(?:(?:us|eu|ap|sa|ca|me|af|il|cn|mx)-(?:gov-)?(?:east|west|north|south|central|northeast|northwest|southeast|southwest)-\d|(?:us|europe|asia|australia|northamerica|southamerica|me|africa)-(?:east|west|north|south|central|northeast|northwest|southeast|southwest)\d|(?:east|west|north|south|central|westcentral|northcentral|southcentral)us\d?|(?:north|west)europe|uk(?:south|west)|(?:east|southeast)asia|(?:japan|australia|canada|korea|france|germany|switzerland|norway|uae|brazil)(?:east|west|central|south|north|southeast)\d?|fra\d|ams\d)$/;

/** A cloud region id. */
export function isRegion(t: Token): boolean {
  return t.kind === "word" && REGION.test(t.lower);
}

/** A locale (`en-US`, `pt_BR`). */
export function isLocale(t: Token): boolean {
  return /^[a-z]{2}[-_][A-Z]{2}$/.test(t.text);
}

const TLD =
  /\.(?:com|io|dev|net|org|app|co|ai|cloud|sh|me|xyz|tech|internal|local|test|example|site|so|gg|us|eu|de|uk|fr|nl|in|corp|lan|svc|cluster\.local)$/;
const FILE =
  /\.(?:md|mdx|json|jsonc|ya?ml|toml|ts|tsx|js|jsx|cjs|mjs|py|rb|go|rs|lock|txt|env|sh|cfg|ini|conf|sql|proto|xml|html|css|scss|lock|mod|sum|gradle|kts|plist|tf|tfvars|hcl|dockerfile|csv|parquet)$/;

/** The shape of an identifier-like value, or null for a plain word. */
export function shapeOf(t: Token): "url" | "host" | "path" | "ident" | null {
  if (t.kind === "url") return "url";
  if (t.kind !== "word" && t.kind !== "code") return null;
  const s = t.lower;
  if (/^[^@\s]+@[^@\s]+\.[a-z]{2,}$/.test(s)) return "host";
  if (/^[a-z0-9-]+(?:\.[a-z0-9-]+)+$/.test(s) && TLD.test(s)) return "host";
  if (/^[.~]?\/|\/$/.test(s) || /^[\w.-]+\/[\w./-]+$/.test(s) && !s.startsWith("@")) return "path";
  if (FILE.test(s) || /^\.[a-z][\w.-]*$/.test(s)) return "path";
  if (/^[@#][\w./-]+$/.test(s)) return "ident";
  if (!/[a-z0-9]/.test(s)) return null;
  if (/[_:=]/.test(s) || /\d/.test(s) && /[a-z]/.test(s) && /[-.]/.test(s)) return "ident";
  return null;
}

/** Time zones written after a time. */
const ZONES =
  /^(?:utc|gmt|cet|cest|eet|eest|wet|bst|ist|jst|kst|sgt|aest|aedt|pt|pst|pdt|et|est|edt|ct|cst|cdt|mt|mst|mdt|local)$/;

/** A time of day as `HH:MM` (`10:15`, `9:30`, `10am`, `5 pm`, `noon`) or a slot (`01:00-03:00`), or null. */
export function timeOf(tokens: readonly Token[], i: number): { norm: string; end: number } | null {
  const t = tokens[i]!.lower;
  // Hours from one to another before a time zone: "9-17 CET", "8-20 UTC".
  const hours = /^(\d{1,2})[-–](\d{1,2})$/.exec(t);
  if (
    hours && Number(hours[1]) < 24 && Number(hours[2]) <= 24 &&
    ZONES.test(tokens[i + 1]?.lower ?? "")
  ) {
    const hh = (h: string) => h.padStart(2, "0");
    return { norm: `${hh(hours[1]!)}:00-${hh(hours[2]!)}:00`, end: i + 1 };
  }
  // A slot from one time to another: "01:00-03:00", "22:00–00:00".
  const range = /^(\d{1,2}):(\d{2})[-–](\d{1,2}):(\d{2})$/.exec(t);
  if (range && Number(range[1]) < 24 && Number(range[3]) < 24) {
    const hh = (h: string) => h.padStart(2, "0");
    return { norm: `${hh(range[1]!)}:${range[2]}-${hh(range[3]!)}:${range[4]}`, end: i + 1 };
  }
  const next = tokens[i + 1]?.lower ?? "";
  let m = /^(\d{1,2}):(\d{2})(am|pm)?$/.exec(t);
  let end = i + 1;
  let meridiem = m?.[3];
  if (!m) {
    m = /^(\d{1,2})(am|pm)$/.exec(t) ??
      (/^\d{1,2}$/.test(t) && /^(?:am|pm|a\.m|p\.m)$/.test(next)
        ? [t, t, "00"] as unknown as RegExpExecArray
        : null);
    if (m && !m[3] && /^(?:am|pm|a\.m|p\.m)$/.test(next)) {
      meridiem = next.startsWith("p") ? "pm" : "am";
      end = i + 2;
    } else if (m) meridiem = m[2];
    if (m) m = [m[0], m[1]!, "00"] as unknown as RegExpExecArray;
  }
  // "friday at 11": an hour after a weekday's "at", the clause ending there.
  const after = tokens[i + 1];
  if (
    !m && /^\d{1,2}$/.test(t) && tokens[i - 1]?.lower === "at" &&
    WEEKDAYS.has(tokens[i - 2]?.lower ?? "") &&
    (!after || after.kind === "punct" || after.clause !== tokens[i]!.clause)
  ) m = [t, t, "00"] as unknown as RegExpExecArray;
  if (!m) {
    if (t === "noon" || t === "midday") return { norm: "12:00", end };
    if (t === "midnight") return { norm: "00:00", end };
    return null;
  }
  let hour = Number(m[1]);
  if (meridiem === "pm" && hour < 12) hour += 12;
  if (meridiem === "am" && hour === 12) hour = 0;
  if (hour > 23) return null;
  return { norm: `${String(hour).padStart(2, "0")}:${m[2]}`, end };
}

/** A cron line `M H * * *` as the time of day it runs, else the line itself. */
export function cronOf(code: string): { slot: string; norm: string } | null {
  const fields = code.trim().split(/\s+/);
  if (fields.length !== 5 || !fields.every((f) => /^[\d*/,\-a-z]+$/i.test(f))) return null;
  const [minute, hour, day, month, weekday] = fields;
  if (
    /^\d+$/.test(minute!) && /^\d+$/.test(hour!) && day === "*" && month === "*" && weekday === "*"
  ) {
    return { slot: "time", norm: `${hour!.padStart(2, "0")}:${minute!.padStart(2, "0")}` };
  }
  return { slot: "schedule", norm: fields.join(" ") };
}

const RELATIVE = new Set(["yesterday", "today", "tonight", "tomorrow", "yesterday's", "today's"]);
const PERIOD_AFTER = new Set([
  "week",
  "month",
  "year",
  "quarter",
  "sprint",
  "night",
  "weekend",
  "morning",
  "afternoon",
  "evening",
  "time",
]);

/**
 * A date or period at `i` (an event's time, not a value of a standing fact): ISO dates,
 * `March 3`, `3 March`, `Q2 2026`, years after `in`/`since`/`until`, `Sprint 41`, `yesterday`,
 * `last Friday`, `this week`. Null when there is none.
 */
export function dateOf(tokens: readonly Token[], i: number): { norm: string; end: number } | null {
  const t = tokens[i]!;
  const s = t.lower;
  const next = tokens[i + 1]?.lower ?? "";
  if (/^\d{4}-\d{2}-\d{2}(?:t[\d:.z+-]+)?$/.test(s)) return { norm: s.slice(0, 10), end: i + 1 };
  if (/^\d{1,2}\/\d{1,2}\/\d{2,4}$/.test(s)) return { norm: s, end: i + 1 };
  // A month of a year: "the 2026-02 load test".
  if (/^(?:19|20)\d{2}-(?:0[1-9]|1[0-2])$/.test(s)) return { norm: s, end: i + 1 };
  if (MONTHS.has(s) && (t.cap || s.length > 3)) {
    if (s === "may" && !t.cap) return null;
    const day = /^(\d{1,2})(?:st|nd|rd|th)?$/.exec(next);
    if (day) {
      const year = /^\d{4}$/.test(tokens[i + 2]?.lower ?? "") ? tokens[i + 2]!.lower : "";
      return { norm: `${year}${MONTHS.get(s)}-${day[1]}`, end: year ? i + 3 : i + 2 };
    }
    if (/^\d{4}$/.test(next)) return { norm: `${next}-${MONTHS.get(s)}`, end: i + 2 };
    // A bare "Jun" or "Mar" is a month after a word of time only; else it may be a name.
    if (
      s.length <= 3 &&
      !/^(?:in|since|until|till|by|from|before|after|of|early|late|mid|last|next|this|end|start)$/
        .test(tokens[i - 1]?.lower ?? "")
    ) {
      return null;
    }
    return { norm: `m${MONTHS.get(s)}`, end: i + 1 };
  }
  if (/^\d{1,2}(?:st|nd|rd|th)?$/.test(s) && MONTHS.has(next) && tokens[i + 1]!.cap) {
    return { norm: `${MONTHS.get(next)}-${Number.parseInt(s)}`, end: i + 2 };
  }
  if (/^[qh][1-4]$/.test(s)) {
    return /^\d{4}$/.test(next) ? { norm: `${next}${s}`, end: i + 2 } : { norm: s, end: i + 1 };
  }
  if (
    /^(?:19|20)\d{2}$/.test(s) &&
    /^(?:in|since|until|till|back|of|from|before|after|by|early|late|mid)$/.test(
      tokens[i - 1]?.lower ?? "",
    )
  ) {
    return { norm: s, end: i + 1 };
  }
  if (s === "sprint" && /^\d+$/.test(next)) return { norm: `sprint ${next}`, end: i + 2 };
  if (RELATIVE.has(s)) return { norm: s.replace("'s", ""), end: i + 1 };
  if (
    (s === "last" || s === "this" || s === "next" || s === "earlier") &&
    (PERIOD_AFTER.has(next) || /^(?:mon|tues|wednes|thurs|fri|satur|sun)day(?:'s)?$/.test(next))
  ) {
    return { norm: `${s} ${next}`, end: i + 2 };
  }
  if (/^(?:mon|tues|wednes|thurs|fri|satur|sun)day$/.test(s) && t.possessive) {
    return { norm: s, end: i + 1 };
  }
  return null;
}
