/**
 * `helix show <id>`: one memory with its provenance, edges and history.
 *
 * @module
 */
import type { Memory } from "@helix/core";
import { type Command, UsageError } from "../command.ts";
import type { CommandContext } from "../context.ts";
import { strandTag } from "./search.ts";
import { shortTime, table } from "../output.ts";

export const show: Command = {
  name: "show",
  summary: "Show a memory with its provenance, edges and history",
  usage: "helix show <id>",
  details: `Prints every field of the memory, where it came from, the edges that touch it and the
ops that changed it, newest first. Works for forgotten and superseded memories too.`,
  options: {},
  async run(invocation, ctx) {
    const [id, ...extra] = invocation.positionals;
    if (!id || extra.length) throw new UsageError("give exactly one memory id");
    const workspace = await ctx.workspace();
    const memory = workspace.get(id);
    const edges = workspace.edgesOf(id);
    // The log of the strand that holds it (a team's for a team memory).
    const history = workspace.history({ id, limit: 200 });
    if (ctx.flags.json) return ctx.printJson({ memory, edges, history });
    const { out } = ctx;
    const lines = [
      `${out.bold(memory.id)}  ${memory.type} · ${memory.scope} · ${statusText(memory, ctx)}${
        memory.strand ? ` ${out.dim(strandTag(memory))}` : ""
      }`,
      "",
      memory.content,
      "",
      describeMemory(memory, ctx),
      "",
      out.bold("Provenance"),
      table(
        memory.provenance.map((p) => [
          `  ${shortTime(p.at)}`,
          p.origin,
          p.agent ?? "",
          [p.ref, p.extractor && p.extractor !== "verbatim" ? `via ${p.extractor}` : ""]
            .filter(Boolean).join(" "),
        ]),
        ctx.io.columns,
      ).trimEnd(),
    ];
    if (edges.length) {
      lines.push(
        "",
        out.bold("Edges"),
        table(
          edges.map((e) => [
            `  ${e.from === id ? "→" : "←"}`,
            e.relation,
            e.from === id ? e.to : e.from,
            `weight ${e.weight}`,
          ]),
          ctx.io.columns,
        ).trimEnd(),
      );
    }
    lines.push(
      "",
      out.bold("History"),
      table(
        history.map((h) => [`  ${shortTime(h.at)}`, h.kind, h.summary]),
        ctx.io.columns,
      ).trimEnd(),
    );
    ctx.print(lines.join("\n"));
  },
};

function statusText(memory: Memory, ctx: CommandContext): string {
  if (memory.status === "active") return ctx.out.green("active");
  if (memory.status === "forgotten" || memory.status === "quarantined") {
    return ctx.out.red(memory.status);
  }
  return ctx.out.yellow(memory.status);
}

/** The fields of a memory beyond its text, as aligned lines. */
export function describeMemory(memory: Memory, ctx: CommandContext): string {
  const valid = `${memory.validFrom}${memory.validTo ? ` → ${memory.validTo}` : " → (still true)"}`;
  const rows: string[][] = [
    ["  importance", `${memory.importance}/10   confidence ${memory.confidence}`],
    ["  valid", valid],
    ["  recorded", memory.recordedAt],
  ];
  if (memory.eventAt) {
    rows.push([
      "  event",
      `${memory.eventAt}${memory.eventEnd ? ` → ${memory.eventEnd}` : ""}${
        memory.eventPhrase ? ` ("${memory.eventPhrase}")` : ""
      }`,
    ]);
  }
  if (memory.tags.length) rows.push(["  tags", memory.tags.join(", ")]);
  if (Object.keys(memory.attributes).length) {
    rows.push(["  attributes", JSON.stringify(memory.attributes)]);
  }
  rows.push([
    "  recall",
    `reinforced ${memory.accessCount}×, last ${memory.lastAccessAt}, half-life ${
      memory.halfLifeDays === null ? "none (does not decay)" : `${memory.halfLifeDays} d`
    }`,
  ]);
  return table(rows, Math.max(ctx.io.columns, 200)).trimEnd();
}
