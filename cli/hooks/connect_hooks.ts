/**
 * `helix connect <client> --hooks` / `--remove`: Helix's hooks merged into (or taken out of)
 * the client's settings, with `--dry-run` showing the change. Claude Code only, for now; other
 * clients are told which commands to add by hand.
 *
 * @module
 */
import { join } from "node:path";
import type { CommandContext } from "../context.ts";
import { lineDiff } from "../diff.ts";
import { UsageError } from "../command.ts";
import { applyHooksPlan, CLAUDE_HOOKS, planClaudeHooks } from "./install.ts";

/** What to do. */
export interface ConnectHooksOptions {
  /** The client id (`claude`) or the name the user gave. */
  readonly client: string;
  readonly scope: "user" | "project";
  readonly remove: boolean;
  readonly dryRun: boolean;
  /** The shell command before the event name, e.g. `helix hook`. */
  readonly prefix: string;
}

/** Plans, shows and (unless a dry run) writes the hooks change. */
export async function connectHooks(ctx: CommandContext, options: ConnectHooksOptions) {
  if (options.client !== "claude") {
    throw new UsageError(
      `--hooks installs Claude Code's hooks only, for now; for ${options.client}, add ` +
        `\`${options.prefix} <event> --agent <name>\` to its hooks (see \`helix help hook\`)`,
    );
  }
  const home = ctx.env.HOME ?? ctx.env.USERPROFILE;
  const userDir = ctx.env.CLAUDE_CONFIG_DIR ?? (home ? join(home, ".claude") : undefined);
  if (options.scope === "user" && !userDir) {
    throw new UsageError("HOME is not set: cannot find Claude Code's settings");
  }
  const path = options.scope === "user"
    ? join(userDir!, "settings.json")
    : join(ctx.io.cwd, ".claude", "settings.json");
  const plan = await planClaudeHooks(path, { prefix: options.prefix, remove: options.remove });
  if (!options.dryRun) await applyHooksPlan(plan);
  const events = CLAUDE_HOOKS.map((h) => h.event);
  if (ctx.flags.json) {
    return ctx.printJson({
      client: "claude",
      scope: options.scope,
      path,
      change: plan.change,
      dryRun: options.dryRun,
      events,
      command: `${options.prefix} <event>`,
    });
  }
  const { out } = ctx;
  if (plan.change === "unchanged") {
    return ctx.print(
      options.remove
        ? `No Helix hooks in ${path}; nothing to change.`
        : `Claude Code already runs Helix's hooks from ${path}; nothing to change.`,
    );
  }
  if (options.dryRun) {
    ctx.print(`${out.bold("Would change")} ${path}:\n`);
    ctx.print(
      lineDiff(plan.before ?? "", plan.after).split("\n").map((line) =>
        line.startsWith("+ ") ? out.green(line) : line.startsWith("- ") ? out.red(line) : line
      ).join("\n"),
    );
    return ctx.print(out.dim("Nothing was written (--dry-run)."));
  }
  ctx.print(
    options.remove
      ? `${out.green("removed")} Helix's hooks from ${path}`
      : `${out.green(plan.change)} Helix's hooks (${events.join(", ")}) in ${path}`,
  );
  if (plan.before !== undefined) ctx.print(out.dim(`previous file kept as ${path}.helix-backup`));
  if (!options.remove) {
    ctx.print(
      "Claude Code reads hooks at startup: start a new session (or review them with /hooks).",
    );
  }
}
