/**
 * The curated word lists statements are read with, loaded once from the data files in
 * `lexicon/`: technologies by category (`technologies.json`), choices that are not
 * technologies (`choices.json`), units (`units.json`) and the words that shape a reading
 * (`words.json`: synonyms, soft and weak words, qualifiers, roles, numbers, weekdays, months).
 * Edit the JSON, not this file; see each file's `$comment`.
 *
 * @module
 */
import choicesJson from "./lexicon/choices.json" with { type: "json" };
import techJson from "./lexicon/technologies.json" with { type: "json" };
import unitsJson from "./lexicon/units.json" with { type: "json" };
import wordsJson from "./lexicon/words.json" with { type: "json" };
import { INTL_WEEKDAYS } from "./intl.ts";

/** A name or phrase of a lexicon, matched on consecutive lowercase tokens. */
export interface Entry {
  /** The lowercase tokens of this spelling. */
  readonly tokens: readonly string[];
  /** The canonical name (the entry's first spelling). */
  readonly canonical: string;
  /** The categories it belongs to (`tech:database`, `choice:log level`). */
  readonly slots: readonly string[];
  /** Recognised only when written with a capital letter, or followed by a version. */
  readonly capitalised: boolean;
  /** For choices: one of these words must be in the statement. */
  readonly needs?: ReadonlySet<string>;
}

type Index = Map<string, Entry[]>;

const words = wordsJson as unknown as {
  capitalised: string[];
  synonyms: Record<string, string>;
  soft: string[];
  weak: string[];
  qualifiers: Record<string, string[]>;
  roles: Record<string, string[]>;
  numbers: Record<string, number>;
  weekdays: Record<string, string>;
  months: Record<string, number>;
  weakGroups: string[][];
};
const CAPITALISED = new Set(words.capitalised);

function add(index: Index, spelling: string, entry: Omit<Entry, "tokens">): void {
  const tokens = spelling.split(" ");
  const list = index.get(tokens[0]!) ?? [];
  list.push({ ...entry, tokens });
  // Longest spellings first: "react native" before "react".
  list.sort((a, b) => b.tokens.length - a.tokens.length);
  index.set(tokens[0]!, list);
}

function buildTech(): Index {
  const slots = new Map<string, Set<string>>();
  const spellings = new Map<string, string[]>();
  for (const [category, entries] of Object.entries(techJson)) {
    if (category.startsWith("$")) continue;
    for (const entry of entries as string[]) {
      const names = entry.split("|");
      const canonical = names[0]!;
      const set = slots.get(canonical) ?? new Set();
      set.add(`tech:${category}`);
      slots.set(canonical, set);
      spellings.set(canonical, [...new Set([...(spellings.get(canonical) ?? []), ...names])]);
    }
  }
  const index: Index = new Map();
  for (const [canonical, names] of spellings) {
    for (const name of names) {
      add(index, name, {
        canonical,
        slots: [...slots.get(canonical)!],
        capitalised: CAPITALISED.has(name),
      });
    }
  }
  return index;
}

function buildChoices(): Index {
  const index: Index = new Map();
  for (const [category, spec] of Object.entries(choicesJson)) {
    if (category.startsWith("$")) continue;
    const { values, needs } = spec as { values: string[]; needs: string[] };
    for (const value of values) {
      const names = value.split("|");
      for (const name of names.flatMap(spellings)) {
        add(index, name, {
          canonical: names[0]!,
          slots: [`choice:${category}`],
          capitalised: false,
          needs: new Set(needs),
        });
      }
    }
  }
  return index;
}

/**
 * A choice as written and as people also write it: joined by hyphens ("rebase and merge" →
 * "rebase-and-merge") and as a participle or gerund of its last word ("squash-merge" →
 * "squash-merged", "squash-merging"): "PRs are squash-merged" says the choice.
 */
function spellings(name: string): string[] {
  const joined = name.includes(" ") ? [name, name.replaceAll(" ", "-")] : [name];
  return joined.flatMap((n) =>
    /[a-z]{3}$/.test(n) && !/(?:ed|ing|s)$/.test(n)
      ? [n, n.endsWith("e") ? `${n}d` : `${n}ed`, `${n.replace(/e$/, "")}ing`, `${n}s`]
      : [n]
  );
}

/** Technologies by first token. */
export const TECH: ReadonlyMap<string, readonly Entry[]> = buildTech();
/** Choices by first token. */
export const CHOICES: ReadonlyMap<string, readonly Entry[]> = buildChoices();

/** Spellings read as one word (`db` → `database`). */
export const SYNONYMS: ReadonlyMap<string, string> = new Map(Object.entries(words.synonyms));
/** Words that say how a statement is put, not what it is about. */
export const SOFT: ReadonlySet<string> = new Set(words.soft);
/** Generic heads (`service`, `app`) that do not tell two subjects apart. */
export const WEAK: ReadonlySet<string> = new Set(words.weak);
/**
 * Generic heads that name the same kind of thing (a service, a repo, a pod…): "the checkout
 * service" and "the checkout page" are two subjects, "worker pods" and "the worker
 * deployment" one.
 */
export const WEAK_GROUPS: readonly (readonly string[])[] = words.weakGroups;
/** Qualifier words by kind (`production` → `environment`). */
export const QUALIFIERS: ReadonlyMap<string, string> = new Map(
  Object.entries(words.qualifiers).flatMap(([kind, list]) => list.map((w) => [w, kind])),
);
/** Role spellings (lowercase, possibly several words) → the role. */
export const ROLES: ReadonlyMap<string, string> = new Map(
  Object.entries(words.roles).flatMap(([role, list]) => list.map((w) => [w, role])),
);
/** Number words (`two` → 2, `a single` → 1). */
export const NUMBER_WORDS: ReadonlyMap<string, number> = new Map(Object.entries(words.numbers));
/** Weekdays → a short canonical day. */
export const WEEKDAYS: ReadonlyMap<string, string> = new Map([
  ...Object.entries(words.weekdays),
  ...INTL_WEEKDAYS,
]);
/** Month names → month number. */
export const MONTHS: ReadonlyMap<string, number> = new Map(Object.entries(words.months));

const units = unitsJson as unknown as Record<string, Record<string, number>>;
/** Unit spellings of a dimension → factor to the dimension's base. */
export const UNITS: {
  readonly duration: ReadonlyMap<string, number>;
  readonly size: ReadonlyMap<string, number>;
  readonly percent: ReadonlyMap<string, number>;
  readonly rate: ReadonlyMap<string, number>;
  readonly per: ReadonlyMap<string, number>;
  readonly frequency: ReadonlyMap<string, number>;
  readonly cpu: ReadonlyMap<string, number>;
  readonly people: ReadonlyMap<string, number>;
} = {
  duration: new Map(Object.entries(units.duration!)),
  size: new Map(Object.entries(units.size!)),
  percent: new Map(Object.entries(units.percent!)),
  rate: new Map(Object.entries(units.rate!)),
  per: new Map(Object.entries(units.per!)),
  frequency: new Map(Object.entries(units["frequency words"]!)),
  cpu: new Map(Object.entries(units.cpu!)),
  people: new Map(Object.entries(units.people!)),
};
