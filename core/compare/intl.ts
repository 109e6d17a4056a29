/**
 * The other languages developers write notes in (German, French, Spanish, Portuguese, Dutch,
 * Italian): their cue words by class, function words and weekdays, from `lexicon/intl.json`.
 * Each class joins its English counterpart where it is read (`cues.ts`, `terms.ts`,
 * `lexicon.ts`), so a note in another language is read by the same rules: "Onze wiki zit
 * tegenwoordig in Notion, Confluence is opgezegd" says when (`tegenwoordig`) and what ended
 * (`is opgezegd`) as "Our wiki is in Notion these days, Confluence was cancelled" does.
 *
 * @module
 */
import intlJson from "./lexicon/intl.json" with { type: "json" };

/** The cue classes of `cues.json`, in the other languages. */
export const INTL_CUES: {
  readonly temporal: readonly string[];
  readonly changeVerbs: readonly string[];
  readonly oldAfter: readonly string[];
  readonly oldBefore: readonly string[];
  readonly historical: readonly string[];
  readonly hypothetical: readonly string[];
} = intlJson;

/** Function words of the other languages: said of no subject ("die", "het", "los", "nossa"). */
export const INTL_STOPWORDS: ReadonlySet<string> = new Set(intlJson.stopwords);

/** Weekdays of the other languages, to the English short names (`donnerstags` → `thu`). */
export const INTL_WEEKDAYS: ReadonlyMap<string, string> = new Map(
  Object.entries(intlJson.weekdays),
);

/** An elided article or preposition before a word ("l'appli", "d'ora", "dell'app"). */
const ELIDED = /^(?:l|d|n|j|s|c|m|t|qu|dell|dall|nell|sull|all|un)['’](?=\p{L})/u;

/** `lower` without an elided article before it ("l'appli" → "appli"). */
export function unelided(lower: string): string {
  return lower.replace(ELIDED, "");
}

/** A language's name in any of these languages → its locale code (`l'anglais` → `en`). */
const LANGUAGES: ReadonlyMap<string, string> = new Map(
  Object.entries(intlJson.languages).flatMap(([code, names]) =>
    names.map((name) => [name, code] as const)
  ),
);

/**
 * The locale a word names as a language ("anglais", "l'anglais", "Deutsch" → `en`, `en`,
 * `de`), or null. An English name written with a capital ("English") is left to the readers
 * of names, which compare it with other names; written in another language, or lowercase, it
 * is a locale.
 */
export function languageLocale(text: string): string | null {
  let lower = text.toLowerCase();
  let code = LANGUAGES.get(lower);
  if (!code && /['’]/.test(lower)) code = LANGUAGES.get(lower = unelided(lower));
  if (!code) return null;
  const english =
    /^(?:english|french|german|spanish|portuguese|dutch|italian|japanese|chinese|korean|polish|swedish)$/;
  return english.test(lower) && /^\p{Lu}/u.test(text) ? null : code;
}
