/**
 * The steps of a procedure: a numbered or bulleted list over a text, or a sequence in one
 * sentence ("first A, then B, and finally C", "to deploy, run …").
 *
 * @module
 */
import { LIST_ITEM, stripEnd } from "../text/sentences.ts";

/** Steps of a procedure in one sentence: "first A, then B, and finally C", "to X, run Y". */
export function sentenceSteps(sentence: string): string[] | null {
  const sequence = sentence.match(/\bfirst\b,?\s*([\s\S]+)$/i);
  if (sequence && /\b(?:then|after that|next|finally)\b/i.test(sequence[1]!)) {
    const steps = sequence[1]!
      .split(/,?\s*(?:\band\s+)?\b(?:then|after that|next|finally|and finally)\b,?\s*/i)
      .map(stripEnd)
      .filter((step) => step !== "");
    if (steps.length >= 2) return steps;
  }
  const single = sentence.match(
    /^to\s+[^,:]{3,60}[,:]\s*((?:run|use|call|execute|type|open|set)\b.+)$/i,
  );
  if (single) return [stripEnd(single[1]!)];
  return null;
}

/**
 * Steps of a procedure spread over a text: a numbered list (one item per line, or inline
 * "1. … 2. …"), or a bulleted list after an intro that ends with a colon. Returns the intro
 * and the steps, or `null` when the text holds no list of two or more steps.
 */
export function listSteps(text: string): { intro: string; steps: string[] } | null {
  const inline = [...text.matchAll(/(?:^|\s)(\d{1,2})[.)]\s+/g)];
  if (inline.length >= 2 && inline.every((m, i) => Number(m[1]) === i + 1)) {
    const intro = stripEnd(text.slice(0, inline[0]!.index));
    const steps = inline.map((m, i) =>
      stripEnd(text.slice(m.index + m[0].length, inline[i + 1]?.index ?? text.length))
    );
    if (steps.every((step) => step !== "")) return { intro, steps };
  }
  const lines = text.split("\n");
  const firstItem = lines.findIndex((line) => LIST_ITEM.test(line));
  if (firstItem < 1 || !/:\s*$/.test(lines[firstItem - 1]!)) return null;
  const steps: string[] = [];
  for (const line of lines.slice(firstItem)) {
    const item = line.match(LIST_ITEM);
    if (!item) break;
    steps.push(stripEnd(item[2]!));
  }
  if (steps.length < 2) return null;
  return { intro: stripEnd(lines.slice(0, firstItem).join(" ")), steps };
}
