/**
 * `helix sync recovery` and `helix sync recover`: the recovery phrase of a synced strand
 * (docs/sync.md, R4). The phrase is shown once and kept nowhere; it is read back from
 * `HELIX_RECOVERY_PHRASE` or a prompt without echo, never a flag, so it stays out of shell
 * history.
 *
 * @module
 */
import type { Engine } from "@helix/core";
import { UsageError } from "../command.ts";
import type { CommandContext } from "../context.ts";

/** Where a script gives the phrase to `helix sync recover`. */
export const RECOVERY_PHRASE_ENV = "HELIX_RECOVERY_PHRASE";

/** `helix sync recovery`: adds the recovery device and shows its phrase once. */
export async function showRecoveryPhrase(engine: Engine, ctx: CommandContext): Promise<void> {
  const made = await engine.syncRecoveryPhrase();
  if (ctx.flags.json) return ctx.printJson(made);
  const words = made.phrase.split(" ");
  const rows = [0, 6, 12, 18].map((at) =>
    words.slice(at, at + 6).map((word, i) => `${String(at + i + 1).padStart(2)}. ${word.padEnd(9)}`)
      .join(" ").trimEnd()
  );
  ctx.print(
    [
      "Recovery phrase (shown once, kept nowhere; write it down and store it offline):",
      "",
      ...rows.map((row) => `  ${row}`),
      "",
      "If every machine is lost, on a new one run:",
      "",
      `  helix sync recover --relay ${made.relay} --strand-id ${made.strandId}`,
      "",
      "Anyone with these words can read this strand: `helix device remove recovery` revokes them.",
    ].join("\n"),
  );
}

/** `helix sync recover --relay URL --strand-id ID`: joins with the phrase. */
export async function recoverWithPhrase(
  engine: Engine,
  ctx: CommandContext,
  flags: { relay: string | undefined; strand: string | undefined; name: string | undefined },
): Promise<void> {
  if (!flags.relay || !flags.strand) {
    throw new UsageError("give both: helix sync recover --relay URL --strand-id ID");
  }
  const phrase = ctx.env[RECOVERY_PHRASE_ENV] ??
    await ctx.io.promptSecret("Recovery phrase (24 words): ");
  if (!phrase) {
    throw new UsageError(
      `no recovery phrase: set ${RECOVERY_PHRASE_ENV} or run in a terminal to be asked`,
    );
  }
  const result = await engine.syncRecover(phrase, {
    relay: flags.relay,
    strandId: flags.strand,
    ...(flags.name ? { name: flags.name } : {}),
  });
  const report = await engine.sync();
  if (ctx.flags.json) return ctx.printJson({ ...result, ...report });
  ctx.print(
    `${ctx.out.green("recovered")}: this machine joined the strand (${result.devices} devices); ` +
      `pulled ${report.pull.applied} changes (${report.pull.opsAdded} ops)`,
  );
}
