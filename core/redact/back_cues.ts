/**
 * What stands between a label and its value and ties or parts the two: light words ("the
 * staging", "our"), a copula ("<hex> is the datadog api key"), a demonstrative pointing back
 * ("…, that's the Datadog API key", "^ that's the prod db password" under the value), an aside
 * in brackets ("<value> (Twilio auth token)") or between dashes, which does not count toward a
 * label's reach; and the public words (commit, hash, id) that part them. Read by `prose.ts`.
 *
 * @module
 */
import { prefixlessVendor } from "./labels.ts";

/** Words that name something public when they are a value's own key. */
export const PUBLIC_KEYS = new Set(
  ("commit sha hash digest checksum id uuid guid ulid ksuid request trace span build version " +
    "revision rev tag etag fingerprint salt nonce iv image pipeline job run issue ticket order " +
    "invoice record object event message workspace project jti kid").split(" "),
);

/** How many more words are read when an aside opens after a label. */
export const ASIDE_WORDS = 20;

/**
 * Whether a word opens an aside: a dash standing alone, a bracket not closed in the word, or a
 * relative clause set off by commas (", which changes every quarter,"), after `previous`.
 */
export function asideOf(word: string, previous?: string): "" | "dash" | "paren" | "comma" {
  if (/^(?:[—–]|--)$/.test(word)) return "dash";
  if (previous?.endsWith(",") && /^(?:which|who|whose|where|when)$/i.test(word)) return "comma";
  return word.startsWith("(") && !word.endsWith(")") ? "paren" : "";
}

/** Whether a word closes the aside it is in (`""` when none is open). */
export function closesAside(aside: string, word: string): boolean {
  if (aside === "dash") return asideOf(word) === "dash";
  return aside === "comma" ? word.endsWith(",") : word.endsWith(")");
}

/**
 * Whether the words between a value and the label after it make the value the subject of a
 * copula whose predicate is the label: "<hex> is the datadog api key", not "<sha> is the commit
 * that rotated the key" (a public word, or a clause of its own, stands between).
 */
export function subject(between: readonly string[]): boolean { // nearest the label first
  const [first, ...rest] = between.map((w) => w.toLowerCase().replace(/[,.:]+$/, "")).reverse();
  return first !== undefined && /^(?:is|was|=|→)$/.test(first) && rest.length <= 4 &&
    !rest.some((w) => PUBLIC_KEYS.has(w) || CLAUSE_WORDS.has(w));
}

/** Words that open a clause of their own between a value and a label. */
const CLAUSE_WORDS = new Set(
  "that which where when who what we i you they he she it not no never used".split(" "),
);

/** Words that may stand between a value and the label after it ("Is … still the Redis password?"). */
const LIGHT = new Set(
  ("the a an our my your its their this that still also now currently new old current same " +
    "default shared temporary temp real actual staging stage prod production dev development " +
    "qa uat test preprod local admin root db database main master wifi vpn").split(" "),
);

/** Whether a word may stand between a value and its label: light, or a name (`Datadog`). */
export function light(word: string): boolean {
  return LIGHT.has(word.toLowerCase()) || /^[A-Z][A-Za-z0-9\-]*$/.test(word);
}

/**
 * "that's the", "which is the", "it's our", "so that is still the current", "which Mixpanel
 * calls the project's": a demonstrative or relative pronoun opening the label's own clause, which
 * points back to the value before it. `nearest` holds the words before the label, nearest first
 * (up to eight are read). Between the pronoun and the label stand only light words, a label's own
 * words, a copula, a verb of naming and whose it is (a name, a possessive): nothing that opens a
 * clause of its own or names something public.
 */
export function pointsBack(nearest: readonly string[]): boolean {
  const words = nearest.slice(0, 8);
  const i = words.findIndex((w, k) =>
    /^\(?(?:that['’]?s|it['’]?s|which|this)$/i.test(w) ||
    // "that is", "it was": a bare pronoun before a copula on the label's side.
    /^\(?(?:that|it|this)$/i.test(w) && k > 0 && /^(?:is|was)$/i.test(words[k - 1]!)
  );
  if (i === -1) return false;
  // The label's noun phrase back to its determiner ("the router", "our old billing") may hold
  // any words that name no public thing: they say whose the secret is.
  const det = words.slice(0, Math.min(i, 4)).findIndex((w) => DETERMINERS.has(bareWord(w)));
  const phrase = det === -1 ? 0 : det;
  if (words.slice(0, phrase).some((w) => PUBLIC_KEYS.has(bareWord(w)))) return false;
  // "…, that's the signing secret": a label's own words ("signing", "API") may stand between.
  return words.slice(phrase, i).every((w) => {
    const bare = bareWord(w);
    return light(w) || LABEL_WORDS.has(bare) || NAMING.has(bare) ||
      /^[\p{L}]+['’]s$/u.test(bare); // whose it is: "the project's"
  });
}

/** Words that open a noun phrase. */
const DETERMINERS = new Set("the our my your its their his her".split(" "));

/** Copulas and verbs of naming between a pronoun and the label it points with. */
const NAMING = new Set(
  "is was are 's calls called call names named dubs dubbed labels labelled means".split(" "),
);

/**
 * "<value> (Twilio auth token)": the label in brackets right after the value names it (hex
 * too: an aside of light words is no commit's or id's key). When the label closes the aside
 * (`closes`: "<value> (the ledger admin password)"), the aside is a noun phrase whose head is
 * the label, so any words may say whose it is, up to four, but not a public word (a commit's,
 * an id's) nor one that opens a clause of its own ("(fixes the token leak)" does not close on it).
 */
export function bracketAside(
  between: readonly string[],
  shaped: boolean,
  closes = false,
): boolean {
  const opening = between.at(-1);
  if (!shaped || opening === undefined || !opening.startsWith("(")) return false;
  const named = (w: string) => {
    const word = w.replace(/^\(/, "");
    return word === "" || light(word) || LABEL_WORDS.has(word.toLowerCase());
  };
  if (between.every(named)) return true;
  return closes && between.length <= 4 && between.every((w) => {
    const word = bareWord(w);
    return named(w) ||
      /^[\p{L}][\p{L}\p{N}\-]*$/u.test(word) && !PUBLIC_KEYS.has(word) && !CLAUSE_WORDS.has(word);
  });
}

/**
 * Words of a label of several words ("auth token", "API key"), and the kinds of token a provider
 * issues ("personal access token", "refresh token", "deploy key", "ingest key").
 */
const LABEL_WORDS = new Set(
  ("api auth access secret private app bot service account client signing webhook personal " +
    "refresh session bearer deploy ingest encryption recovery").split(" "),
);

/** A word in lower case without the punctuation around it. */
export function bareWord(w: string): string {
  return w.toLowerCase().replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "");
}

/**
 * Whether the start of a label's line points at the line above: `^`, `↑`, "above:", or a
 * demonstrative opening the line ("that's the prod db password"), then a few light words.
 */
export function pointsUp(prefix: string): boolean {
  const m =
    /^[ \t>*\-]*(\^+|↑|☝️?|👆|above[:,]?)?[ \t]*(that['’]?s|this is|it['’]?s|which is)?[ \t]*((?:\S+[ \t]+){0,3})$/iu
      .exec(prefix);
  if (m === null || (m[1] === undefined && m[2] === undefined)) return false;
  return (m[3] ?? "").trim().split(/\s+/).filter((w) => w !== "").every(light);
}

/**
 * Whether a label's line is a caption in brackets under a value ("(Passwort für den Drucker)",
 * "(the wiki's admin password)"): the brackets hold the whole line, with at most four words on
 * either side of the label and none that is public or opens a clause.
 */
export function captionLine(before: string, after: string): boolean {
  const open = /^[ \t]*\((.*)$/.exec(before);
  const close = /^(.*)\)[.!]?[ \t]*\r?$/.exec(after);
  if (open === null || close === null) return false;
  const words = `${open[1]} ${close[1]}`.split(/\s+/).map(bareWord).filter((w) => w !== "");
  return words.length <= 8 && !/[()]/.test(open[1]! + close[1]!) &&
    words.every((w) => !PUBLIC_KEYS.has(w) && !CLAUSE_WORDS.has(w));
}

/** Words between a key and its value that do not name anything. */
const CONNECTORS = new Set(
  ("is was are were be been = : - – — → => -> is: like to as of for the a an its it's still " +
    "now also set changed reset updated becomes became with here").split(" "),
);

/** Whether the word just before a value (past connectors and asides) names something public. */
export function publicKey(before: readonly string[]): boolean {
  let depth = 0;
  for (let i = before.length - 1; i >= 0; i--) {
    const word = before[i]!.toLowerCase();
    if (word.endsWith(")")) depth++;
    if (word.startsWith("(") && depth > 0) {
      depth--;
      continue;
    }
    if (depth > 0) continue;
    // A bracket that opens before the value and holds it: its first word may be the value's key
    // ("… tokens (request <id>)").
    const bare = word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "");
    if (bare === "" || CONNECTORS.has(bare) || CONNECTORS.has(word)) continue;
    // "key for the side project: <value>": the word says what the secret is for, not what the
    // value is.
    // Only when something hands the value over after it: in "failed for request <id>" the
    // noun right before the value is its key.
    const handed = word.endsWith(":") ||
      before.slice(i + 1).some((w) => /^(?::|is|was|=|[-–—→]|->)$/i.test(w));
    const purpose = handed &&
      before.slice(Math.max(0, i - 4), i).some((w) => /^(?:for|of)$/i.test(w));
    return PUBLIC_KEYS.has(bare) && !purpose;
  }
  return false;
}

/**
 * Whether hex before a label is a key because the label names a service whose keys are bare
 * hex of any key length (a Datadog application key's 40 digits too), the value is given "as" or
 * "for" it, and the label ends its phrase: "uses <hex> for its Datadog app key, per …", not
 * "<sha> for the Datadog key rollout" (the key names the rollout) nor "commit <sha> for …".
 */
export function vendorHex(
  text: string,
  between: readonly string[],
  value: { start: number; end: number },
  labelEnd: number,
  previous?: { text: string },
): boolean {
  const hex = text.slice(value.start, value.end);
  const after = text.slice(labelEnd, labelEnd + 8);
  const before = previous?.text ?? "";
  const words = between.map((w) => w.replace(/[,.:]+$/, ""));
  return /^[0-9a-f]{32,64}$/i.test(hex) && words.some(prefixlessVendor) &&
    words.some((w) => /^(?:as|for)$/i.test(w)) &&
    ![...words, before].some((w) => PUBLIC_KEYS.has(bareWord(w))) &&
    /^(?:[,.;:!?)]|[ \t]*(?:\n|$)|[ \t]+(?:per|in|on|at|from|and|but|so|since|until|—|–|-)[ \t])/
      .test(after);
}
