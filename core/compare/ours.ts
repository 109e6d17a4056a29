/**
 * The team's own voice: a statement in the first person ("we", "our", "I", "my") tells what the
 * team did or holds, so news of a release, of a product's maker or of a maker's other product
 * said in it is the team's act too ("Node 22 is out, so we upgraded", "Heroku's free tier ended,
 * so we moved to Fly.io").
 *
 * @module
 */

const FIRST_PERSON = /\b(?:we|our|ours|us|i|my|me|i've|we've|we're|i'm)\b/i;

/** Whether `text` speaks in the first person. */
export function saidByUs(text: string): boolean {
  return FIRST_PERSON.test(text);
}
