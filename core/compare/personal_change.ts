/**
 * One person's change is no change of the team's fact: "Lena switched from VS Code to Zed"
 * after "The team uses VS Code", "Omar moved his dotfiles to chezmoi" after "We manage dotfiles
 * with stow". When the incoming statement's doer is one person named before its change word
 * and the stored fact is said of a group (the team, we, everyone, all engineers) without naming
 * that person, the stored fact stands. "Lena uses VS Code" / "Lena switched to Zed" is one
 * person's, and changes.
 *
 * @module
 */
import type { Statement } from "./claims.ts";
import { firstCue } from "./cues.ts";
import { tokensFor } from "./cached_tokens.ts";

/** Words that say a fact is a group's. */
const GROUP =
  /\b(?:we|our|us|team|teams|everyone|everybody|all|engineers|developers|devs|company|org)\b/i;

/** Whether `incoming` is one named person's change and `stored` a group's fact. */
export function personalChange(incoming: Statement, stored: Statement): boolean {
  if (!GROUP.test(stored.text)) return false;
  const tokens = tokensFor(incoming.text);
  const first = firstCue(incoming.cues);
  if (first < 1 || first > 2) return false;
  const doer = tokens.slice(0, first);
  const theirs = new Set(tokensFor(stored.text).map((t) => t.lower));
  return doer.every((t) =>
    t.kind === "word" && t.cap && !theirs.has(t.lower) &&
    !incoming.values.some((v) => v.start <= tokens.indexOf(t) && tokens.indexOf(t) < v.end)
  ) && !GROUP.test(doer.map((t) => t.lower).join(" "));
}
