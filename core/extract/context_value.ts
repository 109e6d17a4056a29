/**
 * A short answer that gives a new value of something a memory already holds: "Wednesdays" to
 * "When does the staging deploy happen?" with "The staging deploy happens every Tuesday."
 * active is that sentence with the day replaced ("… every Wednesday."), updating it, instead of
 * the memory with the answer stuck on its end.
 *
 * @module
 */

/**
 * One kind of value a reply can give in place of the memory's: the value, with the words that
 * lead into it (`on`, `every`, `at`) in group 1, found anywhere (`held`) or as a whole reply.
 */
interface ValueKind {
  readonly held: RegExp;
  readonly whole: RegExp;
}

const kind = (source: string): ValueKind => ({
  held: new RegExp(source, "gi"),
  whole: new RegExp(`^${source}$`, "i"),
});

const DAY = "(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)s?";

const KINDS: readonly ValueKind[] = [
  kind(`\\b((?:on|every|each)\\s+)?(${DAY}(?:\\s+and\\s+${DAY})?)\\b`),
  kind(
    String
      .raw`\b((?:at|around|by)\s+)?(\d{1,2}(?::\d{2})?\s*(?:am|pm)|\d{1,2}:\d{2}(?:\s*(?:utc|[a-z]{2,4}t))?)(?![\w:])`,
  ),
];

/** Words that close a reply without being part of its value ("on Thursdays now"). */
const CLOSING = /[\s,]+(?:now|these days|nowadays|instead|from now on|going forward|anymore)\s*$/i;

/** A memory re-stated with the reply's value, and whether that value is the one it held. */
export interface Substituted {
  readonly content: string;
  readonly same: boolean;
}

/**
 * `content` with its one value of the reply's kind replaced by the reply's, or null when the
 * reply is not a value of a known kind, or the memory holds none or several of that kind.
 */
export function substituteValue(content: string, reply: string): Substituted | null {
  const answer = reply.replace(CLOSING, "").trim();
  for (const { held: pattern, whole } of KINDS) {
    const m = whole.exec(answer);
    if (!m) continue;
    const given = { lead: m[1] ?? "", value: m[2]! };
    const held = [...content.matchAll(pattern)];
    if (held.length !== 1) return null;
    const old = held[0]!;
    const lead = given.lead || old[1] || "";
    const value = /^(?:every|each)\s/i.test(lead) ? singular(given.value) : given.value;
    const start = old.index!;
    return {
      content: content.slice(0, start) + lead + value + content.slice(start + old[0].length),
      same: old[2]!.toLowerCase() === given.value.toLowerCase(),
    };
  }
  return null;
}

/** "Wednesdays" → "Wednesday" after "every". */
function singular(value: string): string {
  return value.replace(/days\b/gi, (s) => s.slice(0, -1));
}
