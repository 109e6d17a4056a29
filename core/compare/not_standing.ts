/**
 * Statements that change no standing fact of the team's, whatever change word they carry: a
 * trial or a stopgap ("testing Discord for a week", `temporary.ts`), what happened on one day
 * ("today the nightly build took 45 minutes"), news of a release ("Terraform 1.9 is out",
 * `release_news.ts`), a story of the past ("used to …, before Slack", `history_only.ts`), what
 * a product or its maker did to itself ("ESLint 9 switched the default to flat config",
 * `maker_news.ts`), a change in a tutorial, a workshop, a side project or a distribution's
 * packages (`other_setting.ts`), and a person who moves ("Marta moved to the Berlin office",
 * `person_moved.ts`).
 *
 * @module
 */
import type { Statement } from "./claims.ts";
import { episodeOfTheDay, temporary } from "./temporary.ts";
import { releaseNews } from "./release_news.ts";
import { historyOnly } from "./history_only.ts";
import { makerNews } from "./maker_news.ts";
import { otherSetting } from "./other_setting.ts";
import { personMoved } from "./person_moved.ts";

/** Whether `read` changes no standing fact, `kept` included (see the module doc). */
export function notStanding(read: Statement, kept: Statement): boolean {
  return temporary(read.text) && !temporary(kept.text) ||
    episodeOfTheDay(read.text, read.cues.change) || releaseNews(read) || historyOnly(read) ||
    makerNews(read, kept) || otherSetting(read.text, kept.text) || personMoved(read, kept);
}
