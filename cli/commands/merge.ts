/**
 * `helix merge <file.dna>`: merges another strand's history into this one and lists the
 * conflicts it leaves open; exits 1 while any remain (like `git merge`).
 *
 * @module
 */
import { isDna } from "@helix/core";
import { type Command, UsageError } from "../command.ts";
import { mergeDnaFile, PASSPHRASE_ENV, readBytes, resolvePath } from "../dna.ts";
import { jsonlText } from "../jsonl.ts";
import { printMerge } from "../dna_report.ts";

export const merge: Command = {
  name: "merge",
  summary: "Merge a .dna file's history into the strand; list the conflicts left (exit 1)",
  usage: "helix merge <file.dna>",
  details: `Opens a .dna file (\`helix export\` on another machine or strand), checks its
signature and contents, and merges its ops into the strand: ops already here are skipped, edits
made concurrently on both sides are merged field by field and text by text. The merge commits in
short transactions, so agents writing to the strand meanwhile are never shut out; each leaves the
strand consistent. A merge that is interrupted is listed by \`helix status\` and \`helix doctor\`;
merging the same file again finishes it.

Prints the ops added, the signer's key fingerprint, the point to roll back to
(\`helix rollback <point>\` undoes the merge), and every conflict left open:
  text   both sides changed the same lines of a memory: its content now holds a
         <<<<<<< … ======= … >>>>>>> block; settle it with \`helix edit <id> --content\`
  fact   two memories contradict each other; settle it with \`helix forget <id>\`
Exits 1 while a conflict is open (0 once none is), so merging the same file again after
settling them exits 0.

The passphrase comes from ${PASSPHRASE_ENV}, else it is asked for without echo; there is no
flag for it. A file that does not open or check out leaves the strand unchanged; see
\`helix help import\` for the exit codes.`,
  options: {},
  async run(invocation, ctx) {
    const [file, ...extra] = invocation.positionals;
    if (!file || extra.length) throw new UsageError("give one .dna file");
    const bytes = await readBytes(file, ctx.io.cwd, "merge");
    if (!isDna(bytes)) {
      // A damaged header is a corrupt .dna (65); readable text is JSONL for helix import.
      jsonlText(bytes, file);
      throw new UsageError(`${file} is not a .dna file (for JSONL, use helix import)`);
    }
    const report = await mergeDnaFile(ctx, file, bytes, { create: false });
    return printMerge(ctx, await ctx.engine(), resolvePath(file, ctx.io.cwd), report, "merged");
  },
};
