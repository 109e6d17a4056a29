/**
 * Placing a context pack's lines under its budget: section by section, greedily in the
 * order of their candidates, each line counted with the real tokenizer against the
 * section's quota (plus what earlier sections left unused). Then the joined block is trimmed
 * from the end until its own count fits, since counts of separate lines can differ slightly
 * from the count of the whole.
 *
 * @module
 */
import { readableConflicts } from "../text/merge3.ts";
import { iso, type MemoryRecord } from "../store/records.ts";
import type { ContextCut, ContextItem, ContextSection } from "./context_types.ts";
import { QUOTA, TITLES } from "./sections.ts";

const MIN_LINE_TOKENS = 8;
const MAX_CUT_REPORTED = 10;

/** The placed block. */
export interface Placement {
  readonly text: string;
  readonly tokens: number;
  readonly items: ContextItem[];
  readonly cut: ContextCut[];
  /** The memories placed, in order. */
  readonly placed: MemoryRecord[];
}

/** Places `sections` after `header` in `budgetTokens` tokens as `count` counts them. */
export function placeSections(
  header: string,
  sections: ReadonlyArray<readonly [ContextSection, readonly MemoryRecord[]]>,
  budgetTokens: number,
  count: (text: string) => number,
  labels: ReadonlyMap<string, string> = new Map(),
): Placement {
  const lines: string[] = [header];
  let used = count(header);
  const items: ContextItem[] = [];
  const cut: ContextCut[] = [];
  const placed: MemoryRecord[] = [];
  const seen = new Set<string>();
  let allowance = 0;
  for (const [section, records] of sections) {
    allowance += QUOTA[section] * budgetTokens;
    const title = `\n## ${TITLES[section]}`;
    const titleTokens = count(title) + 1;
    let titled = false;
    let cutHere = 0;
    for (const record of records) {
      if (seen.has(record.id)) continue;
      const limit = Math.min(allowance, budgetTokens);
      if (limit - used < MIN_LINE_TOKENS) break; // nothing more fits in this section
      const line = renderLine(record, labels.get(record.id));
      const tokens = count(line) + 1;
      const extra = titled ? 0 : titleTokens;
      if (used + extra + tokens > limit) {
        // Report the most salient memories that did not fit, not every candidate.
        if (cutHere++ < MAX_CUT_REPORTED) {
          cut.push({ id: record.id, section, tokens, reason: "over_budget" });
        }
        continue;
      }
      if (!titled) {
        lines.push(title);
        used += titleTokens;
        titled = true;
      }
      lines.push(line);
      used += tokens;
      seen.add(record.id);
      placed.push(record);
      items.push({ id: record.id, section, tokens });
    }
  }

  // Token counts of separate lines can differ slightly from the count of the joined text;
  // drop from the end until the whole block fits.
  let text = lines.join("\n");
  let tokens = count(text);
  while (tokens > budgetTokens && lines.length > 1) {
    const dropped = lines.pop()!;
    const item = items.at(-1);
    if (item && !dropped.startsWith("\n## ")) {
      items.pop();
      placed.pop();
      cut.push({ id: item.id, section: item.section, tokens: item.tokens, reason: "over_budget" });
    }
    text = lines.join("\n");
    tokens = count(text);
  }
  if (tokens > budgetTokens) return { text: "", tokens: 0, items, cut, placed };
  return { text, tokens, items, cut, placed };
}

/**
 * A memory's line: its type, a date for episodes and decisions, its content on one line, its
 * id (and its label: the team strand and member it came from).
 */
function renderLine(record: MemoryRecord, label?: string): string {
  const when = record.type === "episode" && record.eventAt !== null
    ? ` (${iso(record.eventAt).slice(0, 10)})`
    : record.type === "decision"
    ? ` (since ${iso(record.validFrom).slice(0, 10)})`
    : "";
  // An unsettled merge conflict reads as one line with both versions, not as raw markers.
  const content = readableConflicts(record.content).replace(/\s*\n\s*/g, " ").trim();
  return `- [${record.type}]${when} ${content} (${record.id}${label ? `, ${label}` : ""})`;
}
