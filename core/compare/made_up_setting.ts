/**
 * A change made in a setting that is not the team's system leaves the standing fact standing:
 * "In the blog tutorial we replaced Express with Hono", "for the workshop we switched the
 * sample app to SQLite", "at the hackathon we moved the bot to Bun". A tutorial, a workshop, a
 * talk, a kata, a hackathon, a toy, side or sample project is written for itself. Read only when
 * the stored statement names no such setting ("the tutorial app now uses Hono" after "the
 * tutorial app uses Express" is a change of the tutorial's fact).
 *
 * @module
 */

/** A setting written for itself, not the team's system. */
const SETTING =
  /\b(?:tutorials?|workshops?|katas?|hackathons?|codelabs?|blog posts?|conference talks?|live[- ]coding|toy (?:project|app)s?|side projects?|sample (?:project|app|repo)s?|example (?:project|app|repo)s?|screencasts?|course (?:project|repo)s?)\b/i;

/** Whether `incoming` happens in a made-up setting that `stored` does not name. */
export function madeUpSetting(incoming: string, stored: string): boolean {
  return SETTING.test(incoming) && !SETTING.test(stored);
}
