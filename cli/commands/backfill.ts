/**
 * `helix backfill`: computes the vectors of memories stored without one (no model at the
 * time, or edited since), in the personal strand and in every team strand this machine is in
 * (a line each; without teams, the one line it always printed).
 *
 * @module
 */
import type { Engine } from "@helix/core";
import { type Command, integerFlag, UsageError } from "../command.ts";
import type { CommandContext } from "../context.ts";
import { count, createProgress } from "../output.ts";

/** What one strand's backfill did. */
interface BackfillResult {
  readonly embedded: number;
  readonly remaining: number;
}

export const backfill: Command = {
  name: "backfill",
  summary: "Compute missing vectors (memories stored while the model was unavailable)",
  usage: "helix backfill [--batch <n>]",
  details: `Loads the embedding model (downloading it on first use unless HELIX_ALLOW_DOWNLOAD is
off) and embeds every memory that has no vector, or a stale one, showing progress: in the
personal strand, then in each team strand this machine is in.

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
    const batchSize = integerFlag(invocation, "batch", 64, 1, 512);
    const workspace = await ctx.workspace();
    const [personal, ...teams] = workspace.strands;
    const mine = await backfillOne(personal!.engine, batchSize, "embedding", ctx);
    const theirs = [];
    for (const strand of teams) {
      const done = await backfillOne(strand.engine, batchSize, `embedding ${strand.label}`, ctx);
      theirs.push({ team: strand.team!, ...done });
    }
    if (ctx.flags.json) {
      return ctx.printJson(theirs.length ? { ...mine, teams: theirs } : mine);
    }
    ctx.print(line(mine, ctx));
    for (const team of theirs) ctx.print(`team ${team.team}: ${line(team, ctx)}`);
  },
};

/** Backfills one strand with a progress bar labelled `label`. */
async function backfillOne(
  engine: Engine,
  batchSize: number,
  label: string,
  ctx: CommandContext,
): Promise<BackfillResult & { seconds: number }> {
  const progress = createProgress(ctx.io, label, ctx.err);
  const started = ctx.io.now();
  const result = await engine.backfillEmbeddings({
    batchSize,
    onProgress: (p) => progress.update(p.done, p.total),
  }).finally(() => progress.finish());
  return { ...result, seconds: Math.max(0.001, (ctx.io.now() - started) / 1000) };
}

/** What one strand's backfill did, for people. */
function line(result: BackfillResult & { seconds: number }, ctx: CommandContext): string {
  return `${ctx.out.green("embedded")} ${count(result.embedded)} memories in ${
    result.seconds.toFixed(1)
  } s` +
    (result.remaining ? ctx.out.yellow(`; ${count(result.remaining)} still without vectors`) : "");
}
