/**
 * The words entity finding leaves alone: common words that are never entities on their own,
 * function words trimmed from the end of a name, imperative verbs, units, the verbs that make
 * a capitalised sentence opener a subject, and slash pairs that are not paths.
 *
 * @module
 */

/** Words that are never entities on their own (function words, common sentence openers). */
export const COMMON_WORDS: ReadonlySet<string> = new Set(
  (
    "a an the this that these those it its it's i i'm i've i'll i'd me my we we're we've we'll " +
    "us our you you're your he she they them their there here what which who whom whose when " +
    "where why how if then else so but and or nor not no yes ok okay also just only still even " +
    "all any some each every both either neither none one two three first second third next " +
    "last finally after before now today tomorrow yesterday tonight always never sometimes " +
    "often usually maybe perhaps please thanks thank let let's lets sure great good nice cool " +
    "fine right actually basically really mostly mainly probably hey hi hello well oh hmm wait " +
    "note remember make don't do does did doesn't didn't is are was were be been being have has " +
    "had can can't could would should will won't must might may shall use using used run " +
    "running ran add added fix fixed check checking checked update updated see look looking " +
    "try trying read reading write writing open opening found find move moved switch switched " +
    "keep avoid stop start create created delete deleted remove removed install installed " +
    "build built test tests tested deploy deployed ship shipped done error errors failed fail " +
    "warning warn info debug pass passed ok todo fixme note user users agent assistant to for " +
    "of in on at by with from into about as like over under between through during without " +
    "instead because since until while although past above below beyond around across against along among behind near per than toward towards upon via though however therefore yet again once " +
    "january february march april may june july august september october november december " +
    "monday tuesday wednesday thursday friday saturday sunday q1 q2 q3 q4 running in " +
    "here's there's that's what's let's it'll we'd you'll they're i'd ok. great. sure. " +
    "failures failed passed running ignored summary"
  ).split(/\s+/),
);

/**
 * The function words among {@linkcode COMMON_WORDS}: stripped from the end of a capitalised
 * run, where a common noun or verb may belong to the name ("Deno Deploy", "GitHub Actions").
 */
export const FUNCTION_WORDS: ReadonlySet<string> = new Set(
  (
    "a an the this that these those it i me my we us our you your he she they them their " +
    "and or but nor so if then to for of in on at by with from into about as is are was were " +
    "be been ok okay january february march april may june july august september october " +
    "november december monday tuesday wednesday thursday friday saturday sunday"
  ).split(" "),
);

/** Verbs that open imperative sentences: never a name when they start one. */
export const IMPERATIVES = new Set(
  ("prefer use keep run add make put name write call avoid check fix set update bump tag push " +
    "pull merge release deploy install remove rename move create delete open close start stop try " +
    "test build ship review read see ask tell let note remember consider ensure pin upgrade switch " +
    "wrap log return throw import export store cache skip ignore enable disable turn go look find " +
    "search grep commit squash rebase document describe explain replace restore rotate generate " +
    "regenerate migrate drop truncate format lint clean reset revert verify bump clone fetch sync")
    .split(" "),
);

/** Units written in capitals after a number ("2 GB", "02:00 UTC"): quantities, not names. */
export const UNITS = new Set(
  "B KB MB GB TB PB KiB MiB GiB TiB Hz kHz MHz GHz UTC GMT AM PM CPU CPUs".split(" "),
);

/** Verbs that make a sentence-initial capitalised word read as a named subject. */
export const SUBJECT_VERBS =
  /^(?:is|are|was|were|uses|used|has|had|needs|depends|runs|breaks|fails|failed|crashed|crashes|stores|owns|handles|calls|will|should|must|can|does|doesn't|isn't|won't|and|'s|’s|works|supports|requires|expects|returns|now|still|already|always|never|only)$/i;

/** Slash pairs that are prose, not paths ("and/or", "client/server"). */
export const NOT_PATHS = new Set([
  "and/or",
  "either/or",
  "input/output",
  "read/write",
  "on/off",
  "yes/no",
  "true/false",
  "w/o",
  "client/server",
  "i/o",
  "pros/cons",
  "he/she",
  "his/her",
  "s/he",
]);
