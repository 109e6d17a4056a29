/**
 * The cue vocabulary the write path's rule stages share: memory cues ("remember", "from now
 * on"), decisions, corrections, errors and fixes, events, limits, advice, gotchas, recurring
 * time and procedures. Each cue is a named regular expression so the gate can report which
 * ones fired. Chatter is `chatter.ts`, code and logs `code_lines.ts`.
 *
 * @module
 */

/** A named pattern. */
export interface Cue {
  readonly name: string;
  readonly re: RegExp;
}

/**
 * Memory cues: the speaker asks for something to be kept, or states a standing rule or taste.
 * "never"/"always" count only as policy ("we never…", "Always …", "you should always…"), not
 * as description ("it always fails", "I've never seen this").
 */
export const MEMORY_CUES: readonly Cue[] = [
  {
    name: "remember",
    re:
      /\b(?:remember|don't forget|do not forget|keep in mind|note that|make a note|for future reference|fyi|heads[- ]up|watch out|be careful|beware)\b/i,
  },
  {
    name: "always",
    re:
      /(?:^|[.!;:,]\s+|\b(?:we|you|i|should|must|please|to)\s+)always\b(?!\s+(?:happy|glad|welcome|a pleasure)\b)/i,
  },
  {
    name: "never",
    re:
      /(?:^|[.!;:,]\s+|\b(?:we|you|i|should|must|please|to)\s+)never\b(?!\s+(?:mind|seen|had|got|been|heard|used it before))/i,
  },
  {
    name: "from-now-on",
    re:
      /\b(?:from now on|going forward|in the future|moving forward|by default|as a rule|from here on)\b/i,
  },
  { name: "we-decided", re: /\b(?:we|i|team)\s+(?:have\s+|'ve\s+)?(?:decided|agreed|settled)\b/i },
  {
    name: "prefer",
    re: new RegExp(
      [
        String
          .raw`\b(?:i|we)(?:\s+|(?=['’]))(?:(?:really|strongly|generally|usually)\s+)?(?:prefer|['’]d prefer|would prefer|['’]d rather|would rather|like to|love|hate|dislike|don't like|do not like)\b`,
        String
          .raw`\bi\s+(?:(?:really|mostly|just|also|usually)\s+)?(?:like|want)\s+(?!(?:it|that|this|you|to see|to know|to check|to try|to look|to understand)\b)`,
        String.raw`\bprefer\s+\S+.*\bover\b`,
        String.raw`\bmy preference\b`,
      ].join("|"),
      "i",
    ),
  },
  {
    name: "dont",
    re:
      /(?:^|[.!;:]\s+(?:we\s+)?|^we\s+|\b(?:please|and|but|so)\s+)(?:don't|do not|avoid|stop)\b(?!\s+(?:worry|bother|mind|know|think|see|understand|remember|get|have to worry))/i,
  },
  {
    name: "make-sure",
    re:
      /\b(?:make sure|ensure that|be sure to|always make|must always|must never|should always|should never|is required|are required|is mandatory)\b/i,
  },
  {
    name: "convention",
    re: new RegExp(
      [
        String.raw`\b(?:convention|our rule|the rule is|house style|naming)\b`,
        String
          .raw`\bwe (?:always |usually |generally )?(?:keep|put|name|call|prefix|suffix|store|write|use|follow|stick to|deploy|require)\b`,
        String
          .raw`\b(?:should|must) (?:always |never )?(?:be|have|use|go|live|stay|include|start|end|say|pass|run)\b`,
      ].join("|"),
      "i",
    ),
  },
];

/** Decisions: a choice made, often replacing something ("switched from X to Y"). */
export const DECISION_CUES: readonly Cue[] = [
  {
    name: "decided",
    re:
      /\b(?:decided|decision|we chose|we've chosen|chose\s+\S+\s+over|opted for|settled on|agreed on|going with|go with|went with)\b/i,
  },
  {
    name: "switch",
    re: new RegExp(
      [
        String.raw`\bswitch(?:ed|ing)? (?:\S+ ){0,3}(?:from|to|over to)\b`,
        String.raw`\bmov(?:e|ed|ing) (?:\S+ ){0,3}(?:from \S+ )?to\b`,
        String.raw`\bmigrat(?:ed|ing) (?:\S+ ){0,3}(?:from|to)\b`,
        String.raw`\breplac(?:ed|ing) \S+ with\b`,
        String.raw`\bport(?:ed|ing) (?:\S+ ){0,3}to\b`,
        String.raw`\bpin(?:ned|ning)? (?:\S+ ){0,3}(?:to|at) v?\d`,
      ].join("|"),
      "i",
    ),
  },
  {
    name: "instead",
    re:
      /\b(?:we'll|we will|we're going to|let's|lets|we should|we'd|we're)\s+(?:use|go|stick|keep|move|switch|pin|drop|adopt)\b|\binstead of\b|\brather than\b/i,
  },
];

/** Corrections of something said before. */
export const CORRECTION_CUES: readonly Cue[] = [
  { name: "actually", re: /^\W*(?:correction|wait|oops|sorry)\b|\bactually\b/i },
  { name: "instead", re: /\binstead\b/i },
  {
    name: "no-longer",
    re:
      /\b(?:no longer|not\s+(?:\S+\s+){0,3}any ?more|changed (?:it )?to|scratch that|rather than)\b/i,
  },
];

/** Errors, failures and stack traces. */
export const ERROR_CUES: readonly Cue[] = [
  {
    name: "error-message",
    re:
      /(?:^|\s)(?:error|[A-Z]\w*(?:Error|Exception)|panic|fatal|FAIL(?:ED)?|ERR!?)(?:\[\w+\])?:\s|\berror TS\d+/m,
  },
  {
    name: "failure",
    re:
      /\b(?:fail(?:s|ed|ing|ure)?|broke(?:n)?|breaks|crash(?:es|ed)?|exception|errors?|regression|flaky|hangs|timed out|times out|segfault|panicked|not found|undefined is not|cannot find|can't find|collides?|collisions?|conflicts?|race condition|deadlocks?|leaks?|drifts?|off by one)\b/i,
  },
  {
    name: "stack-trace",
    re:
      /^\s+at\s+\S+.*(?:\(|\s)\S+:\d+:\d+\)?\s*$|^\s*File "[^"]+", line \d+|^Traceback \(most recent call last\)/m,
  },
];

/** Fixes and root causes. */
export const FIX_CUES: readonly Cue[] = [
  {
    name: "fix",
    re: new RegExp(
      [
        String.raw`(?:^|\s)(?:the )?(?:fix(?:ed)?|solution|workaround):`,
        String
          .raw`\b(?:fixed (?:it |this |that )?(?:by|with)|the fix (?:was|is)|fix(?:ed)? it by|solved (?:it )?by|resolved (?:it )?by|workaround)\b`,
        String.raw`\bfixed\b.*\bnow\b`,
        String
          .raw`\b(?:the (?:real )?(?:problem|issue|bug|culprit) (?:was|is)|root cause|caused by|turns out|turned out|the trick (?:was|is)|found it|found the (?:bug|problem|issue|cause|culprit)|that's (?:the|why))\b`,
      ].join("|"),
      "i",
    ),
  },
  { name: "because", re: /\b(?:because|due to|since the|so that|which is why|that's why)\b/i },
];

/** Something that happened: the speaker's side did a concrete thing (an episode). */
export const EVENT_CUE =
  /\b(?:we|i|the team|ci|the deploy|the build|the release)\s+(?:just\s+|finally\s+)?(?:shipped|released|deployed|launched|merged|migrated|rolled back|upgraded|downgraded|rotated|lost|broke|cut|published|hit|ran into|found|discovered|spent|was red|went down|failed)\b/i;

/** A stated limit or quantity ("a 1 MiB body limit", "times out after 30 s"). */
export const CONSTRAINT_CUE =
  /\b(?:limit|max(?:imum)?|min(?:imum)?|quota|timeout|at most|at least|capped at|up to)\b[^.]*\d|\d[^.]*\b(?:limit|max(?:imum)?|quota|timeout|cap)\b/i;

/** Advice that follows from a fact: "…, so keep deltas small", "…; use 5433 instead". */
export const ADVICE_CUE =
  /(?:,\s*so|;\s*|\bso you should|\bwhich means you should)\s+(?:keep|use|avoid|make|don't|do not|never|always|prefer|put|pass|ask|run|check|set)\b/i;

/** A failure under a condition ("fails when port 8787 is taken"): a gotcha worth a warning. */
export const GOTCHA_CUE =
  /\b(?:fails?|breaks?|crash(?:es)?|hangs?|times? out|errors? out|collides?|is slow|blocks?|deadlocks?|doesn't work|does not work|won't work)\s+(?:\w+\s+){0,2}?(?:when|whenever|if|unless|on|with|under|once)\b/i;

/** Recurring time ("on weekends", "every Monday", "nightly"). */
export const RECURRING_CUE =
  /\b(?:on weekends|at weekends|every (?:day|week|month|night|morning|evening|sprint|release|quarter|\w+day)|nightly|daily|weekly|monthly|on (?:mon|tues|wednes|thurs|fri|satur|sun)days)\b/i;

/** Numbered steps, or "first … then …": a procedure. */
export const PROCEDURE_CUE =
  /(?:^|\s)1[.)]\s+\S[\s\S]*?(?:^|\s)2[.)]\s+\S|\bfirst\b[^.]*?\b(?:then|after that|next)\b|^\s*to\s+[\w -]{3,40},\s*(?:run|use|call|execute|do|type|open|set|first)\b|^\s*to\s+[\w -]{3,40}:\s/im;

/** The names of the cues in `cues` that match `text`. */
export function matchingCues(text: string, cues: readonly Cue[]): string[] {
  return cues.filter((cue) => cue.re.test(text)).map((cue) => cue.name);
}
