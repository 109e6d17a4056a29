/**
 * `helix connect <client> --hooks` / `--remove`: Helix's hooks merged into (or taken out of)
 * the agent's hook file (Claude Code, Codex CLI, Gemini CLI, Cursor, Copilot CLI), with
 * `--dry-run` showing the change and the previous file kept as `<file>.helix-backup`.
 *
 * @module
 */
import type { CommandContext } from "../context.ts";
import { lineDiff } from "../diff.ts";
import { UsageError } from "../command.ts";
import { type AgentName, AGENTS } from "../../server/hooks/agents.ts";
import { codexConfigPath, planCodexFeature } from "./codex_features.ts";
import { applyHooksPlan, planHooks } from "./install.ts";
import { HOOK_TARGETS } from "./targets.ts";

/** What to do. */
export interface ConnectHooksOptions {
  /** The client id (`claude`, `codex`, …) or the name the user gave. */
  readonly client: string;
  /** The scope asked for, or undefined for the default (the project). */
  readonly scope: "user" | "project" | undefined;
  readonly remove: boolean;
  readonly dryRun: boolean;
  /** The shell command before the event name, e.g. `helix hook`. */
  readonly prefix: string;
}

/** Plans, shows and (unless a dry run) writes the hooks change. */
export async function connectHooks(ctx: CommandContext, options: ConnectHooksOptions) {
  if (!(AGENTS as readonly string[]).includes(options.client)) {
    throw new UsageError(
      `--hooks knows ${AGENTS.join(", ")}; ${options.client} has no hooks Helix can install ` +
        "(Windsurf's cannot add context: use `helix rules export`)",
    );
  }
  const target = HOOK_TARGETS[options.client as AgentName];
  const scope = options.scope ?? "project";
  const home = ctx.env.HOME ?? ctx.env.USERPROFILE;
  if (scope === "user" && !home) {
    throw new UsageError(`HOME is not set: cannot find ${target.name}'s settings`);
  }
  const path = target.file(scope, { home: home ?? "", cwd: ctx.io.cwd, env: ctx.env });
  if (typeof path !== "string") throw new UsageError(`--scope user: ${path.refused}`);
  const plan = await planHooks(path, target, { prefix: options.prefix, remove: options.remove });
  // Codex runs no hook until its feature flag is on, in the user's config.toml.
  const feature = target.agent === "codex" && !options.remove && home
    ? await planCodexFeature(codexConfigPath(ctx.env, home))
    : null;
  if (!options.dryRun) {
    await applyHooksPlan(plan);
    if (feature) await applyHooksPlan(feature);
  }
  const events = target.events.map((h) => h.event);
  if (ctx.flags.json) {
    return ctx.printJson({
      client: target.agent,
      scope,
      path,
      change: plan.change,
      dryRun: options.dryRun,
      events,
      ...(feature ? { featureFlag: { path: feature.path, change: feature.change } } : {}),
      command: target.agent === "claude"
        ? `${options.prefix} <event>`
        : `${options.prefix} <event> --agent ${target.agent}`,
    });
  }
  const { out } = ctx;
  if (feature && feature.change !== "unchanged") {
    ctx.print(
      options.dryRun
        ? `${out.bold("Would set")} codex_hooks = true under [features] in ${feature.path}`
        : `${
          out.green("enabled")
        } Codex hooks: codex_hooks = true under [features] in ${feature.path}`,
    );
  }
  if (plan.change === "unchanged") {
    return ctx.print(
      options.remove
        ? `No Helix hooks in ${path}; nothing to change.`
        : `${target.name} already runs Helix's hooks from ${path}; nothing to change.`,
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
  if (!options.remove) { for (const note of target.notes) ctx.print(note); }
}
