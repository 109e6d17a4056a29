/**
 * Numbers in statements, read with their unit: durations (`15 minutes`, `an hour`, `60-second`),
 * intervals (`every 30 minutes`, `once an hour`, `nightly`), sizes, percentages, rates
 * (`500 req/min`, `30 Hz`), CPU, counts of a noun (`20 connections`, `two approvals`), and bare
 * numbers (`line length is 88`). Each reads into a slot (`qty:duration`, `count:connection`,
 * `num`) and a value in the slot's base unit, so `1 hour` and `60 minutes` are one value.
 *
 * @module
 */
import { NUMBER_WORDS, UNITS } from "./lexicon.ts";
import type { Token } from "./tokens.ts";

/** A number read at a token, with where it ends and an attached unit (`15s` → `s`). */
interface NumberAt {
  readonly value: number;
  readonly end: number;
  readonly suffix: string;
}

/** A quantity: its slot, its value in base units, and the tokens it spans. */
export interface Quantity {
  readonly slot: string;
  readonly norm: string;
  readonly end: number;
}

const NUMERIC = /^(\d+(?:\.\d+)?)([a-z%/]*)$/i;
/** Words between a number and the noun it counts ("4 parallel shards"). */
const COUNT_ADJECTIVES = new Set(
  "parallel primary concurrent active separate total approving required additional extra more dedicated read write open idle warm hot cold public private delivery retry"
    .split(" "),
);
/** Words a count never counts. */
const NOT_NOUNS = new Set(
  (
    "and or of to in on at for the a an is are was per with by from than as but if it we so " +
    "then because which that when while until unless " +
    // Prepositions of time and company: "raised to 500 alongside the rollout", "500 after …".
    "after before since during alongside"
  ).split(" "),
);

/** First words of the number words ("a" of "a single", "half" of "half an"), and "a"/"an". */
const NUMBER_FIRST = new Set([...[...NUMBER_WORDS.keys()].map((w) => w.split(" ")[0]!), "a", "an"]);

/** The number at `i`: digits (`1.5`, `3.1M`), number words (`two`, `a single`), `a`/`an` before a unit. */
export function numberAt(tokens: readonly Token[], i: number): NumberAt | null {
  const t = tokens[i];
  if (!t || t.kind !== "word") return null;
  if (!/^\d/.test(t.lower) && !NUMBER_FIRST.has(t.lower.split("-")[0]!)) return null;
  const m = NUMERIC.exec(t.lower);
  if (m) {
    let value = Number(m[1]);
    let suffix = m[2] ?? "";
    const scale = /^(k|m|b)$/.exec(suffix);
    if (scale && !/^\d+m$/.test(t.lower)) {
      value *= scale[1] === "k" ? 1e3 : scale[1] === "m" ? 1e6 : 1e9;
      suffix = "";
    }
    return { value, end: i + 1, suffix };
  }
  const hyphen = /^([a-z]+|\d+(?:\.\d+)?)-([a-z]+)$/.exec(t.lower);
  if (hyphen) {
    const n = NUMBER_WORDS.get(hyphen[1]!) ?? Number(hyphen[1]);
    if (Number.isFinite(n)) return { value: n, end: i + 1, suffix: hyphen[2]! };
  }
  const two = `${t.lower} ${tokens[i + 1]?.lower ?? ""}`;
  const three = `${two} ${tokens[i + 2]?.lower ?? ""}`;
  const four = `${three} ${tokens[i + 3]?.lower ?? ""}`; // "a quarter of an (hour)"
  if (NUMBER_WORDS.has(four)) return { value: NUMBER_WORDS.get(four)!, end: i + 4, suffix: "" };
  if (NUMBER_WORDS.has(three)) return { value: NUMBER_WORDS.get(three)!, end: i + 3, suffix: "" };
  if (NUMBER_WORDS.has(two)) return { value: NUMBER_WORDS.get(two)!, end: i + 2, suffix: "" };
  if (NUMBER_WORDS.has(t.lower)) {
    return { value: NUMBER_WORDS.get(t.lower)!, end: i + 1, suffix: "" };
  }
  if ((t.lower === "a" || t.lower === "an") && UNITS.duration.has(tokens[i + 1]?.lower ?? "")) {
    return { value: 1, end: i + 1, suffix: "" };
  }
  return null;
}

/** `n` in base units as a short, stable string. */
function fmt(n: number): string {
  return String(Math.round(n * 1e6) / 1e6);
}

/** What a verb before "N times" counts: "retried" tries, "restarted" restarts. */
function acted(verb: string): string | null {
  // "retry 4 times", "retries", "retried", "attempted": the known counted things first.
  const forms = [verb, verb.slice(0, -1), `${verb.slice(0, -3)}y`, verb.slice(0, -2)];
  const known = forms.find((f) => COUNTED.has(f));
  if (known) return COUNTED.get(known)!;
  if (!/^[a-z]{3,}ed$/.test(verb)) return null;
  return verb.endsWith("ied") ? forms[2]! : forms[3]!;
}
/** A stem for counted nouns: plural `s` off. */
/** Spellings of one counted thing ("chars" and "characters", "reqs" and "requests"). */
const COUNTED: ReadonlyMap<string, string> = new Map([
  ["char", "character"],
  ["req", "request"],
  ["conn", "connection"],
  ["repl", "replica"],
  ["attempt", "try"],
  ["retry", "try"],
  // People counted by what they are: a headcount is one count ("six people" / "four engineers").
  ["people", "person"],
  ["engineer", "person"],
  ["developer", "person"],
  ["dev", "person"],
  ["member", "person"],
  ["folk", "person"],
  ["human", "person"],
  ["employee", "person"],
  ["staff", "person"],
  ["retrie", "try"],
]);

function noun(word: string): string {
  // "four engineers", "six people", "3 FTEs": one count of people, whatever their trade.
  if (UNITS.people.has(word)) return "person";
  let w = word;
  if (w.endsWith("ies") && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith("s") && !w.endsWith("ss") && w.length > 3) w = w.slice(0, -1);
  return COUNTED.get(w) ?? w;
}

/** A unit written as `req/min`, `/min`, `per minute`: its per-second factor, and the tokens used. */
function perUnit(
  tokens: readonly Token[],
  j: number,
  suffix: string,
): { factor: number; end: number } | null {
  const slash = /^(?:[a-z]*)\/(\w+)$/.exec(suffix || tokens[j]?.lower || "");
  if (slash && UNITS.per.has(slash[1]!)) {
    return { factor: UNITS.per.get(slash[1]!)!, end: suffix ? j : j + 1 };
  }
  const at = suffix ? j : j;
  if (tokens[at]?.lower === "per" || tokens[at]?.lower === "a" || tokens[at]?.lower === "an") {
    const unit = tokens[at + 1]?.lower ?? "";
    if (UNITS.per.has(unit)) return { factor: UNITS.per.get(unit)!, end: at + 2 };
  }
  return null;
}

/**
 * The quantity at token `i` (a number and its unit), or null. `every`/`once` before it make
 * an interval; a number after `=`/`:`/`is` with no unit is a bare number.
 */
export function quantityAt(tokens: readonly Token[], i: number): Quantity | null {
  const before = tokens[i - 1]?.lower ?? "";
  const n = numberAt(tokens, i);
  if (!n) return frequencyWord(tokens, i);
  const j = n.end;
  const unit = n.suffix || tokens[j]?.lower || "";
  const consumed = n.suffix ? 0 : 1;
  // "every 30 seconds", "once an hour", "the refresh interval is 1 minute": how often.
  const often = tokens.slice(Math.max(0, i - 4), i).some((t) =>
    /^(?:interval|frequency|cadence|period|every)$/.test(t.lower)
  );
  const interval = often || /^(?:once|twice|thrice)$/.test(tokens[i]!.lower) ||
    (tokens[i]!.lower === "a" && before === "once");
  if (/^(?:once|twice|thrice)$/.test(tokens[i]!.lower)) {
    const per = perUnit(tokens, j, "");
    if (per) return { slot: "qty:interval", norm: fmt(1 / (n.value * per.factor)), end: per.end };
    return null;
  }
  // Kubernetes CPU: "500m" is half a core where CPU is the subject.
  if (
    n.suffix === "m" &&
    tokens.slice(Math.max(0, i - 4), i + 3).some((t) => /^(?:cpu|cpus|vcpu)$/.test(t.lower))
  ) {
    return { slot: "qty:cpu", norm: fmt(n.value / 1000), end: n.end };
  }
  if (UNITS.duration.has(unit)) {
    const seconds = n.value * UNITS.duration.get(unit)!;
    return {
      slot: interval ? "qty:interval" : "qty:duration",
      norm: fmt(seconds),
      end: j + consumed,
    };
  }
  if (UNITS.size.has(unit) && (n.suffix || /^[kmgtp]i?b$|^bytes?$/.test(unit))) {
    return { slot: "qty:size", norm: fmt(n.value * UNITS.size.get(unit)!), end: j + consumed };
  }
  if (UNITS.percent.has(unit)) {
    return { slot: "qty:percent", norm: fmt(n.value), end: j + consumed };
  }
  if (UNITS.rate.has(unit)) {
    return { slot: "qty:rate", norm: fmt(n.value * UNITS.rate.get(unit)!), end: j + consumed };
  }
  if (unit === "cpu" && UNITS.cpu.has(tokens[j + 1]?.lower ?? "")) {
    return { slot: "qty:cpu", norm: fmt(n.value), end: j + 2 };
  }
  if (UNITS.cpu.has(unit)) {
    return { slot: "qty:cpu", norm: fmt(n.value * UNITS.cpu.get(unit)!), end: j + consumed };
  }
  const per = perUnit(tokens, j, n.suffix.includes("/") ? n.suffix : "");
  if (per) return { slot: "qty:rate", norm: fmt(n.value * per.factor), end: per.end };
  if (n.suffix) {
    // `2-space`, `three-step`: a count of the noun after the hyphen.
    if (/^[a-z]{3,}$/.test(n.suffix)) {
      return { slot: `count:${noun(n.suffix)}`, norm: fmt(n.value), end: j };
    }
    return null;
  }
  // A counted noun, maybe after an adjective ("4 parallel shards"), maybe a rate ("1200 requests/min").
  let k = j;
  if (COUNT_ADJECTIVES.has(tokens[k]?.lower ?? "") && tokens[k + 1]?.kind === "word") k++;
  // "10 database connections": the noun is the last of a compound ending in a plural.
  const after = tokens[k + 1];
  if (
    after?.kind === "word" && /^[a-z]+s$/.test(after.lower) && !after.lower.endsWith("ss") &&
    !NOT_NOUNS.has(after.lower) && /^[a-z]+$/.test(tokens[k]?.lower ?? "") &&
    !NOT_NOUNS.has(tokens[k]!.lower) &&
    !UNITS.duration.has(tokens[k]!.lower)
  ) k++;
  const word = tokens[k];
  if (
    word?.kind === "word" && /^[a-z][a-z-]*(?:\/\w+)?$/.test(word.lower) &&
    // A parenthesis closes between a number and a word: "build 7.0.1 (412) goes", "64K (MCUboot
    // …)" count nothing.
    word.paren === tokens[i]!.paren &&
    !NOT_NOUNS.has(word.lower) && !/^[a-z]{3,}ly$/.test(word.lower)
  ) {
    const rate = perUnit(tokens, k + 1, "") ??
      (word.lower.includes("/") ? perUnit(tokens, k, word.lower) : null);
    if (rate) {
      return { slot: "qty:rate", norm: fmt(n.value * rate.factor), end: Math.max(rate.end, k + 1) };
    }
    if (UNITS.duration.has(word.lower)) {
      return {
        slot: interval ? "qty:interval" : "qty:duration",
        norm: fmt(n.value * UNITS.duration.get(word.lower)!),
        end: k + 1,
      };
    }
    if (tokens[i]!.lower === "a" || tokens[i]!.lower === "an") return null;
    if (word.lower === "time" || word.lower === "times") {
      // "retried 3 times" counts tries, as "3 retries" and "3 attempts" do; "restarted 3 times"
      // counts restarts.
      return { slot: `count:${acted(before) ?? "time"}`, norm: fmt(n.value), end: k + 1 };
    }
    return { slot: `count:${noun(word.lower)}`, norm: fmt(n.value), end: k + 1 };
  }
  if (tokens[i]!.lower === "a" || tokens[i]!.lower === "an" || !/^\d/.test(tokens[i]!.lower)) {
    return NUMBER_WORDS.has(tokens[i]!.lower) && /^(?:is|are|=|:|to|of|at)$/.test(before)
      ? { slot: "num", norm: fmt(n.value), end: n.end }
      : null;
  }
  return { slot: "num", norm: fmt(n.value), end: n.end };
}

/** `nightly`, `daily`, `weekly`, `every day`: an interval. */
function frequencyWord(tokens: readonly Token[], i: number): Quantity | null {
  const next = tokens[i + 1]?.lower ?? "";
  if (tokens[i]?.lower === "every" && UNITS.duration.has(next)) {
    return { slot: "qty:interval", norm: fmt(UNITS.duration.get(next)!), end: i + 2 };
  }
  const seconds = UNITS.frequency.get(tokens[i]?.lower ?? "");
  return seconds === undefined ? null : { slot: "qty:interval", norm: fmt(seconds), end: i + 1 };
}
