/**
 * The line under a question about a secret ("what's the db pw?"): a chat export's speaker line
 * to read past, and how an answer opens or sets its value apart (`prose.ts` reads it).
 *
 * @module
 */

/** A chat export's line naming who speaks and when. */
export const SPEAKER: RegExp =
  /^[ \t]*(?:\*\*|__)?[\p{L}][\p{L}\p{N} ._\-]{0,30}(?:\*\*|__)?[ \t]*(?:[—–\-][ \t]*)?(?:(?:today|yesterday)[ \t]+at[ \t]+)?\[?\d{1,2}:\d{2}(?::\d{2})?(?:[ \t]*[ap]\.?m\.?)?\]?[ \t]*$/iu;

/** How a reply to a question opens before it gives the value asked for. */
export const ANSWER_OPENER: RegExp =
  /^(?:it'?s|it’s|its|a:|answer:|here:?|here's|sure,?|yes,?|yeah,?|yep,?|use|try|->|→)$/i;

/** "<value>  (read-only user, don't write with it)": the answer, then an aside about it. */
export const ANSWER_ASIDE: RegExp = /^[ \t]*\S+[ \t]+\([^\n]*\)[ \t.]*$/;
