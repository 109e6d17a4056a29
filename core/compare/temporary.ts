/**
 * A statement of something temporary: a trial, an experiment, a stopgap for a stated while
 * ("testing Discord for a week", "as an experiment", "temporarily", "this sprint only"), or one
 * occurrence of a habit ("this week's deploy moved to Wednesday", "tomorrow's standup"). It
 * says what happens for now, not what the standing fact has become: no change retires a
 * stored fact on its word (a person still sees both, and a lasting change says so). So does
 * what happened on one day ("today the nightly build took 45 minutes"): an episode in the past
 * tense, dated by a word of the day, when no verb of change says it changed.
 *
 * @module
 */

const TEMPORARY =
  /\b(?:temporarily|for (?:a|one|two|three|the next|a couple of|a few) (?:days?|weeks?|sprints?|months?|hours?)|as an? (?:experiment|trial|pilot|test|stopgap|workaround)|(?:piloting|trialing|trialling|trying out|experimenting with)|(?:this|next) (?:week|sprint) only|until (?:the )?(?:incident|outage|fix|freeze) (?:is )?(?:over|resolved|lifted|done))\b/i;

/**
 * One occurrence as the subject, at the start ("This week's deploy moved to Wednesday",
 * "tomorrow's standup is at 10"); after "since" or "after" it dates a change instead.
 */
const OCCURRENCE =
  /^\W*(?:(?:fyi|heads up|note)\W+)?(?:(?:this|next|last) (?:week|weekend|month|sprint|quarter|release|cycle)|today|tomorrow|tonight|yesterday|(?:mon|tues|wednes|thurs|fri|satur|sun)day)['’]s\b/i;

/**
 * Whether `text` says something holds only for a while (see the module doc).
 *
 * @example Usage
 * ```ts
 * import { temporary } from "./temporary.ts";
 * import { equal } from "node:assert/strict";
 *
 * equal(temporary("Today the team is trying out Discord for a week."), true);
 * equal(temporary("The team chats on Discord now."), false);
 * ```
 */
export function temporary(text: string): boolean {
  return TEMPORARY.test(text) || OCCURRENCE.test(text);
}

const DAY = /\b(?:today|yesterday|this morning|this afternoon|last night|tonight)\b/i;
const PAST = /\b(?:took|was|were|went|broke|ran|hit|got|had|saw|came|spent|fell|[a-z]{3,}ed)\b/i;

/**
 * Whether `text` tells what happened on one day, with no word of change other than `words`
 * of currency (see the module doc); `changeWords` are the change words read in it.
 *
 * @example Usage
 * ```ts
 * import { episodeOfTheDay } from "./temporary.ts";
 * import { equal } from "node:assert/strict";
 *
 * equal(episodeOfTheDay("Today the nightly build took 45 minutes.", ["today"]), true);
 * equal(episodeOfTheDay("Today we migrated the queue to SQS.", ["today", "migrated"]), false);
 * ```
 */
export function episodeOfTheDay(text: string, changeWords: readonly string[]): boolean {
  return DAY.test(text) && PAST.test(text.replace(DAY, " ")) &&
    changeWords.every((w) => DAY.test(w) || /^(?:now|currently|these days)$/.test(w));
}
