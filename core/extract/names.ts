/**
 * Entity finders that read words rather than shapes: versioned names ("Deno 2.9"), pieces of
 * the system ("the staging database"), package names after a verb ("pin sqlite-vec") and runs
 * of capitalised words ("GitHub Actions", "Maya").
 *
 * @module
 */
import { COMMON_WORDS, FUNCTION_WORDS, IMPERATIVES, SUBJECT_VERBS, UNITS } from "./entity_words.ts";

/** A found entity: where it is and how it reads. */
export interface Span {
  readonly start: number;
  readonly end: number;
  readonly value: string;
}

/** "Deno 2.9.6", "sqlite-vec 0.1.9", "v2.1.3": a version, with the name before it if any. */
export function versionedNames(text: string): Span[] {
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
export function systemNouns(text: string): Span[] {
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
export function packageObjects(text: string): Span[] {
  const re =
    /\b(?:pin(?:ned)?|install(?:ed)?|upgrade(?:d)?|bump(?:ed)?|add(?:ed)?|remove(?:d)?|import(?:ed)?|require(?:d|s)?|depends on|uses?|using|replace(?:d)?)\s+([a-z][\w.]*-[\w.-]*[a-z0-9])\b/g;
  return [...text.matchAll(re)].map((m) => {
    const start = m.index + m[0].length - m[1]!.length;
    return { start, end: start + m[1]!.length, value: m[1]! };
  });
}

/** Runs of capitalised words, minus common words at their edges. */
export function capitalisedNames(text: string): Span[] {
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

/** Whether `index` starts a sentence, a list item or a quotation. */
function isSentenceStart(text: string, index: number): boolean {
  const before = text.slice(0, index);
  return /^\s*$/.test(before) ||
    /(?:[.!?:]\s+|\n\s*(?:[-*•>]|\d{1,2}[.)])?\s*|["'(]\s*)$/.test(before.slice(-12));
}
