/**
 * What stands between a value and a label after it and ties the two: light words ("the
 * staging", "our"), a demonstrative pointing back ("…, that's the Datadog API key"), an aside in
 * brackets ("<value> (Twilio auth token)"). Read by `prose.ts` when it binds a value that comes
 * before its label.
 *
 * @module
 */

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

/** "that's the", "which is the", "it's our": a demonstrative that points back to a value. */
export function pointsBack(nearest: readonly string[]): boolean {
  const i = nearest.findIndex((w) => /^\(?(?:that['’]?s|it['’]?s|which|this)$/i.test(w));
  return i !== -1 && nearest.slice(0, i).every(light);
}

/**
 * "<value> (Twilio auth token)": the label in brackets right after the value names it (hex
 * too: an aside of light words is no commit's or id's key).
 */
export function bracketAside(between: readonly string[], shaped: boolean): boolean {
  const opening = between.at(-1);
  if (!shaped || opening === undefined || !opening.startsWith("(")) return false;
  return between.every((w) => {
    const word = w.replace(/^\(/, "");
    return word === "" || light(word) || LABEL_WORDS.has(word.toLowerCase());
  });
}

/** Words of a label of several words ("auth token", "API key"). */
const LABEL_WORDS = new Set(
  "api auth access secret private app bot service account client signing webhook".split(" "),
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
