/**
 * `helix import <file.jsonl|->`: loads memories and edges in one transaction (all or
 * nothing), with progress.
 *
 * @module
 */
import { HelixError, isHelixError } from "@helix/core";
import { type Command, UsageError } from "../command.ts";
import { parseJsonl } from "../jsonl.ts";
import { count, createProgress } from "../output.ts";

export const importCommand: Command = {
  name: "import",
  summary: "Import memories and edges from a JSONL file (all or nothing)",
  usage: "helix import <file.jsonl|->",
  details: `Reads one JSON object per line (\`-\` reads standard input): memory lines with the
fields of memory_write (content, type, scope, source, event_at, importance, tags, and id, status,
confidence, valid_from, valid_to, event_end, event_phrase, attributes), and edge lines
{"edge": {"from", "to", "relation", "weight"}}. \`helix export --jsonl\` writes this format.

Everything is stored in one transaction: a bad line stops the import with its line number and
the strand stays exactly as it was. Memories keep their ids when those are free. Vectors are
computed when the embedding model is available; otherwise \`helix backfill\` computes them later.`,
  options: {},
  async run(invocation, ctx) {
    const [file, ...extra] = invocation.positionals;
    if (!file || extra.length) throw new UsageError("give one file (or - for standard input)");
    const text = file === "-" ? await ctx.io.readStdin() : await readFile(file, ctx.io.cwd);
    const { records, lines } = parseJsonl(text);
    const engine = await ctx.engine({ create: true });
    const progress = createProgress(ctx.io, "importing", ctx.err);
    const started = ctx.io.now();
    let result;
    try {
      result = await engine.importRecords(
        records,
        (p) => progress.update(p.done, p.total, p.phase),
      );
    } catch (error) {
      progress.finish();
      throw atLine(error, lines);
    }
    progress.finish();
    const seconds = Math.max(0.001, (ctx.io.now() - started) / 1000);
    const summary = { ...result, seconds: Math.round(seconds * 1000) / 1000 };
    if (ctx.flags.json) return ctx.printJson(summary);
    ctx.print(
      `${ctx.out.green("imported")} ${count(result.memories)} memories and ${
        count(result.edges)
      } edges ` +
        `in ${seconds.toFixed(1)} s (${count(records.length / seconds)}/s)` +
        (result.memories > result.embedded
          ? ctx.out.dim(
            `; ${count(result.memories - result.embedded)} without vectors (helix backfill)`,
          )
          : ""),
    );
  },
};

async function readFile(file: string, cwd: string): Promise<string> {
  const path = file.startsWith("/") ? file : `${cwd}/${file}`;
  try {
    return await Deno.readTextFile(path);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) {
      throw new HelixError("not_found", `Cannot import ${file}: no such file`);
    }
    throw new HelixError("invalid_input", `Cannot import ${file}: ${(error as Error).message}`);
  }
}

/** The engine names a record by its index; the user knows the line. */
function atLine(error: unknown, lines: readonly number[]): unknown {
  if (!isHelixError(error)) return error;
  const index = error.details?.index;
  if (typeof index !== "number" || lines[index] === undefined) return error;
  const line = lines[index]!;
  return new HelixError(
    error.code,
    `Cannot import line ${line}: ${error.message.replace(/^Cannot [^:]+: /, "")}`,
    { details: { ...error.details, line } },
  );
}
