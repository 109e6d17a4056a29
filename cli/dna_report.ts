/**
 * How `helix import` and `helix merge` report a `.dna` merge: what arrived, who signed it, the
 * rollback point, ops whose clock runs ahead, an embedding model that differs, and every
 * conflict still open with the text a person has to settle. Open conflicts make the exit
 * code 1 (not an error: `git merge` does the same).
 *
 * @module
 */
import type { ConflictKind, DnaImportReport, Engine } from "@helix/core";
import type { CommandContext } from "./context.ts";
import { EXIT_FAILED, EXIT_OK } from "./exit_codes.ts";
import { count, plural } from "./output.ts";

/** An open conflict with the memories it is about. */
export interface OpenConflict {
  readonly kind: ConflictKind;
  /** The memory (for `fact`: the first of the two, by id). */
  readonly memory: string;
  /** The op whose fold found it. */
  readonly op: string;
  /** The conflicting field (for `fact`: the other memory's id). */
  readonly field: string;
  /** The memories to look at: one for `text`, the two contradicting ones for `fact`. */
  readonly memories: readonly { id: string; content: string | null }[];
}

/** The strand's open conflicts, each with the content of its memories. */
export function openConflicts(engine: Engine): OpenConflict[] {
  const content = (id: string) => {
    try {
      return engine.get(id).content;
    } catch {
      return null; // purged since
    }
  };
  return engine.conflicts().map((c) => ({
    kind: c.kind,
    memory: c.memory,
    op: c.op,
    field: c.field,
    memories: (c.kind === "fact" ? [c.memory, c.field] : [c.memory]).map((id) => ({
      id,
      content: content(id),
    })),
  }));
}

/**
 * Prints what merging `file` did (`verb`: "imported" or "merged") and returns the exit code:
 * 1 while conflicts are open, 0 otherwise.
 */
export function printMerge(
  ctx: CommandContext,
  engine: Engine,
  path: string,
  report: DnaImportReport,
  verb: string,
): number {
  const open = report.open > 0 ? openConflicts(engine) : [];
  const code = report.open > 0 ? EXIT_FAILED : EXIT_OK;
  if (ctx.flags.json) {
    ctx.printJson({ path, ...report, openConflicts: open });
    return code;
  }
  const { out } = ctx;
  const m = report.manifest;
  const lines = [
    `${out.green(verb)} ${path} (${m.kind}: ${plural(m.counts.ops, "op")}, ${
      plural(m.counts.memories, "memory", "memories")
    }, ${plural(m.counts.edges, "edge")})`,
    `  ${plural(report.added, "new op")} added, ${
      count(report.received - report.added)
    } already here${report.refolded ? "; history refolded" : ""}`,
    `  signed by ${report.signer}`,
  ];
  if (report.added > 0 && report.before !== null) {
    lines.push(out.dim(`  undo with: helix rollback ${report.before.slice(0, 12)}`));
  }
  if (report.clockSuspect.length > 0) {
    lines.push(
      out.yellow(
        `  ${
          plural(report.clockSuspect.length, "op")
        } carry a clock more than a day ahead of this machine's (clock_suspect): ` +
          "merged, but this strand's clock does not follow them; check the other device's time",
      ),
    );
  }
  const { embedding } = report;
  if (!embedding.compatible && embedding.file) {
    const file = `${embedding.file.model} (dim ${embedding.file.dimension})`;
    const strand = `${embedding.strand.model} (dim ${embedding.strand.dimension})`;
    lines.push(
      out.yellow(
        `  the file's memories were embedded with ${file}; this strand uses ${strand}:\n` +
          `  their vectors are computed with ${embedding.strand.model} by \`helix backfill\`; ` +
          "`helix reembed` moves the strand to another model",
      ),
    );
  }
  ctx.print(lines.join("\n"));
  if (open.length) ctx.print(renderConflicts(ctx, open));
  return code;
}

function renderConflicts(ctx: CommandContext, open: readonly OpenConflict[]): string {
  const { out } = ctx;
  const indent = (text: string) => text.split("\n").map((line) => `    ${line}`).join("\n");
  const sections = open.map((c) => {
    if (c.kind === "fact") {
      const [a, b] = c.memories;
      return [
        `${out.yellow("conflict")} fact  ${out.bold(a!.id)} contradicts ${out.bold(b!.id)}`,
        ...c.memories.map((m) => `  ${m.id}\n${indent(m.content ?? "(purged)")}`),
      ].join("\n");
    }
    return `${out.yellow("conflict")} ${c.kind}  ${
      out.bold(c.memory)
    }  (both sides changed its ${c.field})\n${indent(c.memories[0]!.content ?? "(purged)")}`;
  });
  return [
    "",
    out.bold(plural(open.length, "open conflict")),
    ...sections,
    "",
    out.dim(
      "Settle text by editing the memory without the <<<<<<< block " +
        "(helix edit <id> --content -), a fact by forgetting the wrong memory (helix forget <id>).",
    ),
  ].join("\n");
}
