/**
 * `helix diff <A> [<B>]`: how the memories and edges at one point in history differ from
 * those at another (default now), by section; `--stat` counts only.
 *
 * @module
 */
import type {
  DiffCounts,
  EdgeChange,
  EdgeState,
  HistoryDiff,
  HistoryPoint,
  MemoryChange,
  MemoryPresence,
  StatusTransition,
} from "@helix/core";
import { booleanFlag, type Command, UsageError } from "../command.ts";
import type { CommandContext } from "../context.ts";
import { lineDiff } from "../diff.ts";
import { clip, shortTime } from "../output.ts";

/** How points are written, for the help of `diff` and `rollback`. */
export const POINT_HELP =
  `A point is an op's change id or a unique prefix of one (at least 6 hex characters, as
\`helix log\` shows them): the state right after that op; an ISO 8601 time or epoch ms: the
state after every op up to that time; an age such as 30m, 2h, 3d or 1w: that long ago; or now.`;

export const diff: Command = {
  name: "diff",
  summary: "Show how memories and edges changed between two points in history",
  usage: "helix diff <from> [<to>] [--stat]",
  details: `Compares the memories and edges at <from> with those at <to> (default now): added,
changed field by field (long content as a line diff), superseded, forgotten, archived,
quarantined, restored, removed (purged: content gone), and edges added, removed or reweighted.
A memory created and forgotten in between is no difference.

${POINT_HELP}

  --stat    counts only
  --json    the typed result (with --stat: the counts)

Examples: helix diff 2h · helix diff 3f2a9c1b · helix diff 2026-11-01 2026-11-15`,
  options: { stat: { type: "boolean" } },
  async run(invocation, ctx) {
    const [from, to, ...extra] = invocation.positionals;
    if (from === undefined) throw new UsageError("name the point to compare from");
    if (extra.length) throw new UsageError("give at most two points");
    const engine = await ctx.engine();
    const result = engine.diff(from, to ?? "now");
    const stat = booleanFlag(invocation, "stat");
    if (ctx.flags.json) {
      return ctx.printJson(
        stat ? { from: result.from, to: result.to, counts: result.counts } : result,
      );
    }
    const heading = `${ctx.out.bold("diff")} ${pointLabel(result.from)} → ${pointLabel(result.to)}`;
    if (stat) return ctx.print(`${heading}\n${renderStat(result.counts)}`);
    ctx.print(`${heading}\n\n${renderDiff(result, ctx)}`);
  },
};

/** A point as headings show it: the short change id or the time, then when. */
export function pointLabel(point: HistoryPoint): string {
  if (point.kind === "now") return `now (${shortTime(point.at)})`;
  if (point.kind === "op") return `${point.changeId!.slice(0, 10)} (${shortTime(point.at)})`;
  return `${point.input} (${shortTime(point.at)})`;
}

/** The counts in two lines. */
export function renderStat(c: DiffCounts): string {
  return `memories: ${c.added} added, ${c.changed} changed, ${c.superseded} superseded, ` +
    `${c.forgotten} forgotten, ${c.archived} archived, ${c.quarantined} quarantined, ` +
    `${c.restored} restored, ${c.removed} removed\n` +
    `edges: ${c.edgesAdded} added, ${c.edgesRemoved} removed, ${c.edgesChanged} reweighted`;
}

const TRANSITION_SECTIONS: readonly [StatusTransition, string][] = [
  ["superseded", "Superseded"],
  ["forgotten", "Forgotten"],
  ["archived", "Archived"],
  ["quarantined", "Quarantined"],
  ["restored", "Restored"],
];

/** The diff by section: Added, Changed, each status transition, Removed, Edges. */
export function renderDiff(result: HistoryDiff, ctx: CommandContext): string {
  const { memories, edges } = result;
  const changed = memories.changed;
  const sections: string[] = [];
  const section = (title: string, lines: string[]) => {
    if (lines.length) sections.push(`${ctx.out.bold(title)}\n${lines.join("\n")}`);
  };
  section(`Added (${memories.added.length})`, memories.added.map((m) => presenceLine("+", m, ctx)));
  const plain = changed.filter((m) => m.transition === null);
  section(`Changed (${plain.length})`, plain.flatMap((m) => changeLines(m, ctx)));
  for (const [transition, title] of TRANSITION_SECTIONS) {
    const moved = changed.filter((m) => m.transition === transition);
    section(`${title} (${moved.length})`, moved.flatMap((m) => changeLines(m, ctx)));
  }
  section(
    `Removed (${memories.removed.length})`,
    memories.removed.map((m) => presenceLine("-", m, ctx)),
  );
  section(
    `Edges (+${edges.added.length} −${edges.removed.length} ~${edges.changed.length})`,
    edgeLines(edges.added, edges.removed, edges.changed),
  );
  return sections.length ? sections.join("\n\n") : ctx.out.dim("No differences.");
}

/** One line for a memory that exists on one side only. */
export function presenceLine(mark: string, m: MemoryPresence, ctx: CommandContext): string {
  if (m.memory === null) {
    return `  ${mark} ${m.purged?.ref.slice(0, 20) ?? m.id}…  ` +
      ctx.out.dim(`purged by ${m.purged?.by.slice(0, 10) ?? "?"} (content gone)`);
  }
  const { memory } = m;
  const status = memory.status === "active" ? "" : ` [${memory.status}]`;
  return `  ${mark} ${memory.id}  ${ctx.out.dim(`${memory.type} · ${memory.scope}${status}`)}  ` +
    clip(memory.content, Math.max(30, ctx.io.columns - memory.id.length - 30));
}

/** A changed memory: its id and content, then one line (or a line diff) per field. */
export function changeLines(m: MemoryChange, ctx: CommandContext): string[] {
  const lines = [
    `  ~ ${m.id}  ` +
    ctx.out.dim(clip(m.memory.content, Math.max(30, ctx.io.columns - m.id.length - 8))),
  ];
  for (const change of m.changes) {
    if (change.field === "content") {
      const before = String(change.before);
      const after = String(change.after);
      if (!before.includes("\n") && !after.includes("\n") && before.length + after.length <= 100) {
        lines.push(`      content: ${JSON.stringify(before)} → ${JSON.stringify(after)}`);
        continue;
      }
      const diffLines = lineDiff(`${before}\n`, `${after}\n`).trimEnd().split("\n");
      lines.push("      content:");
      for (const line of diffLines.slice(0, 12)) {
        lines.push(`        ${clip(line, Math.max(40, ctx.io.columns - 8))}`);
      }
      if (diffLines.length > 12) lines.push(`        … ${diffLines.length - 12} more lines`);
      continue;
    }
    lines.push(`      ${change.field}: ${value(change.before)} → ${value(change.after)}`);
  }
  return lines;
}

/** Edges put (`+`), removed (`-`) and reweighted (`~`). */
export function edgeLines(
  added: readonly EdgeState[],
  removed: readonly EdgeState[],
  changed: readonly EdgeChange[],
): string[] {
  const link = (e: EdgeState) => `${e.from} —${e.relation}→ ${e.to}`;
  return [
    ...added.map((e) => `  + ${link(e)}`),
    ...removed.map((e) => `  - ${link(e)}`),
    ...changed.map((c) => `  ~ ${link(c.edge)}  weight ${c.weight.before} → ${c.weight.after}`),
  ];
}

function value(v: unknown): string {
  if (v === null || v === undefined) return "none";
  if (typeof v === "string") return clip(v, 80);
  return clip(JSON.stringify(v), 80);
}
