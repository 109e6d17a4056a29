/**
 * A configuration key set to a value, in the forms developers write it: `KEY=value`, `KEY is
 * value`, `KEY: value`, `KEY defaults to value`, `KEY is set to value`, `Default KEY is value`.
 * The key is written as one (upper case with an underscore: `LOG_FORMAT`, `NODE_ENV`), so the
 * form is read by shape, not by a lexicon. Two statements that set one key to different values
 * in the same environments conflict ("LOG_FORMAT defaults to json." / "Default LOG_FORMAT is
 * logfmt."); booleans are one value however written (`true`, `on`, `enabled`, `1`, `yes`).
 *
 * @module
 */
import type { Statement } from "./claims.ts";
import type { Conflict } from "./conflict_type.ts";
import { QUALIFIERS } from "./lexicon.ts";
import { synonym } from "./terms.ts";

/** A configuration key as written: upper case, digits, joined by underscores. */
const KEY = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/;

/** Words between a key and its value that set it ("defaults to", "is set to", "="). */
const SETS = /^(?:is|=|:|==|equals|defaults|default|set|to|was)$/i;

/** Booleans in their spellings. */
const TRUE = /^(?:true|on|enabled?|1|yes)$/;
const FALSE = /^(?:false|off|disabled?|0|no)$/;

/** The words of `text` without surrounding punctuation or quotes. */
function wordsOf(text: string): string[] {
  return text.split(/\s+/u).map((w) => w.replace(/^[("'`“]+|[)"'`”,.;!?]+$/gu, ""))
    .filter(Boolean);
}

/** A value as compared: lowercase, booleans as `true` and `false`. */
function norm(value: string): string {
  const v = value.toLowerCase();
  return TRUE.test(v) ? "true" : FALSE.test(v) ? "false" : v;
}

/**
 * The keys `text` sets and their values as written.
 *
 * @example Usage
 * ```ts
 * import { keySettings } from "./key_settings.ts";
 * import { deepEqual } from "node:assert/strict";
 *
 * deepEqual(keySettings("Default CACHE_MODE is lru."), [["CACHE_MODE", "lru"]]);
 * deepEqual(keySettings("Workers start with QUEUE_BACKEND=redis."), [["QUEUE_BACKEND", "redis"]]);
 * ```
 */
export function keySettings(text: string): readonly [string, string][] {
  // Most statements set no key: one look for an upper-case word with an underscore.
  if (!/[A-Z0-9]_[A-Z0-9]/.test(text)) return [];
  const hit = CACHE.get(text);
  if (hit) return hit;
  const out = read(text);
  if (CACHE.size >= 4_096) CACHE.clear();
  CACHE.set(text, out);
  return out;
}

/** Statements read lately: the sweep compares each with many neighbours. */
const CACHE = new Map<string, readonly [string, string][]>();

/** {@linkcode keySettings}, uncached. */
function read(text: string): [string, string][] {
  const words = wordsOf(text);
  const out: [string, string][] = [];
  words.forEach((w, i) => {
    const joined = /^([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)=(.+)$/.exec(w);
    if (joined) return void out.push([joined[1]!, joined[2]!]);
    const key = w.replace(/:$/, "");
    if (!KEY.test(key)) return;
    let k = i + 1;
    const colon = w.endsWith(":");
    while (k < words.length && k < i + 4 && SETS.test(words[k]!)) k++;
    const value = words[k];
    if (value && (colon || k > i + 1) && /^[\p{L}\p{N}][\p{L}\p{N}._/:-]*$/u.test(value)) {
      out.push([key, value]);
    }
  });
  return out;
}

/** Qualifier kinds that say where a setting holds (not `default`, which says how). */
const PLACES = new Set(["environment", "platform", "region"]);

/**
 * The qualifier words (environments, platforms, regions) of `s`, outside `values`: in any word,
 * a file name's parts included (`.env.production`), in their short forms (`prod`) and as
 * adverbs (`locally`).
 */
function qualifiers(s: Statement, values: ReadonlySet<string>): Set<string> {
  const out = new Set<string>();
  for (const w of wordsOf(s.text)) {
    if (values.has(w.toLowerCase()) || w.includes("=") || KEY.test(w.replace(/:$/, ""))) continue;
    for (const piece of w.toLowerCase().match(/\p{L}+/gu) ?? []) {
      const word = [piece, piece.replace(/ly$/, "")].map(synonym).find((p) => QUALIFIERS.has(p));
      if (word && PLACES.has(QUALIFIERS.get(word)!)) out.add(word);
    }
  }
  return out;
}

/**
 * The conflict of two statements that set one key to different values in the same
 * environments, or null. Both must be plain facts; the caller checks.
 */
export function keyConflict(a: Statement, b: Statement): Conflict | null {
  const [sa, sb] = [keySettings(a.text), keySettings(b.text)];
  for (const [key, va] of sa) {
    const other = sb.filter(([k]) => k === key);
    if (other.length !== 1 || sa.filter(([k]) => k === key).length !== 1) continue;
    const vb = other[0]![1];
    if (norm(va) === norm(vb)) return null;
    const values = new Set([va.toLowerCase(), vb.toLowerCase()]);
    const [qa, qb] = [qualifiers(a, values), qualifiers(b, values)];
    if (qa.size !== qb.size || [...qa].some((q) => !qb.has(q))) return null;
    return { attribute: key, slot: `key:${key.toLowerCase()}`, values: [va, vb] };
  }
  return null;
}
