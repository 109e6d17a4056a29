/**
 * `helix init`: creates the strand (or says where the existing one lives).
 *
 * @module
 */
import { existsSync } from "node:fs";
import type { Command } from "../command.ts";

export const init: Command = {
  name: "init",
  summary: "Create the strand (safe to run again)",
  usage: "helix init [--strand <name>] [--home <dir>]",
  details: `Creates $HELIX_HOME/strands/<strand>.db (default ~/.helix/strands/default.db) and pins
its embedding model. Running it again changes nothing and prints where the strand lives.

Next: \`helix connect <client>\` to give an agent this memory.`,
  options: {},
  async run(_invocation, ctx) {
    const path = ctx.config.strandFile;
    const existed = existsSync(path);
    const engine = await ctx.engine({ create: true });
    const { meta } = engine;
    const result = {
      created: !existed,
      path,
      strandId: meta.strandId,
      deviceId: meta.deviceId,
      embedding: { model: meta.embeddingModel, dimension: meta.embeddingDimension },
      home: ctx.config.config.home,
      configFile: ctx.config.file,
    };
    if (ctx.flags.json) return ctx.printJson(result);
    const { out } = ctx;
    ctx.print(
      `${existed ? "Strand already exists" : out.green("Created strand")}: ${out.bold(path)}\n` +
        `  strand id  ${meta.strandId}\n` +
        `  device id  ${meta.deviceId}\n` +
        `  embeddings ${meta.embeddingModel} (${meta.embeddingDimension}-d)\n` +
        `  config     ${ctx.config.file}${
          ctx.config.fileExists ? "" : " (not created; defaults apply)"
        }\n\n` +
        "Next: `helix connect <client>` (claude-code, cursor, vscode, windsurf, codex, gemini, copilot),\n" +
        'then `helix add "…"` and `helix search "…"`.',
    );
  },
};
