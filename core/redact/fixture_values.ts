/**
 * Made-up values in test fixtures and examples: a line that says its values are fake ("FAKE
 * test credentials", "dummy for unit tests", "the test fixture uses …", "example:") holds
 * stand-ins, and a stand-in there is a value made only of placeholder words and a few digits
 * (`test-password-123`, `demo_token_1`, `Password1`). A generated or chosen value (`hunter2`,
 * random characters) is still a secret under such a line, and no value is spared without one.
 *
 * @module
 */
import { type Candidate, PLACEHOLDER_WORDS } from "./catalogue.ts";

/** Words that say a line's values are made up. */
const CUE = /\b(?:fake|dummy|mock(?:ed)?|fixtures?|examples?|sample|placeholders?|stand-?ins?)\b/i;
/** How far back a cue is read: the line, and the one above (a comment over a fixture). */
const BACK = 2;

/** Removes candidates that are stand-ins under a line that says its values are made up. */
export function dropFixtureValues(text: string, candidates: Candidate[]): Candidate[] {
  if (!CUE.test(text)) return candidates;
  return candidates.filter((c) => {
    if (c.tier >= 3) return true; // a provider's format is a real token wherever it stands
    const value = text.slice(c.start, c.end);
    return !(standIn(value) && cued(text, c.start));
  });
}

/** Whether a value is placeholder words and at most four digits in a row (`test-password-123`). */
function standIn(value: string): boolean {
  const parts = value.toLowerCase().match(/[a-z]+|\d+/g) ?? [];
  if (parts.length === 0 || parts.join("").length < value.length * 0.7) return false;
  return parts.every((p) => /^\d{1,4}$/.test(p) || PLACEHOLDER_WORDS.has(p));
}

/** Whether the value's line, or one of the lines just above it, cues made-up values. */
function cued(text: string, at: number): boolean {
  let start = text.lastIndexOf("\n", at - 1) + 1;
  for (let i = 0; i < BACK && start > 0; i++) start = text.lastIndexOf("\n", start - 2) + 1;
  const end = text.indexOf("\n", at);
  return CUE.test(text.slice(start, end === -1 ? text.length : end));
}
