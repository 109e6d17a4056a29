/**
 * `helix export --jsonl`: memories and edges as JSONL, to stdout or a file.
 *
 * @module
 */
import { isAbsolute, join } from "node:path";
import { STATUSES } from "@helix/core";
import { booleanFlag, type Command, scopeFlag, stringFlag, UsageError } from "../command.ts";
import { writeFileAtomic } from "../files.ts";
import { toJsonlLine } from "../jsonl.ts";
import { count } from "../output.ts";

export const exportCommand: Command = {
  name: "export",
  summary: "Export memories and edges as JSONL (for scripts and bulk moves)",
  usage: "helix export --jsonl [--output <file>] [--scope <scope>|all] [--include-forgotten]",
  details: `Writes one JSON object per line: every memory (fields of memory_write plus id, status,
validity, event time, provenance) and then every edge. \`helix import\` reads it back.

  --jsonl               the format (plain JSONL; the encrypted .dna format comes with sync)
  --output <file>       write to a file (atomically) instead of standard output
  --scope <scope>       default all; global, project:<id> (or a bare name), session:<id>
  --include-forgotten   also export forgotten memories`,
  options: {
    jsonl: { type: "boolean" },
    output: { type: "string", short: "o" },
    scope: { type: "string", multiple: true },
    "include-forgotten": { type: "boolean" },
  },
  async run(invocation, ctx) {
    if (!booleanFlag(invocation, "jsonl")) {
      throw new UsageError("choose the format: --jsonl (plain JSONL, one memory or edge per line)");
    }
    if (invocation.positionals.length) {
      throw new UsageError(`unexpected argument "${invocation.positionals[0]}" (use --output)`);
    }
    const engine = await ctx.engine();
    const scope = scopeFlag(invocation) ?? "all";
    const records = engine.exportRecords({
      scope,
      ...(booleanFlag(invocation, "include-forgotten") ? { statuses: [...STATUSES] } : {}),
    });
    const output = stringFlag(invocation, "output");
    let memories = 0;
    let edges = 0;
    const lines: string[] = [];
    for (const record of records) {
      if (record.kind === "memory") memories++;
      else edges++;
      const line = toJsonlLine(record);
      if (output === undefined) ctx.io.stdout(`${line}\n`);
      else lines.push(line);
    }
    if (output !== undefined) {
      const path = isAbsolute(output) ? output : join(ctx.io.cwd, output);
      await writeFileAtomic(path, lines.length ? `${lines.join("\n")}\n` : "");
      if (ctx.flags.json) return ctx.printJson({ path, memories, edges });
      ctx.print(
        `${ctx.out.green("exported")} ${count(memories)} memories and ${
          count(edges)
        } edges to ${path}`,
      );
    } else {
      ctx.note(ctx.err.dim(`(${count(memories)} memories, ${count(edges)} edges)`));
    }
  },
};
