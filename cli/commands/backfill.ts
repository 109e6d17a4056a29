/**
 * `helix backfill`: computes the vectors of memories stored without one (no model at the
 * time, or edited since).
 *
 * @module
 */
import { type Command, integerFlag, UsageError } from "../command.ts";
import { count, createProgress } from "../output.ts";

export const backfill: Command = {
  name: "backfill",
  summary: "Compute missing vectors (memories stored while the model was unavailable)",
  usage: "helix backfill [--batch <n>]",
  details: `Loads the embedding model (downloading it on first use unless HELIX_ALLOW_DOWNLOAD is
off) and embeds every memory that has no vector, or a stale one, showing progress.

  --batch <n>  texts embedded per step, 1–512 (default 64)`,
  options: { batch: { type: "string" } },
  async run(invocation, ctx) {
    if (invocation.positionals.length) {
      throw new UsageError(`unexpected argument "${invocation.positionals[0]}"`);
    }
    if (ctx.config.config.embedder === "none") {
      throw new UsageError(
        "the embedder is none: set one first (helix config set embedder transformers)",
      );
    }
    const engine = await ctx.engine();
    const progress = createProgress(ctx.io, "embedding", ctx.err);
    const started = ctx.io.now();
    const result = await engine.backfillEmbeddings({
      batchSize: integerFlag(invocation, "batch", 64, 1, 512),
      onProgress: (p) => progress.update(p.done, p.total),
    }).finally(() => progress.finish());
    const seconds = Math.max(0.001, (ctx.io.now() - started) / 1000);
    if (ctx.flags.json) return ctx.printJson({ ...result, seconds });
    ctx.print(
      `${ctx.out.green("embedded")} ${count(result.embedded)} memories in ${seconds.toFixed(1)} s` +
        (result.remaining
          ? ctx.out.yellow(`; ${count(result.remaining)} still without vectors`)
          : ""),
    );
  },
};
