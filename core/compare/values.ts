/**
 * The values a statement states, each in a slot that names its attribute: technologies by
 * category (`tech:database`), their versions (`version:node`), choices (`choice:log level`),
 * quantities (`qty:duration`, `count:connection`, `num`), ports, regions, locales, times and
 * days, dates (an event's time), URLs, hosts, paths and names. What is left of the statement
 * is its subject; ticket ids and identifiers in subject position are kept for it.
 *
 * @module
 */
import { languageLocale } from "./intl.ts";
import { scheduledDate } from "./scheduled.ts";
import { CHOICES, type Entry, SOFT, TECH, WEEKDAYS } from "./lexicon.ts";
import { moneyAt } from "./money.ts";
import { portFrame } from "./port_frames.ts";
import { readNumber, versionOf } from "./numbers.ts";
import { attributeWords } from "./terms.ts";
import { cronOf, dateOf, isLocale, isRegion, isTicket, shapeOf, timeOf } from "./shapes.ts";
import type { Token } from "./tokens.ts";
import { type Value, value, VERSION } from "./value_types.ts";
import { STOPWORDS } from "../text/stopwords.ts";

/** The values of a statement, the tokens they use, and identifiers that name its subject. */
export interface ValueReading {
  readonly values: Value[];
  readonly used: boolean[];
  /** Identifiers in subject position (ticket ids, `reindex-products`, `step#5`) by token. */
  readonly identifiers: Map<number, string>;
}

/** Words after which a code span or identifier is a value, not the subject. */
/** Verbs only people do: a capitalised name before one is a person, not a technology. */
const PERSON_VERBS =
  /^(?:prefers|wants|likes|dislikes|hates|asks|asked|insists|thinks|says|said|loves|expects|requests)$/;

const VALUE_INTRO = new Set(
  "is are was were be been = : named called as to into at says say set with via using".split(" "),
);
const ARTICLES = new Set(["the", "a", "an", "our", "its", "their", "this", "that", "new", "old"]);

/** The longest lexicon entry at `i` (all entries of that length merged), with where it ends. */
export function entryAt(
  index: ReadonlyMap<string, readonly Entry[]>,
  tokens: readonly Token[],
  i: number,
  words: ReadonlySet<string>,
): { entry: Entry; slots: string[]; end: number } | null {
  const candidates = index.get(tokens[i]!.lower);
  if (!candidates) return null;
  let best: { entry: Entry; slots: string[]; end: number } | null = null;
  for (const entry of candidates) {
    const n = entry.tokens.length;
    if (best && n < best.end - i) break;
    if (!entry.tokens.every((w, k) => tokens[i + k]?.lower === w)) continue;
    // A name that says a needed word itself ("squash-merged") names its attribute.
    const own = (w: string) => entry.tokens.some((t) => t.split("-").includes(w));
    if (entry.needs && ![...entry.needs].some((w) => words.has(w) || own(w))) continue;
    if (entry.capitalised && n === 1) {
      const t = tokens[i]!;
      const versioned = VERSION.test(tokens[i + 1]?.lower ?? "");
      // A name that is also a word ("go", "chi") counts lowercase where its attribute is said
      // ("rewritten in go", "uses chi for routing").
      const named = entry.slots.some((slot) => attributeWords(slot).some((w) => words.has(w)));
      if (!t.cap && !versioned && !named) continue;
    }
    if (best && best.end === i + n) {
      best.slots.push(...entry.slots.filter((s) => !best!.slots.includes(s)));
    } else best = { entry, slots: [...entry.slots], end: i + n };
  }
  return best;
}

/** Whether the token before `i` (articles skipped) introduces a value. */
function inValuePosition(tokens: readonly Token[], i: number): boolean {
  let j = i - 1;
  while (j >= 0 && ARTICLES.has(tokens[j]!.lower)) j--;
  // "the `txn` table", "the ledger2-supi repo": a name before a noun names the subject.
  const next = tokens[i + 1];
  const modifies = next?.kind === "word" && /^[a-z]/.test(next.text) &&
    !STOPWORDS.has(next.lower) &&
    !SOFT.has(next.lower);
  const intro = tokens[j]?.lower ?? "";
  return VALUE_INTRO.has(intro) && (!modifies || /^(?:to|into|onto)$/.test(intro));
}

/** Reads the values of `tokens`; see the module doc. */
export function readValues(tokens: readonly Token[]): ValueReading {
  const values: Value[] = [];
  const used = tokens.map(() => false);
  const identifiers = new Map<number, string>();
  // Operating systems a version may belong to ("the minimum iOS version is 16").
  const anchors: Value[] = [];
  const words = new Set(tokens.map((t) => t.lower));
  const days: { days: Set<string>; start: number; end: number }[] = [];
  const times: { norm: string; start: number; end: number }[] = [];
  const take = (v: Value) => {
    values.push(v);
    for (let k = v.start; k < v.end; k++) used[k] = true;
  };
  for (let i = 0; i < tokens.length; i++) {
    if (used[i]) continue;
    const t = tokens[i]!;
    if (t.kind === "punct") continue;
    if (t.kind === "url") {
      take(value("url", ["url"], t.lower.replace(/\/+$/, ""), tokens, i, i + 1));
      continue;
    }
    if (t.kind === "code") {
      const cron = cronOf(t.text);
      const shape = shapeOf(t);
      if (cron) {
        take(
          value(cron.slot === "time" ? "time" : "name", [cron.slot], cron.norm, tokens, i, i + 1),
        );
      } else if (shape === "path" || shape === "host" || shape === "url") {
        take(value(shape, [shape], t.lower, tokens, i, i + 1));
      } else if (inValuePosition(tokens, i)) {
        take(value("name", ["name"], t.lower, tokens, i, i + 1));
      } else {
        identifiers.set(i, t.lower);
        used[i] = true;
      }
      continue;
    }
    // "$5,000 a month", "USD 400": an amount of money (`money.ts`).
    const money = moneyAt(tokens, i);
    if (money) {
      take(value("quantity", [money.slot], money.norm, tokens, i, money.end));
      i = money.end - 1;
      continue;
    }
    if (isTicket(t)) {
      identifiers.set(i, t.lower);
      used[i] = true;
      continue;
    }
    const date = dateOf(tokens, i);
    // "Q3 offsite", "H2 planning": a quarter before a noun names the thing, not when it happened.
    const named = date && date.end === i + 1 && /^(?:q[1-4]|h[12])$/.test(t.lower) &&
      tokens[i + 1]?.kind === "word" && /^[a-z][a-z-]{2,}$/.test(tokens[i + 1]!.lower) &&
      !/^(?:on|in|at|to|for|from|and|or|is|are|was|the|we|of|starts?|ends?)$/.test(
        tokens[i + 1]!.lower,
      );
    if (date && !named) {
      // A date a schedule gives ("planned for 12 March") is when, not an event (`scheduled.ts`).
      const v = value("date", ["date"], date.norm, tokens, i, date.end);
      take(scheduledDate(tokens, v) ? { ...v, kind: "when" } : v);
      i = date.end - 1;
      continue;
    }
    const time = timeOf(tokens, i);
    if (time) {
      times.push({ norm: time.norm, start: i, end: time.end });
      for (let k = i; k < time.end; k++) used[k] = true;
      continue;
    }
    const day = WEEKDAYS.get(t.lower);
    if (day && (t.cap || t.lower.length > 4)) {
      // "Tuesdays and Thursdays" is one value; "Tuesdays …, never on Fridays" is two.
      const last = days.at(-1);
      const joined = last && tokens[last.end - 1]!.clause === t.clause &&
        tokens.slice(last.end, i).every((x) => /^(?:and|or|,|&|-|to|through|thru)$/.test(x.lower));
      if (last && joined) {
        last.days.add(day);
        last.end = i + 1;
      } else days.push({ days: new Set([day]), start: i, end: i + 1 });
      used[i] = true;
      continue;
    }
    if (isRegion(t)) {
      take(value("region", ["region"], t.lower, tokens, i, i + 1));
      continue;
    }
    if (isLocale(t)) {
      take(value("locale", ["locale"], t.lower.replace("_", "-"), tokens, i, i + 1));
      continue;
    }
    // "l'anglais", "le français", "Deutsch": a language named in words (`intl.ts`).
    const language = t.kind === "word" ? languageLocale(t.text) : null;
    if (language) {
      take(value("locale", ["locale"], language, tokens, i, i + 1));
      continue;
    }
    if (
      (t.lower === "port" || t.lower === "ports") && /^\d{2,5}$/.test(tokens[i + 1]?.lower ?? "")
    ) {
      used[i] = true;
      take(value("port", ["port"], tokens[i + 1]!.lower, tokens, i + 1, i + 2));
      i++;
      continue;
    }
    // "localhost:5173", "127.0.0.1:8080": the port of a local address.
    const local = /^(?:localhost|127\.0\.0\.1|0\.0\.0\.0):(\d{2,5})$/.exec(t.lower);
    if (local) {
      take(value("port", ["port"], local[1]!, tokens, i, i + 1));
      continue;
    }
    // "grpc port for the inventory svc is 50051": the clause names its port before the number.
    if (
      /^\d{2,5}$/.test(t.lower) && /^(?:is|=|:)$/.test(tokens[i - 1]?.lower ?? "") &&
      tokens.some((x, k) => k < i - 1 && x.clause === t.clause && x.lower === "port")
    ) {
      take(value("port", ["port"], t.lower, tokens, i, i + 1));
      continue;
    }
    // "ws server port is 9443", "port = 8080".
    if (
      t.lower === "port" && /^(?:is|=|:)$/.test(tokens[i + 1]?.lower ?? "") &&
      /^\d{2,5}$/.test(tokens[i + 2]?.lower ?? "")
    ) {
      used[i] = true;
      take(value("port", ["port"], tokens[i + 2]!.lower, tokens, i + 2, i + 3));
      i += 2;
      continue;
    }
    // "listens on 8443", "serves HTTP on 8000" (`port_frames.ts`).
    const framed = portFrame(tokens, i);
    if (/^:\d{2,5}$/.test(t.lower) || framed) {
      for (const k of framed ?? []) used[k] = true;
      take(value("port", ["port"], t.lower.replace(":", ""), tokens, i, i + 1));
      continue;
    }
    // "team Falcon": a capitalised name after a team word names a team, not a technology.
    const team = t.cap && /^(?:team|squad|guild|crew|tribe)$/.test(tokens[i - 1]?.lower ?? "") ||
      // "Hugo prefers two spaces": a name before a verb only people do is a person.
      t.cap && PERSON_VERBS.test(tokens[i + 1]?.lower ?? "");
    const tech = team ? null : entryAt(TECH, tokens, i, words) ?? versionFile(tokens, i) ??
      techPart(tokens, i, words);
    if (tech) {
      // An operating system names a platform of the subject ("the iOS app"), not a value;
      // its version is one ("iOS 16").
      if (tech.slots.every((s) => s === "tech:os")) {
        anchors.push(value("tech", [], tech.entry.canonical, tokens, i, i + 1));
        const v = VERSION.exec(tokens[i + 1]?.lower ?? "");
        if (v) {
          take(value("version", [`version:${tech.entry.canonical}`], v[1]!, tokens, i + 1, i + 2));
        }
        continue;
      }
      take(value("tech", tech.slots, tech.entry.canonical, tokens, i, tech.end));
      const v = VERSION.exec(tokens[tech.end]?.lower ?? "");
      if (v && tokens[tech.end]!.kind === "word") {
        take(
          value(
            "version",
            [`version:${versionOf(tech.entry.canonical)}`],
            v[1]!,
            tokens,
            tech.end,
            tech.end + 1,
          ),
        );
      }
      i = (v ? tech.end + 1 : tech.end) - 1;
      continue;
    }
    const choice = entryAt(CHOICES, tokens, i, words);
    if (choice) {
      take(value("choice", choice.slots, choice.entry.canonical, tokens, i, choice.end));
      i = choice.end - 1;
      continue;
    }
    // "one monorepo": a count of a choice or a technology is that choice, not a number.
    if (
      /^(?:one|a|single)$/.test(t.lower) && i + 1 < tokens.length &&
      (entryAt(CHOICES, tokens, i + 1, words) ?? entryAt(TECH, tokens, i + 1, words))
    ) {
      used[i] = true;
      continue;
    }
    const number = readNumber(tokens, i, [...values, ...anchors], identifiers, used);
    if (number) {
      take(number);
      // "2-space indentation", "two spaces": a count of a choice says that choice too.
      const counted = countedChoice(tokens, number, words);
      if (counted) values.push(counted);
      i = number.end - 1;
      continue;
    }
    const shape = shapeOf(t);
    // A product named by its domain ("Statuspage.io", "Fly.io") is the product.
    const product =
      shape === "host" && /^[a-z][a-z0-9-]+\.(?:io|com|dev|app|so|ai|sh)$/.test(t.lower)
        ? TECH.get(t.lower.split(".")[0]!)?.find((e) => e.tokens.length === 1)
        : undefined;
    if (product) {
      take(value("tech", product.slots, product.canonical, tokens, i, i + 1));
    } else if (shape === "host" || shape === "path" || shape === "url") {
      take(value(shape, [shape], t.lower, tokens, i, i + 1));
    } else if (shape === "ident") {
      if (inValuePosition(tokens, i) || /^[@#]/.test(t.lower)) {
        take(value("name", ["name"], t.lower, tokens, i, i + 1));
      } else {
        identifiers.set(i, t.lower);
        used[i] = true;
      }
    }
  }
  // A day and a time a few words apart in one clause are one value: "Monday at 10:00".
  const near = (a: { start: number; end: number }, b: { start: number; end: number }) =>
    tokens[a.start]!.clause === tokens[b.start]!.clause &&
    (Math.abs(b.start - a.end) <= 2 || Math.abs(a.start - b.end) <= 2);
  for (const found of days) {
    const k = times.findIndex((time) => near(found, time));
    const norm = [...found.days].sort().join(",");
    if (k >= 0) {
      const [time] = times.splice(k, 1);
      take(
        value(
          "when",
          ["when"],
          `${norm}@${time!.norm}`,
          tokens,
          Math.min(found.start, time!.start),
          Math.max(found.end, time!.end),
        ),
      );
    } else take(value("day", ["day"], norm, tokens, found.start, found.end));
  }
  for (const time of times) take(value("time", ["time"], time.norm, tokens, time.start, time.end));
  return { values: values.sort((a, b) => a.start - b.start), used, identifiers };
}

/** A version file names its technology (`.ruby-version`, `.python-version`, `.nvmrc`). */
function versionFile(tokens: readonly Token[], i: number) {
  const lower = tokens[i]!.lower;
  const name = lower === ".nvmrc" ? "node" : /^\.?([a-z]+)-version$/.exec(lower)?.[1];
  const entry = name ? TECH.get(name)?.find((e) => e.tokens.length === 1) : undefined;
  return entry ? { entry, slots: [...entry.slots], end: i + 1 } : null;
}

/** A technology named as part of a hyphenated word (`postgres-backed`, `Java-based`). */
function techPart(tokens: readonly Token[], i: number, words: ReadonlySet<string>) {
  const t = tokens[i]!;
  if (t.kind !== "word" || !/^[a-z0-9.]+(?:-[a-z0-9.]+)+$/.test(t.lower)) return null;
  // "react-native" is React Native, not React.
  const parts = t.lower.split("-");
  const whole = TECH.get(parts[0]!)?.find((e) =>
    e.tokens.length === parts.length && e.tokens.every((w, k) => w === parts[k])
  );
  if (whole) return { entry: whole, slots: [...whole.slots], end: i + 1 };
  for (const part of t.lower.split("-")) {
    const entries = TECH.get(part)?.filter((e) => e.tokens.length === 1 && !e.capitalised);
    if (entries?.length) {
      return {
        entry: entries[0]!,
        slots: [...new Set(entries.flatMap((e) => e.slots))],
        end: i + 1,
      };
    }
  }
  void words;
  return null;
}

/** The choice a count counts ("2 spaces", "4-space" → spaces), as a value of its own. */
function countedChoice(
  tokens: readonly Token[],
  number: Value,
  words: ReadonlySet<string>,
): Value | null {
  if (!number.slots.some((slot) => slot.startsWith("count:"))) return null;
  const last = tokens[number.end - 1]!;
  const noun = last.lower.replace(/^[\d.]+-/, "");
  const entry = [noun, `${noun}s`].map((w) => CHOICES.get(w)?.find((e) => e.tokens.length === 1))
    .find((e) => e && (!e.needs || [...e.needs].some((w) => words.has(w))));
  if (!entry) return null;
  return {
    ...value("choice", entry.slots, entry.canonical, tokens, number.end - 1, number.end),
    start: number.start,
  };
}
