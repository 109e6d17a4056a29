/**
 * Prose secrets benchmark (issue 16, item 5): runs `redact()` over the prose secrets batch
 * (bench/fixtures/secrets_prose.ts) and scores it as `secrets_prose.md` suggests: a positive
 * leaks when any of its secrets, or any 12-character run of one, survives; a negative is a
 * false positive when its text changes at all; kept context must survive. Figures per split,
 * per shape and per kind.
 *
 * The held-out half is scored as aggregates only: no held-out item is ever printed, and it is
 * meant to be run once, after tuning (see `secrets_prose.md`, "The held-out rule").
 *
 * The `fresh` split is a second held-out batch written later, blind to the redactor
 * (bench/fixtures/secrets_prose_fresh.ts): run it once, at the end; it is never printed either.
 * The `blind2` split (bench/fixtures/secrets_prose_blind2.ts), written blind after `fresh` had
 * been run, is the same: one run at the end, aggregates only; and so are the `blind3` split
 * (bench/fixtures/secrets_prose_blind3.ts), written blind while the redactor was being tuned, and
 * the `blind4` split (bench/fixtures/secrets_prose_blind4.ts), written blind for the held-out
 * figures, and the `blind5` split (bench/fixtures/secrets_prose_blind5.ts), written blind after
 * blind4 had been run, for one final run, and the `blind6` and `blind7` splits
 * (bench/fixtures/secrets_prose_blind6.ts and _blind7.ts), each written blind for one more single
 * run; `blind7` is not part of `all`, nor is `blind8` (bench/fixtures/secrets_prose_blind8.ts),
 * written blind for the issue's targets and scored once, as aggregates, at the start and the end
 * of stop 32 (development data since), nor `blind9` (bench/fixtures/secrets_prose_blind9.ts),
 * written blind in stop 32 and held out until its single run. Which batch each split reads:
 * `redaction_prose_splits.ts`.
 *
 * Usage: deno task bench:redaction --prose
 * [--split tune|heldout|both|fresh|blind2|blind3|blind4|blind5|blind6|blind7|blind8|blind9|adv|adv2|
 * adv2-held|adv3|adv3-held|all] [--write]. `adv2` and `adv2-held` are the two halves of the second
 * adversarial batch (bench/fixtures/secrets_prose_adv2.ts), split by template: tune on `adv2`,
 * run `adv2-held` once; `adv3` and `adv3-held` are the third's (bench/fixtures/secrets_prose_adv3.ts).
 * `--write` records bench/RESULTS-redaction-prose.md and bench/results/redaction_prose.json (for
 * `fresh`, `blind2` to `blind9`, `adv`, `adv2`, `adv2-held`, `adv3` and `adv3-held`: their own
 * bench/RESULTS-redaction-prose-<split>.md and
 * bench/results/redaction_prose_<split>.json, keeping the page's `## ` sections; for `all`, the
 * seven development batches at once: bench/RESULTS-redaction-prose-all.md and
 * bench/results/redaction_prose_all.json).
 *
 * @module
 */
import { join } from "node:path";
import { log, MACHINE, MACHINE_LINE } from "./measure.ts";
import { redact } from "../core/redact/redact.ts";
import { SECRETS_PROSE_SEED } from "./fixtures/secrets_prose.ts";
import { batchOf, HELD_OUT, PROSE_SPLITS, type ProseSplit } from "./redaction_prose_splits.ts";

const ROOT = new URL("..", import.meta.url).pathname;

/** The development splits whose leaked and changed ids are listed (never a held-out one). */
const DEV_LISTED: readonly ProseSplit[] = [
  "tune",
  "adv",
  "adv2",
  "adv2-held",
  "blind6",
  "blind7",
  "adv3",
  "adv3-held",
  "blind8",
];

interface Row {
  items: number;
  misses: number;
}

/** The figures of one split. */
export interface ProseScore {
  split: ProseSplit;
  positives: number;
  leaked: number;
  keepLost: number;
  negatives: number;
  falsePositives: number;
  perShape: Record<string, Row>;
  perKind: Record<string, Row>;
  /** Ids of leaked positives and changed negatives: filled for the development splits only. */
  leakedIds: string[];
  falsePositiveIds: string[];
  /** Throughput of `redact()` over the split's texts, MB/s (median of 5). */
  mbPerSecond: number;
}

/** Whether a secret, or a 12-character run of it, is still in `text`. */
function leaks(secret: string, text: string): boolean {
  if (text.includes(secret)) return true;
  for (let i = 0; i + 12 <= secret.length; i++) {
    if (text.includes(secret.slice(i, i + 12))) return true;
  }
  return false;
}

function bump(rows: Record<string, Row>, key: string, miss: boolean): void {
  const row = rows[key] ??= { items: 0, misses: 0 };
  row.items++;
  if (miss) row.misses++;
}

/**
 * Scores one split of the batch built from `seed` (`fresh`, `blind2`: those batches, their own
 * seeds).
 */
export function scoreProse(split: ProseSplit, seed = SECRETS_PROSE_SEED): ProseScore {
  const batch = batchOf(split, seed);
  const positives = batch.positives.filter((p) => p.split === split);
  const negatives = batch.negatives.filter((n) => n.split === split);
  const score: ProseScore = {
    split,
    positives: positives.length,
    leaked: 0,
    keepLost: 0,
    negatives: negatives.length,
    falsePositives: 0,
    perShape: {},
    perKind: {},
    leakedIds: [],
    falsePositiveIds: [],
    mbPerSecond: 0,
  };
  for (const p of positives) {
    const { text } = redact(p.text);
    const leaked = p.secrets.some((s) => leaks(s, text));
    bump(score.perShape, p.shape, leaked);
    if (leaked) {
      score.leaked++;
      if (DEV_LISTED.includes(split)) score.leakedIds.push(p.id);
    }
    if (!p.keep.every((k) => text.includes(k))) score.keepLost++;
  }
  for (const n of negatives) {
    const changed = redact(n.text).text !== n.text;
    bump(score.perKind, n.kind, changed);
    if (changed) {
      score.falsePositives++;
      if (DEV_LISTED.includes(split)) {
        score.falsePositiveIds.push(n.id);
      }
    }
  }
  const texts = [...positives, ...negatives].map((x) => x.text);
  const bytes = texts.reduce((sum, t) => sum + new TextEncoder().encode(t).length, 0);
  const runs: number[] = [];
  for (let run = 0; run < 5; run++) {
    const started = performance.now();
    for (const t of texts) redact(t);
    runs.push((performance.now() - started) / 1000);
  }
  score.mbPerSecond = bytes / 1e6 / runs.sort((a, b) => a - b)[2]!;
  return score;
}

const percent = (n: number, d: number) => `${((100 * n) / d).toFixed(2)} %`;

/** The Markdown tables of a set of scores. */
export function proseReport(scores: readonly ProseScore[]): string {
  const lines = [
    "| split | positives | recall | leaked | context kept | negatives | false positives | MB/s |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...scores.map((s) =>
      `| ${s.split} | ${s.positives} | ${
        percent(s.positives - s.leaked, s.positives)
      } | ${s.leaked} | ${percent(s.positives - s.keepLost, s.positives)} | ${s.negatives} | ${
        percent(s.falsePositives, s.negatives)
      } (${s.falsePositives}) | ${s.mbPerSecond.toFixed(2)} |`
    ),
  ];
  const table = (title: string, pick: (s: ProseScore) => Record<string, Row>, what: string) => {
    const keys = [...new Set(scores.flatMap((s) => Object.keys(pick(s))))];
    return [
      "",
      `| ${title} | ${scores.map((s) => `${s.split} ${what}`).join(" | ")} |`,
      `| --- | ${scores.map(() => "---:").join(" | ")} |`,
      ...keys.map((k) =>
        `| ${k} | ${
          scores.map((s) => {
            const row = pick(s)[k];
            return row ? `${row.misses}/${row.items}` : "–";
          }).join(" | ")
        } |`
      ),
    ];
  };
  return [
    ...lines,
    ...table("shape (positives)", (s) => s.perShape, "leaked"),
    ...table("kind (negatives)", (s) => s.perKind, "changed"),
  ].join("\n");
}

/** Runs the prose benchmark from the command line (`bench/redaction.ts --prose`). */
export async function runProse(split: string, write: boolean): Promise<void> {
  const splits: ProseSplit[] = split === "both"
    ? ["tune", "heldout"]
    : split === "all"
    ? ["tune", "heldout", "fresh", "blind2", "blind3", "blind4", "adv"]
    : [split as ProseSplit];
  if (!splits.every((s) => (PROSE_SPLITS as readonly string[]).includes(s))) {
    throw new RangeError(`Cannot run the prose benchmark: unknown split "${split}"`);
  }
  const scores = splits.map((s) => scoreProse(s));
  const table = proseReport(scores);
  const notes = scores.filter((s) => DEV_LISTED.includes(s.split)).map((s) =>
    `${s.split} misses: ${s.leakedIds.join(", ") || "none"}. ${s.split} false positives: ${
      s.falsePositiveIds.join(", ") || "none"
    }.`
  ).join("\n");
  log(`${table}\n\n${notes}`);
  if (!write) return;
  const date = new Date().toISOString();
  if (split in HELD_OUT) {
    return await writeHeldOut(split as keyof typeof HELD_OUT, date, table, scores);
  }
  if (split === "all") return await writeAll(date, table, scores);
  await Deno.writeTextFile(
    join(ROOT, "bench/RESULTS-redaction-prose.md"),
    `# Prose secrets benchmark\n\nRecorded by \`deno task bench:redaction --prose --split ${split} --write\` on ${
      date.slice(0, 10)
    }: ${MACHINE_LINE}. \`redact()\` over the prose secrets batch (bench/fixtures/secrets_prose.ts, seed ${SECRETS_PROSE_SEED}; ` +
      "see bench/fixtures/secrets_prose.md): secrets named in sentences, chat, lists, tables, config files, shell history, " +
      "connection strings, URLs, logs, diffs, PuTTY and PEM keys, in several languages, and risky-looking texts holding " +
      "no secret. A positive leaks when any secret or any 12-character run of one survives; a negative is a false " +
      "positive when its text changes at all. The held-out half was scored once, blind, on 2026-11-25 (recall 90.67 %, " +
      "false positives 5.05 %); on 2026-11-26 it became development data and the redactor was tuned on both halves. " +
      "The held-out figure since is the fresh batch, written blind and run once: RESULTS-redaction-prose-fresh.md.\n\n" +
      `${table}\n\n${notes}\n`,
  );
  await Deno.mkdir(join(ROOT, "bench/results"), { recursive: true });
  await Deno.writeTextFile(
    join(ROOT, "bench/results/redaction_prose.json"),
    `${JSON.stringify({ date, machine: MACHINE, seed: SECRETS_PROSE_SEED, scores }, null, 2)}\n`,
  );
}

/**
 * The `## ` sections at the end of a record (its blind run, what changed since), which a new
 * record keeps: the tables are replaced, the history is not.
 */
async function keptSections(path: string): Promise<string> {
  const previous = await Deno.readTextFile(path).catch(() => "");
  const at = previous.indexOf("\n## ");
  return at === -1 ? "" : previous.slice(at);
}

/** Records the single run on one later held-out batch, apart from the other records. */
async function writeHeldOut(
  split: keyof typeof HELD_OUT,
  date: string,
  table: string,
  scores: readonly ProseScore[],
): Promise<void> {
  const { title, batch, file, seed, about } = HELD_OUT[split];
  const page = join(ROOT, `bench/RESULTS-redaction-prose-${split}.md`);
  const notes = await keptSections(page);
  await Deno.writeTextFile(
    page,
    `# Prose secrets benchmark: ${title}\n\nRecorded by \`deno task bench:redaction --prose --split ${split} --write\` on ${
      date.slice(0, 10)
    }: ${MACHINE_LINE}. \`redact()\` over ${batch} (bench/fixtures/${file}, seed ${seed}; ` +
      `see bench/fixtures/secrets_prose.md), ${about}\n\n` +
      `${table}\n${notes}`,
  );
  await Deno.mkdir(join(ROOT, "bench/results"), { recursive: true });
  await Deno.writeTextFile(
    join(ROOT, `bench/results/redaction_prose_${split}.json`),
    `${JSON.stringify({ date, machine: MACHINE, seed, scores }, null, 2)}\n`,
  );
}

/** Records every batch at once, once all of them are development data (issue 16, item 5). */
async function writeAll(date: string, table: string, scores: readonly ProseScore[]): Promise<void> {
  const path = join(ROOT, "bench/RESULTS-redaction-prose-all.md");
  const previous = await Deno.readTextFile(path).catch(() => "");
  const notes = previous.includes(NOTES) ? previous.slice(previous.indexOf(NOTES)) : "";
  await Deno.writeTextFile(
    path,
    `# Prose secrets benchmark: every batch\n\nRecorded by \`deno task bench:redaction --prose --split all --write\` on ${
      date.slice(0, 10)
    }: ${MACHINE_LINE}. \`redact()\` over the seven prose batches (tune and heldout: seed ${SECRETS_PROSE_SEED}; ` +
      `fresh: ${HELD_OUT.fresh.seed}; blind2: ${HELD_OUT.blind2.seed}; blind3: ${HELD_OUT.blind3.seed}; ` +
      `blind4: ${HELD_OUT.blind4.seed}; adv: ${HELD_OUT.adv.seed}). All seven are development data now: ` +
      "the redactor was tuned on every one of them, so these figures say what it does on what it has seen; " +
      "the figure that says how it generalises is a batch written blind after this record and run once.\n\n" +
      `${table}\n${notes ? `\n${notes}` : ""}`,
  );
  await Deno.mkdir(join(ROOT, "bench/results"), { recursive: true });
  await Deno.writeTextFile(
    join(ROOT, "bench/results/redaction_prose_all.json"),
    `${JSON.stringify({ date, machine: MACHINE, scores }, null, 2)}\n`,
  );
}

/** Where the hand-written notes of RESULTS-redaction-prose-all.md start (kept across runs). */
const NOTES = "## What changed";
