/**
 * The report of `bench/statements.ts`: per label, per phrasing and per kind, precision and
 * recall of retiring and flagging on the write path, of linking in the sweep, and the
 * template strand's false contradictions; one section per split recorded.
 *
 * @module
 */

/** Right and total. */
export interface Tally {
  ok: number;
  n: number;
}

/** One run of the benchmark on one split. */
export interface StatementsResult {
  split: string;
  machine: string;
  date: string;
  write: {
    byLabel: Record<string, Tally>;
    byPhrasing: Record<string, Tally>;
    byKind: Record<string, Tally>;
    changes: number;
    others: number;
    retiredChanges: number;
    falseRetirements: number;
    conflicts: number;
    flaggedConflicts: number;
    falseFlags: number;
  };
  sweep: {
    byKind: Record<string, Tally>;
    tp: number;
    fp: number;
    fn: number;
    conflicts: number;
    lookalikes: number;
  };
  templates:
    | { size: number; edges: number; lowered: number; importMs: number; sweepMs: number }
    | null;
  /** Template memories written one by one through the write path (consolidation included). */
  written?: { size: number; superseded: number; flagged: number; ms: number } | null;
}

const pct = (a: number, b: number) => b === 0 ? "–" : `${(100 * a / b).toFixed(1)} %`;
const ratio = (a: number, b: number) => b === 0 ? "–" : (a / b).toFixed(3);

function table(rows: Record<string, Tally>): string[] {
  return Object.entries(rows).sort(([a], [b]) => a.localeCompare(b)).map(([k, t]) =>
    `| ${k} | ${t.ok} / ${t.n} | ${pct(t.ok, t.n)} |`
  );
}

function section(r: StatementsResult): string[] {
  const w = r.write;
  const s = r.sweep;
  const retirements = w.retiredChanges + w.falseRetirements;
  const flags = w.flaggedConflicts + w.falseFlags;
  const out = [
    `## Split \`${r.split}\` (${r.date}; ${r.machine})`,
    "",
    "### Write path (changes.json): write `old`, then `new`",
    "",
    "| measure | value | target |",
    "| --- | ---: | --- |",
    `| changes that retire the old fact (recall) | ${w.retiredChanges} / ${w.changes} = ${
      pct(w.retiredChanges, w.changes)
    } | ≥ 90 % |`,
    `| false retirements (of ${w.others} non-changes) | ${w.falseRetirements} = ${
      pct(w.falseRetirements, w.others)
    } | ≤ 2 % |`,
    `| retirement precision | ${ratio(w.retiredChanges, retirements)} | |`,
    `| conflicts flagged (recall) | ${w.flaggedConflicts} / ${w.conflicts} = ${
      pct(w.flaggedConflicts, w.conflicts)
    } | |`,
    `| flag precision | ${ratio(w.flaggedConflicts, flags)} (${w.falseFlags} false) | |`,
    "",
    "| label | right | share |",
    "| --- | ---: | ---: |",
    ...table(w.byLabel),
    "",
    "<details><summary>changes by phrasing; conflicts and look-alikes by kind</summary>",
    "",
    "| phrasing / kind | right | share |",
    "| --- | ---: | ---: |",
    ...table(w.byPhrasing),
    ...table(w.byKind),
    "",
    "</details>",
    "",
    '### Sweep (contradictions.json): both imported, then `sleep({ only: "contradict" })`',
    "",
    "| measure | value | target |",
    "| --- | ---: | --- |",
    `| precision | ${ratio(s.tp, s.tp + s.fp)} (${s.tp} linked right, ${s.fp} wrong) | ≥ 0.95 |`,
    `| recall | ${ratio(s.tp, s.conflicts)} (${s.tp} / ${s.conflicts} conflicts) | ≥ 0.8 |`,
    `| look-alikes left alone | ${s.lookalikes - s.fp} / ${s.lookalikes} | |`,
    "",
    "<details><summary>by label and kind</summary>",
    "",
    "| label / kind | right | share |",
    "| --- | ---: | ---: |",
    ...table(s.byKind),
    "",
    "</details>",
    "",
  ];
  if (r.templates) {
    const t = r.templates;
    out.push(
      `### Template strand: ${t.size.toLocaleString("en")} memories, no true conflict`,
      "",
      `- \`contradicts\` edges after the sweep: **${t.edges}**; confidences lowered: ${t.lowered}`,
      `- import ${t.importMs} ms; sweep ${t.sweepMs} ms (${
        (t.sweepMs / t.size).toFixed(2)
      } ms per memory, neighbours and claims)`,
      "",
    );
  }
  if (r.written) {
    const t = r.written;
    out.push(
      `### Template memories through the write path: ${t.size.toLocaleString("en")} writes`,
      "",
      `- superseded: **${t.superseded}**; flagged as contradicting: **${t.flagged}** (${
        (t.ms / t.size).toFixed(2)
      } ms per write)`,
      "",
    );
  }
  return out;
}

/** The headline measures of each split side by side, against the targets. */
function summary(results: readonly StatementsResult[]): string[] {
  const row = (name: string, target: string, f: (r: StatementsResult) => string) =>
    `| ${name} | ${results.map(f).join(" | ")} | ${target} |`;
  return [
    "## Summary",
    "",
    `| measure | ${results.map((r) => `\`${r.split}\``).join(" | ")} | target |`,
    `| --- | ${results.map(() => "---:").join(" | ")} | --- |`,
    row(
      "changes that retire the old fact",
      "≥ 90 %",
      (r) => pct(r.write.retiredChanges, r.write.changes),
    ),
    row("false retirements", "≤ 2 %", (r) => pct(r.write.falseRetirements, r.write.others)),
    row(
      "write-path conflicts flagged",
      "",
      (r) => pct(r.write.flaggedConflicts, r.write.conflicts),
    ),
    row("sweep precision", "≥ 0.95", (r) => ratio(r.sweep.tp, r.sweep.tp + r.sweep.fp)),
    row("sweep recall", "≥ 0.8", (r) => ratio(r.sweep.tp, r.sweep.conflicts)),
    row(
      "template strand (10^4): false contradictions",
      "0",
      (r) => r.templates ? String(r.templates.edges) : "–",
    ),
    row(
      "template writes (3,000): superseded",
      "0",
      (r) => r.written ? String(r.written.superseded) : "–",
    ),
    "",
  ];
}

/**
 * The markdown report of `results` (one section per split); `full` adds the page's header, the
 * summary and `notes` (a hand-written reading of the recorded run, kept across re-runs).
 */
export function renderStatements(
  results: readonly StatementsResult[],
  full = false,
  notes = "",
): string {
  const head = full
    ? [
      "# Statements compared by evidence",
      "",
      "`deno task bench:statements [--split tune|heldout|fresh|blind2|blind3|blind4|blind5|blind6|blind7|blind8] [--write]`",
      "(bench/statements.ts).",
      "The labelled pairs are `bench/fixtures/statements/` (written before any tuning; see its",
      "README). The detector was tuned on `tune`; `heldout`, then `fresh` (written later, blind to",
      "the detector), then `blind2` (written blind after `fresh` had been run) were each run once",
      "for the record and tuned on afterwards, and so were `blind3` and `blind4` (written blind",
      "while the detectors were tuned on the others): all six are development data now. Each",
      'blind batch\'s single run is recorded in the reading below ("blind run"); the next',
      "held-out figure needs a new batch written blind and run once.",
      "Everything runs offline, through the engine, without a model.",
      "",
    ]
    : [];
  const top = full ? [...summary(results), ...(notes ? [notes.trim(), ""] : [])] : [];
  return [...head, ...top, ...results.flatMap(section)].join("\n");
}
