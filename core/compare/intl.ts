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
