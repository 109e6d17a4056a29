/**
 * Predicates that say a thing is over, for `demoted.ts`: the side clause of a statement whose
 * main clause gives the new value ("…; the old build box was wiped", "X isn't deployed
 * anywhere anymore", "Y editors can't open it", "the X licence lapsed"). Three classes of
 * English, written out as classes (not phrasings seen in data):
 *
 * - states and past participles of ending: removal, shutdown, return, expiry, obsolescence;
 * - verbs that end only with a particle ("switched off", "wound down", "handed back");
 * - verbs of use, presence, support or compatibility, which end a thing when negated ("isn't
 *   deployed", "no longer has access", "nobody edits", "can't open", "not renewed").
 *
 * @module
 */
import { ENDED_AFTER, ENDED_BEFORE } from "./ending_words.ts";

/** Words that say, on their own, that a thing ended or is on its way out. */
export const ENDING_STATES: ReadonlySet<string> = new Set([
  ...ENDED_AFTER,
  ...ENDED_BEFORE,
  // Returned or given up.
  "returned",
  "relinquished",
  "surrendered",
  "sold",
  "vacated",
  // Pulled from where it was.
  "pulled",
  "yanked",
  "unpublished",
  "unlisted",
  "delisted",
  "uninstalled",
  "unmounted",
  "unregistered",
  "deregistered",
  "deprovisioned",
  "disconnected",
  "detached",
  "unlinked",
  "evicted",
  "stripped",
  "excised",
  "gutted",
  "erased",
  "scrubbed",
  "reimaged",
  "reformatted",
  "wiped",
  "repurposed",
  "recycled",
  "demolished",
  "abolished",
  "stopped",
  "halted",
  "ceased",
  "deactivated",
  "suspended",
  "churned",
  "lapsed",
  "expired",
  "lapsing",
  "expiring",
  // Past its life.
  "dead",
  "defunct",
  "toast",
  "kaput",
  "gone",
  "eol",
  "end-of-life",
  "unsupported",
  "unmaintained",
  "orphaned",
  "outdated",
  "obsolete",
  "legacy",
  "deprecated",
  "frozen",
  "archived",
  "read-only",
  "mothballed",
  "history",
  // On its way out.
  "sunsetting",
  "retiring",
  "decommissioning",
  "deprecating",
  "shutting",
  "winding",
  "dying",
  "leaving",
]);

/** Verbs that end a thing with a particle after them ("switched off", "wound down"). */
export const PARTICLE_VERBS: ReadonlySet<string> = new Set([
  "switched",
  "turned",
  "shut",
  "powered",
  "spun",
  "scaled",
  "wound",
  "torn",
  "taken",
  "phased",
  "ripped",
  "thrown",
  "pulled",
  "handed",
  "given",
  "went",
  "gone",
  "moved",
  "rolled",
  "cut",
  "cleared",
  "cleaned",
  "boxed",
  "packed",
]);

/** The particles that make those verbs end a thing. */
export const END_PARTICLES: ReadonlySet<string> = new Set(["off", "out", "down", "away", "back"]);

/**
 * Verbs and adjectives of use, presence, support or compatibility: negated, they say a thing
 * is no longer in play ("isn't deployed", "no longer has access", "can't open it").
 */
export const USE_WORDS: ReadonlySet<string> = new Set([
  "do",
  "does",
  "use",
  "uses",
  "used",
  "using",
  "deploy",
  "deployed",
  "install",
  "installed",
  "run",
  "runs",
  "running",
  "ran",
  "maintain",
  "maintained",
  "support",
  "supported",
  "supports",
  "allow",
  "allowed",
  "need",
  "needed",
  "required",
  "load",
  "loaded",
  "loads",
  "enabled",
  "shipped",
  "ships",
  "renewed",
  "extended",
  "open",
  "opens",
  "read",
  "reads",
  "build",
  "builds",
  "compile",
  "compiles",
  "touch",
  "touches",
  "touched",
  "edit",
  "edits",
  "check",
  "checks",
  "access",
  "has",
  "have",
  "work",
  "works",
  "accepted",
  "called",
  "referenced",
  "available",
  "present",
  "around",
  "live",
  "included",
  "bundled",
  "kept",
  "paid",
  "licensed",
  "hosted",
  "served",
  "trusted",
  "recommended",
  "wanted",
  "welcome",
  "relevant",
  "involved",
  "exist",
  "exists",
  "there",
  "pinned",
  "tracked",
  "care",
  "rely",
  "relies",
  "depend",
  "depends",
]);

/** Words that negate a use ("not", "isn't", "no longer", "nobody", "can't"). */
export const NEGATORS =
  /^(?:not|never|no|nobody|nothing|none|neither|nor|cannot|can't|cant|won't|wont|don't|dont|doesn't|doesnt|didn't|isn't|isnt|aren't|arent|wasn't|weren't|hasn't|haven't|hadn't|shouldn't|couldn't|barely|hardly|rarely)$/;

/** Words that say a negated use holds from now on ("anymore", "no longer", "anywhere"). */
export const NO_LONGER = /^(?:anymore|longer|anywhere|more|again|nowhere)$/;
