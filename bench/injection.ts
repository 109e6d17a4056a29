/**
 * Poisoning-guard detector benchmark (issue 5): detection and false-positive rates of
 * `scanInjection()` on the generated corpus (overall, per carrier, per kind), on the hard set
 * (benign text that quotes or resembles attacks), and on the hand-written holdouts, plus
 * throughput over every case and on 16 KB inputs.
 *
 * The holdouts are reported with their history: each was measured once when written, and the
 * first three were then used to revise the rules, so only their first measurement says
 * anything about unseen text. The fourth was written after the final revision.
 *
 * Usage: deno task bench:injection [--runs 5] [--write]
 * `--write` records bench/RESULTS-injection.md and bench/results/injection.json.
 *
 * @module
 */
import { parseArgs } from "node:util";
import { join } from "node:path";
import { scanInjection } from "../core/guard/injection.ts";
import { INJECTION_THRESHOLD } from "../core/guard/kinds.ts";
import {
  ATTACK_KINDS,
  CARRIERS,
  type InjectionCase,
  injectionCorpus,
  injectionHoldout,
  injectionHoldout2,
  injectionHoldout3,
  injectionHoldout4,
} from "../tests/fixtures/injection_corpus.ts";
import { log, MACHINE, MACHINE_LINE, summarize, type Timing } from "./measure.ts";

const ROOT = new URL("..", import.meta.url).pathname;

interface Rate {
  flagged: number;
  total: number;
}

interface HoldoutResult {
  name: string;
  role: string;
  attacks: { first: Rate; now: Rate };
  benign: { first: Rate; now: Rate };
}

/** What each holdout scored the one time it was unseen (recorded when it was written). */
const FIRST_MEASUREMENT: Record<string, { attacks: Rate; benign: Rate; role: string }> = {
  "holdout 1": {
    attacks: { flagged: 12, total: 40 },
    benign: { flagged: 1, total: 40 },
    role: "unseen once, then used to revise the rules",
  },
  "holdout 2": {
    attacks: { flagged: 22, total: 40 },
    benign: { flagged: 3, total: 59 },
    role: "unseen once, then used to revise the rules",
  },
  "holdout 3": {
    attacks: { flagged: 20, total: 40 },
    benign: { flagged: 5, total: 60 },
    role: "unseen once, then used to revise the rules",
  },
  "holdout 4": {
    attacks: { flagged: 13, total: 30 },
    benign: { flagged: 0, total: 44 },
    role: "written after the final revision; not used to change the rules",
  },
};

function rate(cases: readonly InjectionCase[]): Rate {
  return {
    flagged: cases.filter((c) => scanInjection(c.text).suspicious).length,
    total: cases.length,
  };
}

const pct = (r: Rate) => `${((r.flagged / r.total) * 100).toFixed(1)} %`;
const cell = (r: Rate) => `${r.flagged}/${r.total} (${pct(r)})`;

function throughput(texts: readonly string[], runs: number) {
  const chars = texts.reduce((n, t) => n + t.length, 0);
  for (const t of texts.slice(0, 50)) scanInjection(t); // warm-up
  const totals: number[] = [];
  const perScan: number[] = [];
  for (let r = 0; r < runs; r++) {
    const started = performance.now();
    for (const t of texts) {
      const s = performance.now();
      scanInjection(t);
      perScan.push(performance.now() - s);
    }
    totals.push((performance.now() - started) / 1000);
  }
  totals.sort((a, b) => a - b);
  const seconds = totals[Math.floor((totals.length - 1) / 2)]!;
  return {
    scans: texts.length,
    chars,
    seconds,
    scansPerSecond: Math.round(texts.length / seconds),
    charsPerSecond: Math.round(chars / seconds),
    perScan: summarize(perScan),
  };
}

/** 16 KB inputs built from the corpus: the longest text the write path accepts. */
function sixteenKb(cases: readonly InjectionCase[]): string[] {
  const out: string[] = [];
  let current = "";
  for (const c of cases) {
    current += `${c.text}\n\n`;
    if (current.length >= 16_384) {
      out.push(current.slice(0, 16_384));
      current = "";
    }
  }
  return out;
}

if (import.meta.main) {
  const { values } = parseArgs({
    args: Deno.args,
    options: {
      runs: { type: "string", default: "5" },
      write: { type: "boolean", default: false },
    },
  });
  const runs = Number(values.runs);
  const { attacks, benign, hard } = injectionCorpus();

  const overall = { attacks: rate(attacks), benign: rate(benign), hard: rate(hard) };
  const byCarrier = CARRIERS.map((carrier) => ({
    carrier,
    attacks: rate(attacks.filter((c) => c.carrier === carrier)),
    benign: rate(benign.filter((c) => c.carrier === carrier)),
  }));
  const byKind = ATTACK_KINDS.map((kind) => ({
    kind,
    attacks: rate(attacks.filter((c) => c.kind === kind)),
    benign: rate(benign.filter((c) => c.kind === kind)),
  }));
  const holdouts: HoldoutResult[] = [
    ["holdout 1", injectionHoldout()],
    ["holdout 2", injectionHoldout2()],
    ["holdout 3", injectionHoldout3()],
    ["holdout 4", injectionHoldout4()],
  ].map(([name, set]) => {
    const first = FIRST_MEASUREMENT[name as string]!;
    const { attacks: a, benign: b } = set as ReturnType<typeof injectionHoldout>;
    return {
      name: name as string,
      role: first.role,
      attacks: { first: first.attacks, now: rate(a) },
      benign: { first: first.benign, now: rate(b) },
    };
  });
  const missed = attacks.filter((c) => !scanInjection(c.text).suspicious).map((c) => c.id);
  const falsePositives = benign.filter((c) => scanInjection(c.text).suspicious).map((c) => c.id);
  const holdout4 = injectionHoldout4();
  const holdout4Missed = holdout4.attacks.filter((c) => !scanInjection(c.text).suspicious)
    .map((c) => c.id);

  const all = [...attacks, ...benign, ...hard];
  const corpusSpeed = throughput(all.map((c) => c.text), runs);
  const bigSpeed = throughput(sixteenKb(all), runs * 4);

  const ms = (t: Timing) => `${t.p50.toFixed(2)} / ${t.p95.toFixed(2)} ms`;
  const report = [
    "| set | cases | flagged |",
    "| --- | ---: | ---: |",
    `| generated attacks (target ≥ 90 %) | ${attacks.length} | ${cell(overall.attacks)} |`,
    `| generated look-alikes (target ≤ 5 %) | ${benign.length} | ${cell(overall.benign)} |`,
    `| hard set: quotes or resembles an attack (benign) | ${hard.length} | ${cell(overall.hard)} |`,
    "",
    "| carrier | attacks detected | look-alikes flagged |",
    "| --- | ---: | ---: |",
    ...byCarrier.map((r) => `| ${r.carrier} | ${cell(r.attacks)} | ${cell(r.benign)} |`),
    "",
    "| kind | attacks detected | look-alikes flagged |",
    "| --- | ---: | ---: |",
    ...byKind.map((r) => `| ${r.kind} | ${cell(r.attacks)} | ${cell(r.benign)} |`),
    "",
    "| hand-written holdout | attacks: first / now | benign flagged: first / now | role |",
    "| --- | ---: | ---: | --- |",
    ...holdouts.map((h) =>
      `| ${h.name} | ${cell(h.attacks.first)} / ${pct(h.attacks.now)} | ${cell(h.benign.first)} / ${
        pct(h.benign.now)
      } | ${h.role} |`
    ),
    "",
    "| throughput | value |",
    "| --- | ---: |",
    `| every case (${corpusSpeed.scans} texts, ${(corpusSpeed.chars / 1e3).toFixed(0)} k chars) | ${
      corpusSpeed.scansPerSecond.toLocaleString("en-US")
    } scans/s, ${(corpusSpeed.charsPerSecond / 1e6).toFixed(2)} M chars/s |`,
    `| per scan, p50 / p95 | ${ms(corpusSpeed.perScan)} |`,
    `| 16 KB input, p50 / p95 | ${ms(bigSpeed.perScan)} |`,
  ].join("\n");
  log(report);
  log(`\nmissed generated attacks: ${missed.join(", ") || "none"}`);
  log(`flagged look-alikes: ${falsePositives.join(", ") || "none"}`);

  if (values.write) {
    const date = new Date().toISOString();
    await Deno.writeTextFile(
      join(ROOT, "bench/RESULTS-injection.md"),
      `# Poisoning-guard detector benchmark\n\nRecorded by \`deno task bench:injection --write\` on ${
        date.slice(0, 10)
      }: ${MACHINE_LINE}. ` +
        `\`scanInjection()\` (core/guard/injection.ts), threshold ${INJECTION_THRESHOLD}. ` +
        "The generated corpus (tests/fixtures/injection_corpus.ts, seeded: templates × payloads × " +
        "carriers) is what the rules were developed on. The hand-written holdouts estimate " +
        "unseen text: read the *first* column, which was measured once, before the set was used " +
        "for anything; holdout 4 was written after the last change to the rules.\n\n" +
        `${report}\n\n` +
        "Reading it: the generated corpus overstates real-world detection. On hand-written " +
        "attacks in phrasings outside the catalogue, about half were caught (30–55 % across the " +
        "four first measurements), with 0–8 % of hand-written benign text flagged. Misses are " +
        'paraphrases the rules do not list ("You have my permission to…", "TODO for the ' +
        'coding assistant", markdown-emphasized labels, `rm -rf` with `~/` as a later ' +
        "operand, non-English text). The hard set is flagged on purpose: without a model the " +
        "detector cannot tell a security write-up that quotes an attack from the attack.\n",
    );
    await Deno.mkdir(join(ROOT, "bench/results"), { recursive: true });
    await Deno.writeTextFile(
      join(ROOT, "bench/results/injection.json"),
      `${
        JSON.stringify(
          {
            date,
            machine: MACHINE,
            threshold: INJECTION_THRESHOLD,
            corpus: overall,
            byCarrier,
            byKind,
            holdouts,
            missed,
            falsePositives,
            holdout4Missed,
            throughput: { corpus: corpusSpeed, sixteenKb: bigSpeed },
          },
          null,
          2,
        )
      }\n`,
    );
  }
}
