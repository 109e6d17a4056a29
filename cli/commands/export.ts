/**
 * `helix export <file.dna>`: the strand's history (or the memories of some scopes and types)
 * as a sealed, signed `.dna` file; `helix export --jsonl`: memories and edges as JSONL, to
 * stdout or a file.
 *
 * @module
 */
import { MEMORY_TYPES, STATUSES } from "@helix/core";
import {
  booleanFlag,
  type Command,
  type Invocation,
  listFlag,
  resolvedScope,
  scopeFlag,
  stringFlag,
  UsageError,
} from "../command.ts";
import type { CommandContext } from "../context.ts";
import { deviceKey, PASSPHRASE_ENV, readPassphrase, resolvePath } from "../dna.ts";
import { writeFileAtomic } from "../files.ts";
import { toJsonlLine } from "../jsonl.ts";
import { count, createProgress, plural, table } from "../output.ts";
import { VERSION } from "../version.ts";

export const exportCommand: Command = {
  name: "export",
  summary: "Export the strand as a sealed, signed .dna file (or as JSONL with --jsonl)",
  usage: "helix export <file.dna> [--scope <scope>]... [--type <type>]...\n" +
    "       helix export --jsonl [--output <file>] [--scope <scope>|all] [--include-forgotten]",
  details: `Writes the strand's history (every op, so forgotten memories and edges come along) to
a .dna file, encrypted with a passphrase (Argon2id, XChaCha20-Poly1305) and signed with this
device's key (<home>/keys/device.json, made on first use). \`helix import\` or \`helix merge\`
on another machine reads it back. With --scope or --type it holds only those memories (their
ops and the edges between them): a delta.

The passphrase comes from ${PASSPHRASE_ENV}, else it is asked for twice without echo; there is
no flag for it. The file is written atomically; a .dna never goes to standard output.

  --scope <scope>       only memories in this scope (repeatable): global, project:<id> (or a
                        bare name), session:<id>
  --type <type>         only memories of this type (repeatable): ${
    MEMORY_TYPES.slice(0, 5).join(", ")
  },
                        ${MEMORY_TYPES.slice(5).join(", ")}

  --jsonl               plain JSONL instead: one memory or edge per line, unencrypted
  --output <file>       with --jsonl: write to a file (atomically) instead of standard output
  --include-forgotten   with --jsonl: also export forgotten memories`,
  options: {
    jsonl: { type: "boolean" },
    output: { type: "string", short: "o" },
    scope: { type: "string", multiple: true },
    type: { type: "string", multiple: true },
    "include-forgotten": { type: "boolean" },
  },
  run(invocation, ctx) {
    return booleanFlag(invocation, "jsonl")
      ? exportJsonl(invocation, ctx)
      : exportDnaFile(invocation, ctx);
  },
};

async function exportDnaFile(invocation: Invocation, ctx: CommandContext): Promise<void> {
  if (stringFlag(invocation, "output") !== undefined) {
    throw new UsageError("give the .dna file as the argument (--output is for --jsonl)");
  }
  if (booleanFlag(invocation, "include-forgotten")) {
    throw new UsageError(
      "--include-forgotten is for --jsonl: a .dna holds the whole history, forgotten too",
    );
  }
  const [file, ...extra] = invocation.positionals;
  if (file === undefined) {
    throw new UsageError("name the .dna file to write (or pass --jsonl for plain JSONL)");
  }
  if (extra.length) throw new UsageError(`unexpected argument "${extra[0]}"`);
  if (file === "-") throw new UsageError("a .dna file is binary: name a file, not -");
  const types = listFlag(invocation, "type");
  for (const type of types) {
    if (!(MEMORY_TYPES as readonly string[]).includes(type)) {
      throw new UsageError(`not a memory type: "${type}" (${MEMORY_TYPES.join(", ")})`);
    }
  }
  const path = resolvePath(file, ctx.io.cwd);
  const engine = await ctx.engine();
  const names = listFlag(invocation, "scope");
  const scopes = names.includes("all")
    ? ["all"]
    : names.map((n) => resolvedScope(engine, n, "read"));
  const { passphrase } = await readPassphrase(ctx, file, { confirm: true });
  const device = await deviceKey(ctx);
  const progress = createProgress(ctx.io, "exporting", ctx.err);
  let result;
  try {
    result = await engine.exportDna({
      key: { passphrase },
      signingKey: device.secretKey,
      deviceId: device.fingerprint,
      helixVersion: VERSION,
      ...(scopes.length && !scopes.includes("all") ? { scopes } : {}),
      ...(types.length ? { types } : {}),
      onProgress: (p) => progress.update(p.done, p.total, p.phase),
    });
  } finally {
    progress.finish();
    device.secretKey.fill(0);
  }
  await writeFileAtomic(path, result.bytes, { private: true });
  const { manifest } = result;
  const summary = {
    path,
    kind: manifest.kind,
    counts: manifest.counts,
    bytes: result.bytes.length,
    signer: device.fingerprint,
    ...(manifest.filters ? { filters: manifest.filters } : {}),
  };
  if (ctx.flags.json) return ctx.printJson(summary);
  if (!file.endsWith(".dna")) {
    ctx.note(ctx.err.dim("(the name does not end in .dna; helix import knows the file anyway)"));
  }
  const filters = manifest.filters
    ? ` of ${[...manifest.filters.scopes ?? [], ...manifest.filters.types ?? []].join(", ")}`
    : "";
  ctx.print(
    `${ctx.out.green("exported")} ${path}\n` +
      // Never clipped: the fingerprint is what the other side compares.
      table([
        ["  kind", `${manifest.kind}${filters}`],
        [
          "  holds",
          `${plural(manifest.counts.ops, "op")}, ${
            plural(manifest.counts.memories, "memory", "memories")
          }, ${plural(manifest.counts.edges, "edge")}`,
        ],
        ["  size", `${count(result.bytes.length)} bytes`],
        ["  signed by", device.fingerprint],
      ], Number.MAX_SAFE_INTEGER).trimEnd(),
  );
}

async function exportJsonl(invocation: Invocation, ctx: CommandContext): Promise<void> {
  if (invocation.positionals.length) {
    throw new UsageError(`unexpected argument "${invocation.positionals[0]}" (use --output)`);
  }
  if (listFlag(invocation, "type").length) {
    throw new UsageError("--type is for .dna exports (JSONL takes --scope)");
  }
  const engine = await ctx.engine();
  const scope = scopeFlag(invocation, engine) ?? "all";
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
    const path = resolvePath(output, ctx.io.cwd);
    // Memories in plain text: owner-only, like the strand folder (0700).
    await writeFileAtomic(path, lines.length ? `${lines.join("\n")}\n` : "", { private: true });
    if (ctx.flags.json) return ctx.printJson({ path, memories, edges });
    ctx.print(
      `${ctx.out.green("exported")} ${count(memories)} memories and ${
        count(edges)
      } edges to ${path}`,
    );
  } else {
    ctx.note(ctx.err.dim(`(${count(memories)} memories, ${count(edges)} edges)`));
  }
}
