/**
 * `helix reembed`: moves the strand to the configured embedding model when it is pinned to
 * another one — every memory re-embedded with progress, then one switch. Interrupted, it
 * resumes where it stopped; meanwhile recall runs without vectors.
 *
 * @module
 */
import { type Command, integerFlag, UsageError } from "../command.ts";
import type { CommandContext } from "../context.ts";
import { count, createProgress } from "../output.ts";

export const reembed: Command = {
  name: "reembed",
  summary: "Move the strand to the configured embedding model (resumable)",
  usage: "helix reembed [--batch <n>]",
  details: `A strand is pinned to the model its vectors came from. After you configure another
one (helix config set model …), commands keep working, recall on keywords, exact tokens and the
graph, until it is re-embedded: this embeds every memory with the new model, showing progress,
then switches the strand to it in one step. Stopped halfway, run it again to resume.
Configuring the old model again cancels it. With embeddings off (HELIX_EMBEDDER=none) there is
nothing to re-embed: it says so, and how to turn them on.

  --batch <n>  texts embedded per step, 1–512 (default 64)`,
  options: { batch: { type: "string" } },
  async run(invocation, ctx) {
    if (invocation.positionals.length) {
      throw new UsageError(`unexpected argument "${invocation.positionals[0]}"`);
    }
    const engine = await ctx.engine({ reembed: true });
    if (ctx.config.config.embedder === "none") return embeddingsOff(ctx, engine.stats().embedding);
    const status = engine.reembedStatus();
    if (!status) {
      const { model } = engine.stats().embedding;
      if (ctx.flags.json) return ctx.printJson({ switched: false, model });
      return ctx.print(`The strand already uses ${model}.`);
    }
    const progress = createProgress(ctx.io, `re-embedding with ${status.model}`, ctx.err);
    const started = ctx.io.now();
    const report = await engine.reembed({
      batchSize: integerFlag(invocation, "batch", 64, 1, 512),
      onProgress: (s) => progress.update(s.done, s.total),
    }).finally(() => progress.finish());
    const seconds = Math.max(0.001, (ctx.io.now() - started) / 1000);
    if (ctx.flags.json) return ctx.printJson({ ...report, model: status.model, seconds });
    ctx.print(
      `${ctx.out.green("switched")} to ${status.model}: re-embedded ${
        count(report.embedded)
      } memories in ${seconds.toFixed(1)} s` +
        ctx.out.dim(" (restart running MCP servers to use the new vectors)"),
    );
  },
};

/**
 * With embeddings off there is no model to embed with: say so, and how to turn them on,
 * instead of "the strand already uses" the model it was pinned to before.
 */
function embeddingsOff(ctx: CommandContext, pinned: { model: string }): void {
  const where = ctx.config.sources.embedder === "file"
    ? 'embedder = "none" in config.toml'
    : ctx.config.sources.embedder === "env"
    ? "HELIX_EMBEDDER=none"
    : "embedder none";
  const wanted = ctx.config.config.model;
  if (ctx.flags.json) {
    return ctx.printJson({
      switched: false,
      embedder: "none",
      model: pinned.model,
      configured: wanted,
    });
  }
  const turnOn = ctx.config.sources.embedder === "file"
    ? "helix config set embedder transformers"
    : "unset HELIX_EMBEDDER (or set it to transformers)";
  ctx.print(
    `Embeddings are off (${where}), so there is nothing to re-embed: recall runs on keywords, ` +
      `exact tokens and the graph, and the strand stays pinned to ${pinned.model}.\n` +
      (wanted !== pinned.model
        ? `To move it to ${wanted}: ${turnOn}, then run \`helix reembed\` again.`
        : `To use them again: ${turnOn}.`),
  );
}
