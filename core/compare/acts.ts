/**
 * Who or what does an act to a thing: the agent of an act is a slot with one filler. "Staging
 * deploys are triggered by launchpad" and "… triggered by the shipyard bot", "HR approves all
 * holiday requests" and "Holiday requests are approved by your team lead", "The CLI is built
 * and published by GoReleaser" and "cargo-dist builds and publishes the CLI": one thing, one
 * act, two doers. The reading needs no lexicon of the doers (people, teams, bots and tools no
 * one has heard of all fill it); it reads the grammar of the act:
 *
 * - passive: the thing, an auxiliary ("is", "are", "must be", "gets"), a participle (and
 *   "off"/"up"/"out"), then `by` and the doer ("are signed off by the CTO");
 * - a noun of the act: "need approval from the engineering manager", "ui-kit maintainers:
 *   growth team";
 * - active, for the verbs of the act classes below only: a doer opening the statement, the
 *   verb in the third person, then the thing ("Finance (Lukas) signs off every vendor
 *   contract").
 *
 * Two readings conflict when their acts are one (the same verb, or two verbs of one class:
 * "generated" / "produced", "shipped" / "cut"), their things are the same words (a quantifier
 * such as "all" or "every" aside), and their doers share no word. Lists, denials, changes,
 * proposals, additions and events are read elsewhere, and any scope one side says and the other
 * does not ("for hotfixes", "in staging") is part of its thing, which then differs.
 *
 * @module
 */
import type { Conflict } from "./conflict_type.ts";
import { sameDoer } from "./same_doer.ts";
import type { Statement } from "./claims.ts";
import { tokensFor } from "./cached_tokens.ts";
import { stem, termsOf } from "./terms.ts";
import type { Token } from "./tokens.ts";

/** An act read from a statement: the act's class, the thing it is done to, its doer. */
export interface Act {
  /** The classes of its verbs (a verb of no class is its own stem). */
  readonly acts: readonly string[];
  /** The words of the thing acted on and of any scope, as terms. */
  readonly thing: ReadonlySet<string>;
  /** Those of its words written as a describing participle before a noun ("shared"). */
  readonly described: ReadonlySet<string>;
  /** The doer as written. */
  readonly doer: string;
  /** The doer's words, as terms and lowercase names. */
  readonly doerWords: ReadonlySet<string>;
  /** The doer's terms alone. */
  readonly doerTerms: ReadonlySet<string>;
  /** Read from the active voice ("Tomas reviews the code"): a habit, maybe one of several doers. */
  readonly active: boolean;
}

/** Verbs of one act (as stems): two of one class name the same act. */
const CLASSES: Readonly<Record<string, readonly string[]>> = {
  make: ["generat", "produc", "creat", "render", "build", "make", "compil", "templat", "writ"],
  do: ["do", "handl", "tak", "perform", "execut", "process", "conduct"],
  approve: ["approv", "approval", "sign", "signoff", "sign-off", "authoriz", "authoris", "grant"],
  review: ["review", "vet", "audit", "inspect"],
  triage: ["triag", "dispatch", "rout"],
  maintain: ["maintain", "maintainer", "operat", "administer", "administr", "curat", "steward"],
  ship: ["ship", "cut", "releas", "publish", "deploy", "roll"],
  trigger: ["trigger", "start", "initiat", "kick", "launch", "schedul"],
  serve: ["serv", "host"],
  sign: ["encrypt", "hash", "issu"],
};

/** The class of each stem. */
const CLASS_OF = new Map(
  Object.entries(CLASSES).flatMap(([name, stems]) => stems.map((s) => [s, name] as const)),
);

/** Irregular participles of the classes' verbs, as the stem of their class. */
const IRREGULAR: Readonly<Record<string, string>> = {
  done: "do",
  taken: "tak",
  made: "make",
  built: "build",
  cut: "cut",
  written: "writ",
  run: "operat",
  rolled: "roll",
};

/** Participles of making after which "with" names the tool that does it. */
const TOOL_ACTS = /^(?:generated|produced|created|rendered|built|compiled|templated|made)$/;

/** Auxiliaries of the passive in the present. */
const AUXILIARY = /^(?:is|are|be|gets?|must|should|has|have|to)$/;

/** Particles after the verb that belong to it ("signed off", "kicked off"). */
const PARTICLE = /^(?:off|up|out)$/;

/** Words that end a doer: a scope, a time, a condition, a list of another kind. */
const DOER_END =
  /^(?:for|in|on|at|during|before|after|when|unless|except|if|via|with|through|using|and|or|not|but|every|each|from|to|per|since|until|by)$/;

/** Verbs of a plural subject: after one, the word before was a noun. */
const FINITE =
  /^(?:is|are|was|were|run|go|get|use|need|have|happen|start|take|live|stay|sit|land|come|expire|fail|ship|must|should|can|will)$/;

/** Generic heads of doers. */
const GENERIC_DOER = /^(?:team|teams|squad|group|guild|crew|bot|folks|people|department|org)$/;

/** Participles that pick a part of a thing by its age or standing. */
const PART = /^(?:archived|deprecated|retired|outdated|unused|required|selected|approved|signed)$/;

/** A count opening a doer. */
const NUMBER = /^(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|several|many|multiple)$/;

/** Words that say nothing of the thing: determiners, quantifiers, auxiliaries, adverbs. */
const FILLER =
  /^(?:the|a|an|our|your|their|its|my|all|every|each|any|some|is|are|be|must|should|gets?|has|have|need|needs|require|requires|directly|always|usually|normally|typically|currently|only|by|from|to|of|please|we|us)$/;

/** Nouns of an act that take their doer after `from` ("approval from …"). */
const ACT_NOUNS = /^(?:approval|sign-?off|review)s?$/;

/** Role nouns before a colon ("ui-kit maintainers: growth team"). */
const ROLE_NOUNS = /^(?:maintainers?|approvers?|reviewers?)$/;

/** Words that make a statement no plain claim of one doer. */
const GUARD =
  /\b(?:not|no|never|don't|doesn't|isn't|aren't|also|too|either|both|sometimes|usually|optionally|may|might|could|or)\b/i;

/**
 * The act `s` states with its doer, or null.
 *
 * @example Usage
 * ```ts
 * import { readStatement } from "./claims.ts";
 * import { readAct } from "./acts.ts";
 * import { deepEqual, equal } from "node:assert/strict";
 *
 * const act = readAct(readStatement("Nightly builds are triggered by the cronbot."));
 * deepEqual(act?.acts, ["trigger"]);
 * equal(act?.doer, "cronbot");
 * equal(readAct(readStatement("Nightly builds run at 02:00.")), null);
 * ```
 */
export function readAct(s: Statement): Act | null {
  if (s.cues.change.length > 0 || s.cues.hypothetical || s.cues.additive || s.cues.event) {
    return null;
  }
  const tokens = tokensFor(s.text).filter((t) => !t.reason);
  return passive(tokens) ?? actNoun(tokens) ?? roleNoun(tokens) ?? source(tokens) ??
    active(tokens);
}

/** Two doers of one act on one thing as a conflict of the attribute "doer", or null. */
export function doerConflict(
  a: Statement,
  b: Statement,
): Conflict | null {
  const values = actConflict(a, b);
  return values && { attribute: "doer", slot: "doer", values };
}

/**
 * The conflict of two acts: the doers of one act on one thing, or null.
 *
 * @example Usage
 * ```ts
 * import { readStatement } from "./claims.ts";
 * import { actConflict } from "./acts.ts";
 * import { deepEqual, equal } from "node:assert/strict";
 *
 * const read = (text: string) => readStatement(text);
 * deepEqual(
 *   actConflict(read("Expense reports are approved by Dana."), read("Finance approves all expense reports.")),
 *   ["Dana", "Finance"],
 * );
 * equal(actConflict(read("Expense reports are approved by Dana."), read("Travel requests are approved by Finance.")), null);
 * ```
 */
export function actConflict(a: Statement, b: Statement): [string, string] | null {
  if (GUARD.test(beforeDoer(a.text)) || GUARD.test(beforeDoer(b.text))) return null;
  const [x, y] = [readAct(a), readAct(b)];
  // Two habits ("Tomas reviews the payments code" / "Priya reviews …") may both hold; a rule
  // on one side ("… is reviewed by", "needs approval from") names the one doer.
  if (!x || !y || x.active && y.active) return null;
  if (!x.acts.some((c) => y.acts.includes(c)) || x.acts.length !== y.acts.length) return null;
  if (x.thing.size === 0 || y.thing.size === 0) return null;
  // One describing participle on one side only ("the shared UI kit" / "ui-kit") names no
  // other thing; anything else one side says is its own.
  const [onlyX, onlyY] = [
    [...x.thing].filter((w) => !y.thing.has(w)),
    [...y.thing].filter((w) => !x.thing.has(w)),
  ];
  const described = (only: string[], act: Act) =>
    only.length === 0 || only.length === 1 && act.described.has(only[0]!);
  if (onlyX.length && onlyY.length || !described(onlyX, x) || !described(onlyY, y)) return null;
  // A doer's generic head ("the growth team" / "the design-systems team") tells nothing apart.
  if ([...x.doerWords].some((w) => y.doerWords.has(w) && !GENERIC_DOER.test(w))) return null;
  // A doer the other side names whole as part of its thing ("the payments team's runbook")
  // is no other doer.
  const inThing = (d: Act, t: Act) =>
    d.doerTerms.size > 0 && [...d.doerTerms].every((w) => t.thing.has(w));
  if (inThing(x, y) || inThing(y, x)) return null;
  // A name and its handle ("@dana" / "Dana (@dana)") are one doer.
  if (sameDoer(x.doer, y.doer, a.text, b.text)) return null;
  return [x.doer, y.doer];
}

/** The text before the first `by`/`from` (a denial after the doer names another one). */
function beforeDoer(text: string): string {
  const m = /\b(?:by|from)\b/i.exec(text);
  return m ? text.slice(0, m.index) : text;
}

/** The class of a verb as written, or its stem. */
function classOf(lower: string): string | undefined {
  const st = IRREGULAR[lower] ?? stem(lower);
  return CLASS_OF.get(st) ?? CLASS_OF.get(lower);
}

/** "<thing> is/are [must be] <participle> [off] by <doer> [scope]". */
function passive(tokens: readonly Token[]): Act | null {
  // "by", or for a tool "with" ("are produced with snapdocs").
  const by = tokens.findIndex((t, i) =>
    !t.paren &&
    (t.lower === "by" || t.lower === "with" && TOOL_ACTS.test(tokens[i - 1]?.lower ?? ""))
  );
  if (by < 2) return null;
  const acts: string[] = [];
  let k = by - 1;
  if (PARTICLE.test(tokens[k]!.lower)) k--;
  // "built and published by …": every participle of the run.
  while (k >= 0) {
    const t = tokens[k]!;
    if (!participle(t.lower)) break;
    // Only acts with one doer: many use, block or call a thing.
    const act = classOf(t.lower);
    if (!act) return null;
    acts.push(act);
    k--;
    if (tokens[k]?.lower === "and" && participle(tokens[k - 1]?.lower ?? "")) k--;
    else break;
  }
  if (acts.length === 0 || !tokens[k] || !AUXILIARY.test(tokens[k]!.lower)) return null;
  const doer = doerAt(tokens, by + 1);
  if (!doer) return null;
  return made(acts, [...tokens.slice(0, k), ...tokens.slice(doer.end)], doer);
}

/** "<thing> come(s) from <doer>": what serves it ("Mobile feature flags come from togglr"). */
function source(tokens: readonly Token[]): Act | null {
  const i = tokens.findIndex((t) => /^(?:comes?)$/.test(t.lower) && !t.paren);
  if (i < 1 || tokens[i + 1]?.lower !== "from") return null;
  const doer = doerAt(tokens, i + 2);
  if (!doer) return null;
  return made(["serve"], [...tokens.slice(0, i), ...tokens.slice(doer.end)], doer);
}

/** "<thing> need(s) approval from <doer>". */
function actNoun(tokens: readonly Token[]): Act | null {
  const i = tokens.findIndex((t) => ACT_NOUNS.test(t.lower));
  if (i < 1 || tokens[i + 1]?.lower !== "from") return null;
  if (!/^(?:needs?|requires?|gets?)$/.test(tokens[i - 1]!.lower)) return null;
  const doer = doerAt(tokens, i + 2);
  const act = classOf(tokens[i]!.lower.replace(/s$/, ""));
  if (!doer || !act) return null;
  return made([act], [...tokens.slice(0, i - 1), ...tokens.slice(doer.end)], doer);
}

/** "<thing> maintainers: <doer>". */
function roleNoun(tokens: readonly Token[]): Act | null {
  const i = tokens.findIndex((t) => ROLE_NOUNS.test(t.lower));
  if (i < 1 || tokens[i + 1]?.text !== ":") return null;
  const doer = doerAt(tokens, i + 2);
  const act = classOf(tokens[i]!.lower.replace(/s$/, ""));
  if (!doer || !act) return null;
  return made([act], [...tokens.slice(0, i), ...tokens.slice(doer.end)], doer);
}

/** "<Doer> [(aside)] <verb>s [off] <thing>", for the verbs of the classes. */
function active(tokens: readonly Token[]): Act | null {
  const at = tokens.findIndex((t, i) =>
    i > 0 && i <= 4 && !t.paren && /[^su]s$/.test(t.lower) && classOf(t.lower) !== undefined
  );
  if (at < 1) return null;
  const acts = [classOf(tokens[at]!.lower)!];
  let k = at + 1;
  if (PARTICLE.test(tokens[k]?.lower ?? "")) k++;
  // "builds and publishes the CLI".
  if (tokens[k]?.lower === "and" && /[^su]s$/.test(tokens[k + 1]?.lower ?? "")) {
    const second = classOf(tokens[k + 1]!.lower);
    if (!second) return null;
    acts.push(second);
    k += 2;
  }
  // A plural noun before the statement's own verb is no verb ("Nightly builds run at 02:00").
  if (tokens.slice(k).some((t) => FINITE.test(t.lower))) return null;
  const before = tokens.slice(0, at);
  // The doer: a name or a few words opening the statement, an aside in parentheses aside.
  const named = before.filter((t) => !t.paren && t.kind !== "punct");
  if (named.length === 0 || named.length > 4) return null;
  // ("The security team conducts …": an article opens it.)
  if (/^(?:the|our)$/.test(named[0]!.lower)) named.shift();
  if (named.length === 0) return null;
  if (named.some((t) => /^(?:the|a|an|our|we|i|they|it|this|that)$/.test(t.lower))) return null;
  const doer = { text: named.map((t) => t.text).join(" "), words: wordsOf(named), end: at };
  return { ...made(acts, tokens.slice(k), doer), active: true };
}

/** Whether `lower` is a participle: ending in -ed, or an irregular one. */
function participle(lower: string): boolean {
  return /^[a-z-]{3,}ed$/.test(lower) || lower in IRREGULAR;
}

/** The doer starting at token `i`: to a comma, a clause end, a parenthesis or a scope word. */
function doerAt(
  tokens: readonly Token[],
  i: number,
): { text: string; words: Set<string>; end: number } | null {
  const clause = tokens[i]?.clause;
  let end = i;
  while (
    end < tokens.length && tokens[end]!.clause === clause && tokens[end]!.kind !== "punct" &&
    !tokens[end]!.paren && !DOER_END.test(tokens[end]!.lower)
  ) end++;
  // "the SRE on call": a role said with its duty.
  if (/^on$/.test(tokens[end]?.lower ?? "") && tokens[end + 1]?.lower === "call") end += 2;
  const run = tokens.slice(i, end).filter((t) => !/^(?:the|a|an|your|our|their)$/.test(t.lower));
  // A number of doers ("two engineers") says how many, not who.
  if (run.length === 0 || run.length > 4 || NUMBER.test(run[0]!.lower)) return null;
  return { text: run.map((t) => t.text).join(" "), words: wordsOf(run), end };
}

/** The words of a doer: its terms, and each word lowercase (a name may be a soft word). */
function wordsOf(tokens: readonly Token[]): Set<string> {
  return new Set(tokens.flatMap((t) => [t.lower, ...termsOf(t.lower)]));
}

/** An act from its parts: the thing is every other word of the statement that says something. */
function made(
  acts: readonly string[],
  rest: readonly Token[],
  doer: { text: string; words: Set<string> },
): Act {
  // A number or an identifier names its own thing ("firmware 2.4.0", "FW-77").
  const thing = new Set(
    rest.filter((t) => t.kind !== "punct" && !t.paren && !FILLER.test(t.lower))
      .flatMap((t) => /\d/.test(t.lower) ? [t.lower] : termsOf(t.lower)),
  );
  const doerTerms = new Set(doer.text.toLowerCase().split(/\s+/).flatMap(termsOf));
  // (Not one that picks a part by its age or standing: "archived runbooks".)
  const described = new Set(
    rest.filter((t, i) =>
      /^[a-z]{3,}ed$/.test(t.lower) && !PART.test(t.lower) && rest[i + 1]?.kind === "word"
    ).flatMap((t) => termsOf(t.lower)),
  );
  return {
    acts: [...new Set(acts)].sort(),
    thing,
    doer: doer.text,
    doerWords: doer.words,
    doerTerms,
    described,
    active: false,
  };
}
