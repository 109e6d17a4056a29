/**
 * Offline mode of the quality harness: the question set (`questions.ts`) against a strand with
 * no embedding model, so recall rests on its lexical and graph channels (BM25, exact tokens,
 * graph expansion). Prints Recall@10 per kind and overall, and how many changed facts rank a
 * stale version above its successor when superseded memories are shown too.
 *
 * Usage (through `deno task quality`):
 *   deno task quality --questions tune            # the tuning half
 *   deno task quality --questions tune --misses   # … with every miss listed
 *   deno task quality --questions tune,heldout --write   # record bench/quality/RESULTS-offline.md
 *   deno task quality --questions blind3          # the third blind batch: run once, at the end
 *
 * @module
 */
import { join } from "node:path";
import { type Engine, fixedClock, openEngine } from "../../core/mod.ts";
import { load, TODAY } from "./load.ts";
import { type Question, QUESTION_KINDS, type QuestionKind } from "./questions.ts";
import { heldoutQuestions } from "./questions_heldout.ts";
import { tuneQuestions } from "./questions_tune.ts";
import { blind3Questions } from "./questions_blind3.ts";

/** What one half scored. */
export interface HalfScores {
  readonly half: string;
  readonly questions: number;
  /** Mean Recall@10 over all questions. */
  readonly recall10: number;
  readonly mrr: number;
  readonly byKind: ReadonlyMap<QuestionKind, { n: number; recall10: number; mrr: number }>;
  /** Changed facts whose stale version ranks above the successor (superseded shown). */
  readonly staleAbove: readonly string[];
  readonly changedFacts: number;
  readonly misses: readonly string[];
}

/** The halves by name. */
export const HALVES: Readonly<Record<string, readonly Question[]>> = {
  tune: tuneQuestions,
  heldout: heldoutQuestions,
  blind3: blind3Questions,
};

async function ranked(
  engine: Engine,
  q: Question,
  includeSuperseded: boolean,
  channels: Readonly<Record<string, boolean>>,
): Promise<string[]> {
  const result = await engine.search({
    query: q.query,
    scope: q.scope,
    limit: 10,
    channels: { vector: false, ...channels },
    ...(includeSuperseded ? { includeSuperseded: true } : {}),
  });
  return result.hits.map((h) => h.memory.id);
}

/** Scores `questions` on a loaded engine. */
export async function scoreHalf(
  engine: Engine,
  idOf: ReadonlyMap<string, string>,
  half: string,
  questions: readonly Question[],
  channels: Readonly<Record<string, boolean>> = {},
): Promise<HalfScores> {
  const keyOf = new Map([...idOf].map(([key, id]) => [id, key]));
  const sums = new Map<QuestionKind, { n: number; recall10: number; mrr: number }>();
  let recall = 0;
  let mrr = 0;
  const misses: string[] = [];
  const staleAbove: string[] = [];
  for (const q of questions) {
    const keys = (await ranked(engine, q, false, channels)).map((id) => keyOf.get(id)!);
    const gold = new Set(q.gold);
    const r = keys.filter((k) => gold.has(k)).length / gold.size;
    const first = keys.findIndex((k) => gold.has(k));
    recall += r;
    mrr += first >= 0 ? 1 / (first + 1) : 0;
    const kind = sums.get(q.kind) ?? { n: 0, recall10: 0, mrr: 0 };
    sums.set(q.kind, {
      n: kind.n + 1,
      recall10: kind.recall10 + r,
      mrr: kind.mrr + (first >= 0 ? 1 / (first + 1) : 0),
    });
    if (r < 1) misses.push(`${q.id} (${q.kind}) "${q.query}" → ${keys.slice(0, 3).join(", ")}`);
    if (q.stale) {
      const all = (await ranked(engine, q, true, channels)).map((id) => keyOf.get(id)!);
      const successor = all.indexOf(q.gold[0]!);
      const worst = q.stale.map((s) => all.indexOf(s)).filter((i) => i >= 0);
      if (worst.some((i) => successor < 0 || i < successor)) {
        staleAbove.push(`${q.id} "${q.query}" → ${all.slice(0, 3).join(", ")}`);
      }
    }
  }
  return {
    half,
    questions: questions.length,
    recall10: recall / questions.length,
    mrr: mrr / questions.length,
    byKind: new Map(
      QUESTION_KINDS.filter((k) => sums.has(k)).map((k) => {
        const { n, recall10, mrr } = sums.get(k)!;
        return [k, { n, recall10: recall10 / n, mrr: mrr / n }];
      }),
    ),
    staleAbove,
    changedFacts: questions.filter((q) => q.stale).length,
    misses,
  };
}

const pct = (x: number) => (100 * x).toFixed(1);

/** A Markdown report of `halves`, side by side. */
export function report(halves: readonly HalfScores[], showMisses: boolean): string {
  const out = [
    `| kind | ${halves.map((h) => `${h.half} n | ${h.half} R@10 | ${h.half} MRR`).join(" | ")} |`,
    `| --- | ${halves.map(() => "---: | ---: | ---:").join(" | ")} |`,
  ];
  for (const kind of QUESTION_KINDS) {
    const cells = halves.map((h) => {
      const k = h.byKind.get(kind);
      return k ? `${k.n} | ${pct(k.recall10)} | ${k.mrr.toFixed(3)}` : "0 | – | –";
    });
    out.push(`| ${kind} | ${cells.join(" | ")} |`);
  }
  out.push(
    `| **overall** | ${
      halves.map((h) => `${h.questions} | **${pct(h.recall10)}** | **${h.mrr.toFixed(3)}**`)
        .join(" | ")
    } |`,
    "",
    ...halves.map((h) =>
      `${h.half}: MRR ${
        h.mrr.toFixed(3)
      }; changed facts with a stale version above its successor ` +
      `(superseded shown): ${h.staleAbove.length} of ${h.changedFacts}`
    ),
  );
  for (const h of halves) {
    if (h.staleAbove.length) {
      out.push(
        "",
        `Stale above successor (${h.half}):`,
        ...h.staleAbove.map((s) => `- ${s}`),
      );
    }
    if (showMisses && h.misses.length) {
      out.push(
        "",
        `Misses at R@10 (${h.half}):`,
        ...h.misses.map((m) => `- ${m}`),
      );
    }
  }
  return out.join("\n");
}

/** Loads a fresh offline strand and scores each named half. */
export async function measureQuestions(
  halves: readonly string[],
  options: { handEdges?: boolean; off?: readonly string[]; on?: readonly string[] } = {},
): Promise<HalfScores[]> {
  const dir = await Deno.makeTempDir({ prefix: "helix-questions-" });
  const clock = fixedClock(TODAY);
  const engine = openEngine({ path: join(dir, "quality.db"), embedder: null, clock });
  try {
    const idOf = await load(engine, clock, options);
    const scores: HalfScores[] = [];
    for (const half of halves) {
      const questions = HALVES[half];
      if (!questions) throw new Error(`No half "${half}": expected tune, heldout or blind3`);
      const channels = Object.fromEntries([
        ...(options.off ?? []).map((c) => [c, false]),
        ...(options.on ?? []).map((c) => [c, true]),
      ]);
      scores.push(await scoreHalf(engine, idOf, half, questions, channels));
    }
    return scores;
  } finally {
    engine.close();
    await Deno.remove(dir, { recursive: true });
  }
}
