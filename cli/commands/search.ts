/**
 * `helix search <query>`: hybrid recall, best first, with `--explain` for why each memory
 * was recalled.
 *
 * @module
 */
import {
  type LabelledHit,
  type Memory,
  MEMORY_TYPES,
  PERSONAL,
  type SearchInput,
  type StrandLabel,
} from "@helix/core";
import {
  booleanFlag,
  type Command,
  integerFlag,
  listFlag,
  scopeFlag,
  stringFlag,
  UsageError,
} from "../command.ts";
import type { CommandContext } from "../context.ts";
import { shortTime, table } from "../output.ts";

export const search: Command = {
  name: "search",
  summary: "Recall memories for a query (keywords, meaning, identifiers, graph)",
  usage:
    "helix search <query…> [--explain] [--as-of <time>] [--scope <s>] [--type <t>] [--limit n]",
  details: `Searches the memories this folder's project can see (plus global), best first.

  --explain            why each memory was recalled: channels and ranks, fused score, decay,
                       graph path, the score's factors
  --as-of <time>       what was true then (ISO 8601 or epoch ms): superseded facts come back
  --scope <scope>      all, global, project:<id> (or a bare name), session:<id>; comma list
  --type <type>        ${MEMORY_TYPES.join(", ")}; repeatable
  --limit <n>          1–100 (default 10)
  --include-archived, --include-superseded, --include-forgotten, --include-expired
                       also show memories in those states`,
  options: {
    explain: { type: "boolean" },
    "as-of": { type: "string" },
    scope: { type: "string", multiple: true },
    type: { type: "string", multiple: true },
    limit: { type: "string" },
    "include-archived": { type: "boolean" },
    "include-superseded": { type: "boolean" },
    "include-forgotten": { type: "boolean" },
    "include-expired": { type: "boolean" },
  },
  async run(invocation, ctx) {
    const query = invocation.positionals.join(" ").trim();
    if (!query) throw new UsageError("give a query");
    const types = listFlag(invocation, "type");
    const asOf = stringFlag(invocation, "as-of");
    const limit = integerFlag(invocation, "limit", 10, 1, 100);
    const engine = await ctx.workspace();
    const scope = scopeFlag(invocation, engine);
    const input: SearchInput = {
      query,
      limit,
      ...(scope !== undefined ? { scope } : {}),
      ...(types.length ? { types: types as SearchInput["types"] } : {}),
      ...(asOf !== undefined ? { asOf: /^\d+$/.test(asOf) ? Number(asOf) : asOf } : {}),
      ...(booleanFlag(invocation, "include-archived") ? { includeArchived: true } : {}),
      ...(booleanFlag(invocation, "include-superseded") ? { includeSuperseded: true } : {}),
      ...(booleanFlag(invocation, "include-forgotten") ? { includeForgotten: true } : {}),
      ...(booleanFlag(invocation, "include-expired") ? { includeExpired: true } : {}),
    };
    const result = await engine.search(input);
    if (ctx.flags.json) {
      // Explanations are always in the JSON: scripts choose what to read.
      return ctx.printJson(result);
    }
    // Expansion is skipped whenever the lexicon has nothing for the query: not worth a note.
    const skipped = Object.entries(result.channels)
      .filter(([channel, state]) =>
        state.startsWith("skipped") && channel !== "expansion" &&
        channel !== "feedback" && channel !== "learned"
      )
      .map(([channel, state]) => `${channel} ${state}`);
    if (result.hits.length === 0) {
      ctx.print(ctx.out.dim("No memories match."));
    } else if (booleanFlag(invocation, "explain")) {
      ctx.print(result.hits.map((hit, i) => explainHit(hit, i + 1, ctx)).join("\n\n"));
    } else {
      ctx.print(memoryRows(result.hits, ctx));
    }
    if (skipped.length) ctx.note(ctx.err.dim(`(${skipped.join("; ")})`));
    if (result.asOf) ctx.note(ctx.err.dim(`(as of ${result.at})`));
  },
};

/** A memory's strand as a short tag: `[team:acme · bob]`, `[personal]`. */
export function strandTag(label: Partial<StrandLabel>): string {
  return label.strand === undefined
    ? ""
    : `[${[label.strand, label.member].filter(Boolean).join(" · ")}]`;
}

/**
 * Memories as a table: score when searched, id, type, scope, date, content (a team strand's
 * tagged with the strand and member; a contested search hit marked `[flag]`, the memory that
 * says otherwise named by `--explain` and `helix flags`).
 */
export function memoryRows(
  rows: readonly (
    & { memory: Memory; score?: number; contradicts?: readonly string[] }
    & Partial<StrandLabel>
  )[],
  ctx: CommandContext,
): string {
  const { out } = ctx;
  const scored = rows.some((row) => row.score !== undefined);
  const header = [...(scored ? ["SCORE"] : []), "ID", "TYPE", "SCOPE", "RECORDED", "CONTENT"];
  const body = rows.map(({ memory, score, contradicts, ...label }) => [
    ...(scored ? [score === undefined ? "" : score.toFixed(3)] : []),
    memory.status === "active" ? out.bold(memory.id) : `${memory.id} ${out.yellow(memory.status)}`,
    memory.type,
    memory.scope,
    shortTime(memory.recordedAt),
    // A contested memory says so first, where a narrow terminal does not cut it off.
    (contradicts?.length ? `${out.yellow("[flag]")} ` : "") +
    (label.strand && label.strand !== PERSONAL
      ? `${out.dim(strandTag(label))} ${memory.content}`
      : memory.content),
  ]);
  return table([header.map((h) => out.dim(h)), ...body], ctx.io.columns);
}

function explainHit(hit: LabelledHit, rank: number, ctx: CommandContext): string {
  const { out } = ctx;
  const e = hit.explanation;
  const channels = Object.entries(e.channels)
    .map(([name, trace]) => `${name} #${trace!.rank} (${round(trace!.value)})`)
    .join(", ");
  const lines = [
    `${out.bold(`${rank}. ${hit.memory.id}`)}  ${hit.memory.type} · ${hit.memory.scope} · score ${
      hit.score.toFixed(3)
    }${hit.strand ? ` ${strandTag(hit)}` : ""}`,
    `   ${hit.memory.content.replace(/\s+/g, " ").slice(0, 400)}`,
    `   channels   ${channels || "none"}`,
  ];
  if (e.matchedTokens?.length) lines.push(`   matched    ${e.matchedTokens.join(", ")}`);
  if (e.partialTokens?.length) lines.push(`   partial    ${e.partialTokens.join(", ")}`);
  if (e.expandedBy?.length) lines.push(`   expanded   ${e.expandedBy.join(", ")}`);
  if (e.feedbackTerms?.length) lines.push(`   feedback   ${e.feedbackTerms.join(", ")}`);
  if (e.intent) lines.push(`   intent     ${e.intent.name} ×${e.intent.factor}`);
  if (e.period) lines.push(`   period     ${e.period.phrase} ×${e.period.factor}`);
  if (e.belowSuccessor) lines.push(`   stale      kept below its successor ${e.belowSuccessor}`);
  if (hit.contradicts?.length) {
    lines.push(`   flag       ${hit.contradicts.join(", ")} says otherwise (see \`helix flags\`)`);
  }
  if (e.successorOf) lines.push(`   current    successor of ${e.successorOf}, found by it`);
  if (e.graphPath) {
    const steps = e.graphPath.nodes.map((node, i) =>
      i === 0 ? node : `-${e.graphPath!.relations[i - 1]}→ ${node}`
    );
    lines.push(`   graph      ${steps.join(" ")}`);
  }
  lines.push(
    `   fused ${round(e.fused)} · relevance ${round(e.factors.relevance)} · recency ${
      round(e.factors.recency)
    } · importance ${round(e.factors.importance)} · decay ${
      round(e.decay)
    } · status ×${e.statusFactor}`,
    `   provenance ${
      hit.memory.provenance.map((p) => [p.origin, p.agent, p.ref].filter(Boolean).join(" ")).join(
        "; ",
      )
    }`,
  );
  return lines.join("\n");
}

function round(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(3);
}
