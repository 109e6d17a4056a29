/**
 * `helix import <file.dna|file.jsonl|->`: merges a `.dna` file's history (recognised by its
 * content), or loads JSONL memories and edges (every line checked before anything is written,
 * then written in short transactions), with progress.
 *
 * @module
 */
import { HelixError, type InputIssue, isDna, isHelixError, issuesLine } from "@helix/core";
import { type Command, stringFlag, UsageError } from "../command.ts";
import { mergeDnaFile, PASSPHRASE_ENV, readBytes, resolvePath } from "../dna.ts";
import { printMerge } from "../dna_report.ts";
import { EXIT_CODES, EXIT_INTERRUPTED, EXIT_SOFTWARE, EXIT_USAGE } from "../exit_codes.ts";
import { jsonlName, jsonlText, parseJsonl } from "../jsonl.ts";
import { count, createProgress } from "../output.ts";

/** What a script sees when a .dna import fails, for the details text. */
const DNA_EXIT_CODES = `Exit codes:
  0    imported, no conflict open
  1    imported, conflicts open (listed; see \`helix help merge\`)
  ${EXIT_USAGE}   usage: no passphrase (${PASSPHRASE_ENV} unset and no terminal), empty passphrase,
       a raw-key file (invalid_input)
  ${EXIT_CODES.corrupt}   the file is damaged (corrupt) or was altered after sealing (tampered)
  ${EXIT_CODES.not_found}   no such file
  ${EXIT_SOFTWARE}   a bug in Helix
  ${EXIT_CODES.decrypt_failed}   wrong passphrase (decrypt_failed)
  ${EXIT_CODES.bad_signature}   the signature does not verify (bad_signature)
  ${EXIT_CODES.unsupported_version}   written by a newer Helix, format or schema (unsupported_version)
  ${EXIT_INTERRUPTED}  Ctrl-C at the passphrase prompt`;

export const importCommand: Command = {
  name: "import",
  summary: "Import a .dna file's history, or memories and edges from JSONL",
  usage: "helix import <file.dna|file.jsonl|-> [--on-existing fail|skip]",
  details: `A .dna file (\`helix export\`; recognised by its content, whatever its name) is
opened with the passphrase from ${PASSPHRASE_ENV}, else asked for without echo (there is no flag
for it), and its ops are merged as by \`helix merge\`: prints the ops added and already here,
the signer's key fingerprint, a note when the file's embedding model differs from the strand's,
and the conflicts left open (then exits 1). A file that does not open or check out leaves the
strand unchanged; an interrupted merge is finished by importing the same file again.

${DNA_EXIT_CODES}

Any other file is JSONL: one JSON object per line (\`-\` reads standard input): memory lines with the
fields of memory_write (content, type, scope, source, event_at, importance, tags, and id, status,
confidence, valid_from, valid_to, event_end, event_phrase, attributes), and edge lines
{"edge": {"from", "to", "relation", "weight"}}. \`helix export --jsonl\` writes this format.

Every line is checked before anything is written: a bad line stops the import with its line
number and the strand stays exactly as it was. The memories and edges are then written in short
transactions (tens of milliseconds each), so agents writing to the strand meanwhile are never shut
out. Memories keep their ids. Importing the same file again changes nothing: a memory the strand
already holds with the same values is skipped (the report counts them). One it holds with other
values (edited since, or another memory with that id) stops the import, unless

  --on-existing skip   keep the strand's memory and import the rest (default: fail)

An import that is interrupted (Ctrl-C, a crash) leaves what it wrote so far; \`helix status\` and
\`helix doctor\` report it, and running the same import again finishes it. Vectors are computed
when the embedding model is available; otherwise \`helix backfill\` computes them later.`,
  options: { "on-existing": { type: "string" } },
  async run(invocation, ctx) {
    const [file, ...extra] = invocation.positionals;
    if (!file || extra.length) throw new UsageError("give one file (or - for standard input)");
    let text: string;
    if (file === "-") {
      text = await ctx.io.readStdin();
      if (text.startsWith("\uFFFDHDNA\r\n\x1a")) {
        throw new UsageError("a .dna file is read from a path, not from standard input");
      }
    } else {
      const bytes = await readBytes(file, ctx.io.cwd, "import");
      if (isDna(bytes)) {
        const report = await mergeDnaFile(ctx, file, bytes, { create: true });
        const path = resolvePath(file, ctx.io.cwd);
        return printMerge(ctx, await ctx.engine(), path, report, "imported");
      }
      text = jsonlText(bytes, file);
    }
    const onExisting = onExistingFlag(invocation);
    const { records, lines } = parseJsonl(text);
    const engine = await ctx.engine({ create: true });
    const progress = createProgress(ctx.io, "importing", ctx.err);
    const started = ctx.io.now();
    let result;
    try {
      result = await engine.importRecords(
        records,
        (p) => progress.update(p.done, p.total, p.phase),
        { onExisting, label: file === "-" ? "standard input" : resolvePath(file, ctx.io.cwd) },
      );
    } catch (error) {
      progress.finish();
      throw atLine(error, lines);
    }
    progress.finish();
    const seconds = Math.max(0.001, (ctx.io.now() - started) / 1000);
    const summary = { ...result, seconds: Math.round(seconds * 1000) / 1000 };
    if (ctx.flags.json) return ctx.printJson(summary);
    const skipped = result.skipped.length;
    ctx.print(
      `${ctx.out.green(result.resumed ? "finished the interrupted import:" : "imported")} ${
        count(result.memories)
      } memories and ${count(result.edges)} edges ` +
        `in ${seconds.toFixed(1)} s (${count(records.length / seconds)}/s)` +
        (skipped > 0 ? `; ${count(skipped)} already in the strand (skipped)` : "") +
        (result.memories > result.embedded
          ? ctx.out.dim(
            `; ${count(result.memories - result.embedded)} without vectors (helix backfill)`,
          )
          : ""),
    );
  },
};

function onExistingFlag(invocation: Parameters<Command["run"]>[0]): "fail" | "skip" {
  const value = stringFlag(invocation, "on-existing") ?? "fail";
  if (value !== "fail" && value !== "skip") {
    throw new UsageError(`--on-existing is "fail" or "skip", not "${value}"`);
  }
  return value;
}

/**
 * The engine names a record by its index and fields as it calls them; the user knows the line
 * and the line's field names (`records[0].validFrom` is line 1's `valid_from`).
 */
function atLine(error: unknown, lines: readonly number[]): unknown {
  if (!isHelixError(error)) return error;
  const index = error.details?.index;
  if (typeof index !== "number" || lines[index] === undefined) return error;
  const line = lines[index]!;
  const lineOf = (text: string) =>
    text.replace(/records\[(\d+)\]/g, (_, i) => `line ${lines[Number(i)] ?? Number(i) + 1}`)
      // A line's dates are ISO 8601 text: the engine's epoch milliseconds are not for files.
      .replace("expected an ISO 8601 date/time or epoch milliseconds", DATE_IN_A_LINE)
      .replace('onExisting "skip"', "--on-existing skip");
  const found = error.details?.issues;
  const issues = Array.isArray(found)
    ? (found as InputIssue[]).map((issue) => ({
      path: issue.path.map((part, i) => (i === 0 ? jsonlName(part) : part)),
      message: lineOf(issue.message),
    }))
    : undefined;
  const field = typeof error.details?.field === "string" ? error.details.field : "";
  const problem = issues ? issuesLine(issues) : lineOf(
    error.message.replace(/^Cannot [^:]+: /, "").replace(
      /^records\[\d+\](?:\.([\w.]+))?: /,
      (_, name?: string) => (name ? `${jsonlName(name)}: ` : ""),
    ),
  );
  return new HelixError(error.code, `Cannot import line ${line}: ${problem}`, {
    details: {
      ...error.details,
      line,
      ...(field ? { field: jsonlName(field) } : {}),
      ...(issues ? { issues } : {}),
    },
  });
}

const DATE_IN_A_LINE = 'must be an ISO 8601 date or time in quotes, e.g. "2026-04-01"';
