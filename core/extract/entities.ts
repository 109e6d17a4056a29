/**
 * Named things in text, found by shape rather than by a dictionary: `code spans`, URLs,
 * package specifiers, paths and file names, versioned names ("Deno 2.9"), identifiers
 * (`camelCase`, `snake_case`, `ENV_VARS`, `calls()`) and capitalised names ("SQLite",
 * "GitHub Actions", "Maya"). Sentence-initial capitalised words count only when they read as
 * a subject ("Postgres is…"), so "Fixed the bug" does not make "Fixed" an entity.
 *
 * @module
 */

/** Words that are never entities on their own (function words, common sentence openers). */
export const COMMON_WORDS: ReadonlySet<string> = new Set(
  (
    "a an the this that these those it its it's i i'm i've i'll i'd me my we we're we've we'll " +
    "us our you you're your he she they them their there here what which who whom whose when " +
    "where why how if then else so but and or nor not no yes ok okay also just only still even " +
    "all any some each every both either neither none one two three first second third next " +
    "last finally after before now today tomorrow yesterday tonight always never sometimes " +
    "often usually maybe perhaps please thanks thank let let's lets sure great good nice cool " +
    "fine right actually basically really mostly mainly probably hey hi hello well oh hmm wait " +
    "note remember make don't do does did doesn't didn't is are was were be been being have has " +
    "had can can't could would should will won't must might may shall use using used run " +
    "running ran add added fix fixed check checking checked update updated see look looking " +
    "try trying read reading write writing open opening found find move moved switch switched " +
    "keep avoid stop start create created delete deleted remove removed install installed " +
    "build built test tests tested deploy deployed ship shipped done error errors failed fail " +
    "warning warn info debug pass passed ok todo fixme note user users agent assistant to for " +
    "of in on at by with from into about as like over under between through during without " +
    "instead because since until while although past above below beyond around across against along among behind near per than toward towards upon via though however therefore yet again once " +
    "january february march april may june july august september october november december " +
    "monday tuesday wednesday thursday friday saturday sunday q1 q2 q3 q4 running in " +
    "here's there's that's what's let's it'll we'd you'll they're i'd ok. great. sure. " +
    "failures failed passed running ignored summary"
  ).split(/\s+/),
);

/**
 * The function words among {@linkcode COMMON_WORDS}: stripped from the end of a capitalised
 * run, where a common noun or verb may belong to the name ("Deno Deploy", "GitHub Actions").
 */
const FUNCTION_WORDS: ReadonlySet<string> = new Set(
  (
    "a an the this that these those it i me my we us our you your he she they them their " +
    "and or but nor so if then to for of in on at by with from into about as is are was were " +
    "be been ok okay january february march april may june july august september october " +
    "november december monday tuesday wednesday thursday friday saturday sunday"
  ).split(" "),
);

/** Verbs that open imperative sentences: never a name when they start one. */
const IMPERATIVES = new Set(
  ("prefer use keep run add make put name write call avoid check fix set update bump tag push " +
    "pull merge release deploy install remove rename move create delete open close start stop try " +
    "test build ship review read see ask tell let note remember consider ensure pin upgrade switch " +
    "wrap log return throw import export store cache skip ignore enable disable turn go look find " +
    "search grep commit squash rebase document describe explain replace restore rotate generate " +
    "regenerate migrate drop truncate format lint clean reset revert verify bump clone fetch sync")
    .split(" "),
);

/** Units written in capitals after a number ("2 GB", "02:00 UTC"): quantities, not names. */
const UNITS = new Set(
  "B KB MB GB TB PB KiB MiB GiB TiB Hz kHz MHz GHz UTC GMT AM PM CPU CPUs".split(" "),
);

/** Verbs that make a sentence-initial capitalised word read as a named subject. */
const SUBJECT_VERBS =
  /^(?:is|are|was|were|uses|used|has|had|needs|depends|runs|breaks|fails|failed|crashed|crashes|stores|owns|handles|calls|will|should|must|can|does|doesn't|isn't|won't|and|'s|’s|works|supports|requires|expects|returns|now|still|already|always|never|only)$/i;

const NOT_PATHS = new Set([
  "and/or",
  "either/or",
  "input/output",
  "read/write",
  "on/off",
  "yes/no",
  "true/false",
  "w/o",
  "client/server",
  "i/o",
  "pros/cons",
  "he/she",
  "his/her",
  "s/he",
]);

const FILE_EXTENSIONS =
  "ts|tsx|mts|cts|js|jsx|mjs|cjs|json|jsonc|md|mdx|py|rs|go|toml|ya?ml|sql|sh|bash|zsh|lock|css|scss|html|txt|env|dna|rb|java|kt|swift|c|h|cc|cpp|hpp|wasm|proto|graphql|csv|ini|conf|cfg|xml|vue|svelte|ex|exs|php|cs|zig|nix|dockerfile";

interface Span {
  readonly start: number;
  readonly end: number;
  readonly value: string;
}

type Finder = (text: string) => Span[];

const matchAll = (re: RegExp, group = 0, clean: (value: string) => string = (v) => v): Finder =>
(
  text,
) =>
  [...text.matchAll(re)].flatMap((m) => {
    const value = clean(m[group] ?? "");
    return value === "" ? [] : [{ start: m.index, end: m.index + m[0].length, value }];
  });

const trimPunctuation = (value: string) => value.replace(/[.,;:!?)\]}>'"]+$/, "");

const FINDERS: readonly Finder[] = [
  matchAll(/`([^`\n]+)`/g, 1, (v) => v.trim()),
  matchAll(/\bhttps?:\/\/[^\s<>"'`]+/g, 0, trimPunctuation),
  matchAll(/\b(?:npm|jsr|node):(?:@[\w.-]+\/)?[\w.-]+(?:@[\w.^~*-]+)?/g, 0, trimPunctuation),
  matchAll(/(?<![\w@])@[a-z0-9][\w.-]*\/[\w.-]+(?:@[\w.^~-]+)?/g, 0, trimPunctuation),
  matchAll(/\b[a-z][\w.-]*@[\^~]?\d+(?:\.\d+)*\b/g),
  matchAll(/(?<![\w@:/.])(?:~|\.{1,2})?\/?(?:[\w.@-]+\/)+(?:[\w.@-]*\w)?/g, 0, (v) => {
    if (NOT_PATHS.has(v.toLowerCase()) || !/[a-z]/i.test(v) || /^\d+\/\d+/.test(v)) return "";
    const segments = v.split("/").filter((segment) => segment !== "");
    if (segments.every((segment) => COMMON_WORDS.has(segment.toLowerCase()))) return ""; // if/else
    return v;
  }),
  matchAll(new RegExp(`(?<![\\w/.-])[\\w-]+(?:\\.[\\w-]+)*\\.(?:${FILE_EXTENSIONS})\\b`, "gi")),
  matchAll(/(?<![\w/.-])\.[a-z][\w-]{2,}(?:\.[\w-]+)*/g),
  versionedNames,
  matchAll(/\b[a-z][a-z0-9]+(?:[A-Z][a-z0-9]*)+\b(?:\(\))?/g),
  matchAll(/\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b(?:\(\))?/g),
  matchAll(/\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/g),
  matchAll(/\b[A-Za-z_][\w.]*\(\)/g),
  systemNouns,
  packageObjects,
  capitalisedNames,
];

/**
 * The entities a text mentions, as written, in order of appearance, without duplicates
 * (compared case-insensitively).
 *
 * @example Usage
 * ```ts
 * import { findEntities } from "./entities.ts";
 * import { deepEqual } from "node:assert/strict";
 * deepEqual(
 *   findEntities("Postgres is slow; we moved `billing` to SQLite in core/billing/db.ts."),
 *   ["Postgres", "billing", "SQLite", "core/billing/db.ts"],
 * );
 * ```
 */
export function findEntities(text: string): string[] {
  const spans = FINDERS.flatMap((find) => find(text));
  spans.sort((a, b) => a.start - b.start || b.end - a.end);
  const seen = new Set<string>();
  const out: string[] = [];
  let reach = 0;
  for (const span of spans) {
    if (span.start < reach) continue;
    reach = span.end;
    const key = span.value.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(span.value);
  }
  return out;
}

/** "Deno 2.9.6", "sqlite-vec 0.1.9", "v2.1.3": a version, with the name before it if any. */
function versionedNames(text: string): Span[] {
  const out: Span[] = [];
  for (const m of text.matchAll(/\b(v?\d+(?:\.\d+)+(?:-[\w.]+)?|v\d+)\b/g)) {
    const before = text.slice(0, m.index).match(/([A-Za-z][\w.+-]*)\s+$/);
    const name = before?.[1];
    if (name && !COMMON_WORDS.has(name.toLowerCase()) && !/^version$/i.test(name)) {
      const start = m.index - before[0].length;
      out.push({
        start,
        end: m.index + m[0].length,
        value: text.slice(start, m.index + m[0].length),
      });
    } else if (/^v|\d+\.\d+\.\d+/.test(m[1]!) || /version\s+$/i.test(text.slice(0, m.index))) {
      out.push({ start: m.index, end: m.index + m[0].length, value: m[1]! });
    }
  }
  return out;
}

const SYSTEM_HEADS =
  "database|db|server|service|backup|table|bucket|queue|cluster|repo|repository|branch|pipeline|job|cron|endpoint|api|container|image|index|schema|module|package|library|suite|runner|worker|relay|proxy|cache|config|environment|region|account|token|migration|deployment|workflow|script|bot|column|topic|stream|channel|team";

/**
 * "the staging database", "our billing service", "the `users` table": a modifier and a head
 * noun naming a piece of the system. The determiner is left out of the entity.
 */
function systemNouns(text: string): Span[] {
  const re = new RegExp(
    `\\b(?:the|our|their|your|a|an|this|that)\\s+((?:\`[^\`]+\`|[\\w-]+)(?:\\s+[\\w-]+)?\\s+(?:${SYSTEM_HEADS})s?)\\b`,
    "gi",
  );
  const out: Span[] = [];
  for (const m of text.matchAll(re)) {
    const phrase = m[1]!;
    const first = phrase.split(/\s+/)[0]!.toLowerCase();
    if (
      COMMON_WORDS.has(first) ||
      /^(?:new|old|same|other|whole|entire|full|main|first|last)$/.test(first)
    ) continue;
    const start = m.index + m[0].length - phrase.length;
    out.push({ start, end: start + phrase.length, value: phrase.replace(/`/g, "") });
  }
  return out;
}

/** "pin sqlite-vec", "install fast-check", "depends on date-fns": a hyphenated package name. */
function packageObjects(text: string): Span[] {
  const re =
    /\b(?:pin(?:ned)?|install(?:ed)?|upgrade(?:d)?|bump(?:ed)?|add(?:ed)?|remove(?:d)?|import(?:ed)?|require(?:d|s)?|depends on|uses?|using|replace(?:d)?)\s+([a-z][\w.]*-[\w.-]*[a-z0-9])\b/g;
  return [...text.matchAll(re)].map((m) => {
    const start = m.index + m[0].length - m[1]!.length;
    return { start, end: start + m[1]!.length, value: m[1]! };
  });
}

/** Runs of capitalised words, minus common words at their edges. */
function capitalisedNames(text: string): Span[] {
  const out: Span[] = [];
  const run =
    /\b[A-Z][\p{L}\p{N}+#_]*(?:-[\p{L}\p{N}]+)*(?:\s+[A-Z][\p{L}\p{N}+#_]*(?:-[\p{L}\p{N}]+)*)*/gu;
  for (const m of text.matchAll(run)) {
    let words = [...m[0].matchAll(/\S+/g)].map((w) => ({ word: w[0], at: m.index + w.index }));
    const identifier = words.findIndex((w) => w.word.includes("_")); // ENV_VARS end the run
    if (identifier >= 0) words = words.slice(0, identifier);
    while (words.length > 0 && COMMON_WORDS.has(words[0]!.word.toLowerCase())) {
      words = words.slice(1);
    }
    while (words.length > 0 && FUNCTION_WORDS.has(words.at(-1)!.word.toLowerCase())) {
      words = words.slice(0, -1);
    }
    const first = words[0];
    const last = words.at(-1);
    if (!first || !last) continue;
    const start = first.at;
    const end = last.at + last.word.length;
    const value = text.slice(start, end);
    if (value.length < 2) continue; // "X", "Y" in vX.Y.Z
    if (UNITS.has(value) && /\d\s*$/.test(text.slice(0, start))) continue;
    if (/^[A-Z]+$/.test(value) && value.length > 5) continue; // SHOUTING log words
    if (isSentenceStart(text, start) && words.length === 1 && !/[A-Z0-9]/.test(value.slice(1))) {
      const next = text.slice(end).match(/^\s+([\w'’]+)/)?.[1] ?? "";
      // "Maya set up…", "Postgres crashed…" read as a subject; "Prefer named exports",
      // "Fixed the bug", "Release checklist" do not.
      const subjectLike = /^(?:[a-z]+(?:s|ed)|set|put|got|ran|made|built|wrote|took|went|said)$/
        .test(next) && !/(?:ed|ing|ly)$/.test(value) && !IMPERATIVES.has(value.toLowerCase());
      if (!SUBJECT_VERBS.test(next) && !subjectLike) continue;
    }
    out.push({ start, end, value });
  }
  return out;
}

function isSentenceStart(text: string, index: number): boolean {
  const before = text.slice(0, index);
  return /^\s*$/.test(before) ||
    /(?:[.!?:]\s+|\n\s*(?:[-*•>]|\d{1,2}[.)])?\s*|["'(]\s*)$/.test(before.slice(-12));
}

/** The entities of several lists, in order, each once (case aside). */
export function mergeEntities(...lists: readonly string[][]): string[] {
  const seen = new Set<string>();
  return lists.flat().filter((e) => !seen.has(e.toLowerCase()) && seen.add(e.toLowerCase()));
}
