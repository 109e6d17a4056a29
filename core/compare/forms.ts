/**
 * The notations developers write a change in, read once into the plain shape every reading of
 * `claims.ts` understands (`old -> new`, a past-tense verb, a label and its value), so that each
 * reading need not know each notation:
 *
 * - a sed substitution (`s/old/new/g`, any delimiter) and a struck-out value (`~~old~~ new`)
 *   are `old -> new`; a swap written with `out:` and `in:` labels too;
 * - a commit subject in the conventional form (`fix(audit): lower page size …`) is its scope as
 *   a label, and its imperative verbs of change in the past (`drop` → `dropped`);
 * - a config line whose comment gives its earlier value (`level: INFO  # was WARN`) is
 *   `level: WARN -> INFO`;
 * - a Markdown heading over a line (`## Current setup` then a line) labels that line, and a line
 *   break escaped as `\n` by the writer's JSON is a line break;
 * - names joined by `+` (`eslint+airbnb`) are a list (`eslint + airbnb`).
 *
 * @module
 */
import cues from "./lexicon/cues.json" with { type: "json" };
import { ENDED_AFTER, ENDED_BEFORE } from "./ending_words.ts";

/** Past forms that say a change or an ending (the change verbs and the words of ending). */
const PAST: ReadonlySet<string> = new Set([...cues.changeVerbs, ...ENDED_AFTER, ...ENDED_BEFORE]);

/** Conventional commit types; `ci`, `docs` and `test` also name a subject when unscoped. */
const COMMIT =
  /^(feat|fix|chore|refactor|perf|build|ci|docs|style|tests?|revert|deps)(?:\(([^)\n]+)\))?!?:\s+/i;
const NAMES_SUBJECT = /^(?:ci|docs|tests?)$/i;

/** `s/old/new/flags` with any punctuation delimiter, escapes allowed. */
const SED =
  /(?<![\w/.\\-])s([/|#,])((?:\\.|(?!\1)[^\\\n])+)\1((?:\\.|(?!\1)[^\\\n])+)\1[gimI]*(?=\s|$|[,.;)])/g;

/** `~~old~~ new` (or `~~old~~` alone: removed). */
const STRUCK = /~~([^~\n]+?)~~(?:[ \t]*([^,;.\n~()]*[^\s,;.\n~()]))?/g;

/** `out: X, in: Y` or `in: Y, out: X`. */
const OUT_IN = /\bout:\s*([^,;\n]+?)\s*[,;]\s*in:\s*([^,;.\n]+)/gi;
const IN_OUT = /\bin:\s*([^,;\n]+?)\s*[,;]\s*out:\s*([^,;.\n]+)/gi;

/** `key: value  # …, was old …` (or `=`): the comment gives the key's earlier value. */
const COMMENTED = /^([\w.[\]-]+)\s*[:=]\s*([^\s#]+)\s+#\s*([^\n]*?)\bwas\s+([^\s,;.]+)([^\n]*)$/gm;

/** A Markdown heading with a line under it. */
const HEADING = /^#{1,6}[ \t]+([^\n]+?)[ \t]*:?[ \t]*\n+(?=\S)/gm;

/** The past of a regular verb: `drop` → `dropped`, `adopt` → `adopted`, `move` → `moved`. */
function past(verb: string): string | null {
  const forms = verb.endsWith("e")
    ? [`${verb}d`]
    : /[^aeiou][aeiou][bdgkmnprt]$/.test(verb)
    ? [`${verb}${verb.at(-1)}ed`, `${verb}ed`]
    : [`${verb}ed`];
  return forms.find((f) => PAST.has(f)) ?? null;
}

/** A commit subject's imperative verbs of change, at the start of each of its clauses, in the past. */
function pastTense(subject: string): string {
  return subject.replace(/(^|[,;]\s*|\band\s+)([a-z]+)\b/gi, (m, lead: string, verb: string) => {
    const done = past(verb.toLowerCase());
    return done ? `${lead}${done}` : m;
  });
}

/** A line break the writer's JSON escaped (`\n` as two characters), outside paths. */
function lineBreaks(text: string): string {
  if (!text.includes("\\n")) return text;
  return text.replace(
    /\S*\\n\S*/g,
    (token) => /\\(?!n)|^[a-z]:\\/i.test(token) ? token : token.replaceAll("\\n", "\n"),
  );
}

function unescape(s: string): string {
  return s.replace(/\\(.)/g, "$1").trim();
}

/**
 * `text` with the notations above read into plain statements (the text itself when it uses
 * none of them).
 *
 * @example Usage
 * ```ts
 * import { plainForm } from "./forms.ts";
 * import { equal } from "node:assert/strict";
 *
 * equal(plainForm("s/yarn/pnpm/g in every README"), "yarn -> pnpm in every README");
 * equal(plainForm("test runner: ~~jest~~ vitest"), "test runner: jest -> vitest");
 * equal(plainForm("refactor(queue): drop bull, adopt bullmq"), "queue: dropped bull, adopted bullmq");
 * equal(plainForm("pool_size: 20  # was 5 before the load test"), "pool_size: 5 -> 20 (before the load test)");
 * equal(plainForm("The queue runs on bullmq."), "The queue runs on bullmq.");
 * ```
 */
export function plainForm(text: string): string {
  let out = lineBreaks(text);
  if (/^#{1,6}[ \t]/m.test(out)) out = out.replace(HEADING, "$1: ");
  const commit = COMMIT.exec(out);
  if (commit) {
    const [whole, type, scope] = commit as unknown as [string, string, string | undefined];
    const label = scope ? `${scope.trim()}: ` : NAMES_SUBJECT.test(type) ? `${type}: ` : "";
    out = label + pastTense(out.slice(whole.length));
  }
  if (out.includes("~~")) {
    out = out.replace(
      STRUCK,
      (_, old: string, fresh?: string) =>
        fresh ? `${old.trim()} -> ${fresh.trim()}` : `${old.trim()} removed`,
    );
  }
  if (/\bs[/|#,]/.test(out)) {
    out = out.replace(
      SED,
      (_, _d, old: string, fresh: string) => `${unescape(old)} -> ${unescape(fresh)}`,
    );
  }
  if (/\bout:/i.test(out) && /\bin:/i.test(out)) {
    out = out.replace(OUT_IN, (_, old: string, fresh: string) => `${old.trim()} -> ${fresh.trim()}`)
      .replace(IN_OUT, (_, fresh: string, old: string) => `${old.trim()} -> ${fresh.trim()}`);
  }
  if (out.includes("#")) {
    out = out.replace(
      COMMENTED,
      (_, key: string, value: string, before: string, old: string, after: string) => {
        const note = `${before.replace(/[\s,;]+$/, "")} ${after.replace(/^[\s,;]+/, "")}`.trim();
        return `${key}: ${old} -> ${value}${note ? ` (${note})` : ""}`;
      },
    );
  }
  if (out.includes("+")) {
    out = out.replace(
      /(?<![\w/:.+-])(\p{L}[\p{L}\d.-]*)((?:\+\p{L}[\p{L}\d.-]*)+)(?![\w/:+])/gu,
      (m) => m.split("+").join(" + "),
    );
  }
  return out;
}
