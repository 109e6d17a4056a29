/**
 * The rewrite of a user's first person into the third ("I prefer tabs" → "User prefers tabs"),
 * so a memory reads on its own.
 *
 * @module
 */

/** Verbs whose third person is not the regular `-s` form (and contractions after "I"). */
const IRREGULAR: Readonly<Record<string, string>> = {
  am: "is",
  "'m": "is",
  have: "has",
  "'ve": "has",
  do: "does",
  go: "goes",
  "don't": "doesn't",
  "do not": "does not",
  was: "was",
  can: "can",
  "can't": "can't",
  will: "will",
  "'ll": "will",
  would: "would",
  "'d": "would",
  should: "should",
  must: "must",
  might: "might",
  could: "could",
};

/** Irregular past tenses: they stay as they are in the third person. */
const PAST_TENSES = new Set(
  ("gave kept made took went got found ran wrote saw set put left told thought brought built " +
    "sent spent lost held had did said knew came became began broke chose drove fell felt forgot " +
    "hid hit let meant met paid quit read rode rose sold shut sat slept spoke stood stole taught " +
    "tore threw understood woke won wore led cut bought caught dug fed fought fled flew froze " +
    "grew hung heard hurt lay lit overlooked rang sang sank shook shot shrank sought split spun " +
    "stuck struck swore swept swung upset was were").split(" "),
);

/** "… and I mostly work in Go" → "… and mostly works in Go" (the subject is already User). */
function laterSubjects(rest: string): string {
  return rest.replace(
    /\b(and|but|so|or)\s+I\s+((?:really|mostly|also|usually|just|still|always|never|often)\s+)?([a-z']+)/g,
    (_, conjunction: string, adverb = "", verb: string) =>
      `${conjunction} ${adverb}${thirdPersonVerb(verb)}`,
  );
}

/** Third-person singular of an English verb ("prefer" → "prefers", "use" → "uses"). */
export function thirdPersonVerb(verb: string): string {
  const lower = verb.toLowerCase();
  if (lower in IRREGULAR) return IRREGULAR[lower]!;
  if (PAST_TENSES.has(lower)) return verb;
  if (/[^aeiou]y$/.test(lower)) return `${verb.slice(0, -1)}ies`;
  if (/(?:s|sh|ch|x|z|o)$/.test(lower)) return `${verb}es`;
  if (/ed$/.test(lower)) return verb; // past tense stays
  return `${verb}s`;
}

/**
 * Rewrites a sentence a user wrote in the first person so it names the user: "I prefer X" →
 * "User prefers X", "I'm on the billing team" → "User is on the billing team", "My editor
 * is Helix" → "User's editor is Helix". Adverbs between subject and verb are kept ("I really
 * like" → "User really likes"). Other sentences are returned unchanged.
 */
export function toThirdPerson(sentence: string): string {
  const clauses = sentence.split(/(?<=;)\s+/);
  if (clauses.length > 1) return clauses.map(toThirdPerson).join(" ");
  const my = sentence.match(/^My\s+/);
  if (my) return `User's ${sentence.slice(my[0].length)}`;
  const m = sentence.match(
    /^I(?:('m|'ve|'ll|'d)|\s+(?:((?:really|strongly|generally|usually|also|always|never|just|mostly|still)\s+)?)(don't|do not|\S+))(.*)$/s,
  );
  if (!m) return sentence;
  const [, contraction, adverb = "", verb = "", rest = ""] = m;
  if (contraction) return `User ${IRREGULAR[contraction]}${laterSubjects(rest)}`;
  const rewritten = /^(?:was|did|had|\w+ed)$/i.test(verb) ? verb : thirdPersonVerb(verb);
  const tail = rest.replace(/\b(?:my)\b/g, "their").replace(/\b(?:me)\b/g, "them");
  return `User ${adverb}${rewritten}${laterSubjects(tail)}`;
}
