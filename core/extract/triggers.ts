/**
 * The trigger patterns of a negative memory: what in an agent's context should surface the
 * warning (the commands, files and names it mentions, the condition of a gotcha, or the object
 * of "never"/"avoid").
 *
 * @module
 */
import { GOTCHA_CUE } from "./cues.ts";
import { findEntities } from "./entities.ts";

/**
 * Trigger patterns of a negative memory: the commands, files, paths and names it warns
 * about, as they would appear in an agent's context; failing those, the object of the verb
 * ("avoid lodash" → "lodash").
 */
export function triggersOf(sentence: string): string[] {
  const out = new Set<string>();
  for (const entity of findEntities(sentence)) {
    if (/^v?\d+(?:\.\d+)*$/.test(entity)) continue; // a bare version matches too much
    out.add(entity);
    const name = entity.match(/^(.+?)\s+v?\d+(?:\.\d+)+/)?.[1]; // "sqlite-vec 0.1.10" → "sqlite-vec"
    if (name) out.add(name);
  }
  const condition = sentence.match(
    /\b(?:when|whenever|if|unless|under|once)\s+((?:the\s+|a\s+|an\s+)?[\w./@-]+(?:\s+[\w./@-]+){0,4})/i,
  )?.[1] ??
    sentence.match(
      /\b(?:fails?|breaks?|crash(?:es)?|hangs?)\s+on\s+((?:the\s+)?[\w./@-]+(?:\s+[\w./@-]+){0,4})/i,
    )?.[1];
  if (out.size === 0 && condition && GOTCHA_CUE.test(sentence)) {
    out.add(condition.replace(/^(?:the|a|an)\s+/i, "").replace(/[.,;:!]+$/, ""));
  }
  if (out.size === 0) {
    const object = objectOfNegation(sentence);
    if (object) out.add(object);
  }
  return [...out];
}

/** "never push straight to main" → "main"; "don't add new dependencies without…" → "new dependencies". */
function objectOfNegation(sentence: string): string | null {
  const after = sentence.match(/\b(?:don't|do not|never|avoid|stop|no more)\s+(.+)$/i)?.[1];
  if (!after) return null;
  const words = after.split(/\s+/);
  let i = 0;
  if (
    /^(?:ever|again|\w+ing|use|call|run|add|touch|edit|commit|push|merge|delete|deploy|change|modify|install|import|rename|remove|bump|upgrade|downgrade|pin|update|force|rebase|truncate|drop|restart|reset|ping|mock|skip|ship|log|print|hardcode|store|cache)$/i
      .test(words[0] ?? "")
  ) i++;
  while (
    i < words.length &&
    /^(?:straight|directly|ever|anything|any|the|a|an|to|into|on|in|under|from|at|with|of)$/i.test(
      words[i]!,
    )
  ) i++;
  const object: string[] = [];
  for (; i < words.length && object.length < 3; i++) {
    const word = words[i]!;
    if (
      /^(?:without|before|after|when|unless|if|because|for|in|on|to|from|with|or|and|but|past|beyond|above|below|than)$/i
        .test(word)
    ) break;
    object.push(word.replace(/[.,;:!?]+$/, ""));
    if (/[.,;:!?]$/.test(word)) break;
  }
  return object.length > 0 ? object.join(" ") : null;
}
