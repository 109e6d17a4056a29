/**
 * `helix config get/set/unset/list/path`: settings and where each value comes from
 * (flags → `HELIX_*` environment → `config.toml` → defaults).
 *
 * @module
 */
import { dirname } from "node:path";
import {
  type HelixConfig,
  HelixError,
  parseConfigText,
  resolveConfig,
  setConfigText,
  settingOf,
  SETTINGS,
  unsetConfigText,
} from "@helix/core";
import { type Command, UsageError } from "../command.ts";
import type { CommandContext } from "../context.ts";
import { table } from "../output.ts";
import { writeFileAtomic } from "../files.ts";

const SECRETS = new Set<keyof HelixConfig>(["openaiApiKey", "mcpToken", "llmApiKey"]);

export const config: Command = {
  name: "config",
  summary: "Get, set and list settings, and where each value comes from",
  usage: "helix config list | get <key> | set <key> <value> | unset <key> | path",
  details: `Settings resolve flags → environment (HELIX_*) → $HELIX_HOME/config.toml → defaults.
\`set\` and \`unset\` edit config.toml in place (comments and other lines are kept). Secrets
(HELIX_OPENAI_API_KEY, HELIX_MCP_TOKEN) and HELIX_HOME come from the environment only.

Keys: ${
    Object.values(SETTINGS).map((s) => s.file).filter((k): k is string => k !== null).join(", ")
  }
(the HELIX_* names work too).`,
  options: {},
  completions: ["list", "get", "set", "unset", "path"],
  async run(invocation, ctx) {
    const [action, ...args] = invocation.positionals;
    switch (action) {
      case undefined:
      case "list":
        return list(ctx);
      case "get":
        return get(ctx, one(args, "get <key>"));
      case "set": {
        if (args.length !== 2) throw new UsageError("usage: helix config set <key> <value>");
        return await set(ctx, args[0]!, args[1]!);
      }
      case "unset":
        return await unset(ctx, one(args, "unset <key>"));
      case "path":
        return ctx.flags.json
          ? ctx.printJson({ path: ctx.config.file })
          : ctx.print(ctx.config.file);
      default:
        throw new UsageError(`unknown config action "${action}"`);
    }
  },
};

function one(args: string[], usage: string): string {
  if (args.length !== 1) throw new UsageError(`usage: helix config ${usage}`);
  return args[0]!;
}

function display(key: keyof HelixConfig, value: unknown): string {
  if (SECRETS.has(key)) return value ? "(set)" : "(not set)";
  return value === null ? "(none)" : String(value);
}

function list(ctx: CommandContext): void {
  const { config, sources } = ctx.config;
  const keys = Object.keys(SETTINGS) as (keyof HelixConfig)[];
  if (ctx.flags.json) {
    return ctx.printJson({
      file: ctx.config.file,
      settings: keys.map((key) => ({
        key: SETTINGS[key].file ?? key,
        env: SETTINGS[key].env,
        value: SECRETS.has(key) ? config[key] !== null : config[key],
        source: sources[key],
      })),
    });
  }
  ctx.print(
    table([
      ["KEY", "VALUE", "SOURCE"].map((h) => ctx.out.dim(h)),
      ...keys.map((key) => [
        SETTINGS[key].file ?? SETTINGS[key].env,
        display(key, config[key]),
        sources[key] === "env" ? `env ${SETTINGS[key].env}` : sources[key],
      ]),
    ], 400),
  );
  ctx.note(ctx.err.dim(`config file: ${ctx.config.file}${ctx.config.fileExists ? "" : " (none)"}`));
}

function get(ctx: CommandContext, name: string): void {
  const setting = settingOf(name);
  if (!setting) throw new UsageError(`unknown setting "${name}"`);
  const value = ctx.config.config[setting.key];
  const source = ctx.config.sources[setting.key];
  if (ctx.flags.json) {
    return ctx.printJson({
      key: setting.file ?? setting.key,
      value: SECRETS.has(setting.key) ? value !== null : value,
      source,
    });
  }
  ctx.print(display(setting.key, value));
}

async function set(ctx: CommandContext, name: string, raw: string): Promise<void> {
  const setting = fileSetting(name);
  const typed = typedValue(setting.key, raw);
  const before = await readText(ctx.config.file);
  const after = setConfigText(before, setting.file, typed);
  validate(after, ctx);
  await Deno.mkdir(dirname(ctx.config.file), { recursive: true, mode: 0o700 });
  await writeFileAtomic(ctx.config.file, after);
  report(ctx, setting, { set: typed });
}

async function unset(ctx: CommandContext, name: string): Promise<void> {
  const setting = fileSetting(name);
  const before = await readText(ctx.config.file);
  const after = unsetConfigText(before, setting.file);
  if (after !== before) await writeFileAtomic(ctx.config.file, after);
  report(ctx, setting, { unset: true });
}

function fileSetting(name: string): { key: keyof HelixConfig; file: string } {
  const setting = settingOf(name);
  if (!setting) throw new UsageError(`unknown setting "${name}"`);
  if (setting.file === null) {
    throw new HelixError(
      "invalid_input",
      `Cannot set ${name} in config.toml: set ${SETTINGS[setting.key].env} in the environment` +
        (SECRETS.has(setting.key) ? " (secrets are never stored in files)" : ""),
    );
  }
  return { key: setting.key, file: setting.file };
}

/** The value as TOML should hold it: numbers and booleans unquoted when the setting parses so. */
function typedValue(key: keyof HelixConfig, raw: string): string | number | boolean {
  let parsed: unknown;
  try {
    parsed = SETTINGS[key].parse(raw);
  } catch (error) {
    throw new HelixError(
      "invalid_input",
      `Cannot set ${SETTINGS[key].file}: ${(error as Error).message}`,
    );
  }
  return typeof parsed === "number" || typeof parsed === "boolean" ? parsed : raw;
}

/** Checks the new file resolves (alone, without the environment's overrides). */
function validate(text: string, ctx: CommandContext): void {
  try {
    resolveConfig({
      env: { HOME: ctx.env.HOME, USERPROFILE: ctx.env.USERPROFILE },
      file: parseConfigText(text, ctx.config.file),
      platform: Deno.build.os,
    });
  } catch (error) {
    if (error instanceof TypeError) throw new HelixError("invalid_input", error.message);
    throw error;
  }
}

async function readText(path: string): Promise<string> {
  try {
    return await Deno.readTextFile(path);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return "";
    throw error;
  }
}

function report(
  ctx: CommandContext,
  setting: { key: keyof HelixConfig; file: string },
  change: { set: string | number | boolean } | { unset: true },
): void {
  const overridden = ctx.env[SETTINGS[setting.key].env] !== undefined;
  if (ctx.flags.json) {
    return ctx.printJson({ key: setting.file, ...change, file: ctx.config.file, overridden });
  }
  ctx.print(
    "set" in change
      ? `${setting.file} = ${JSON.stringify(change.set)} in ${ctx.config.file}`
      : `${setting.file} removed from ${ctx.config.file}`,
  );
  if (overridden) {
    ctx.note(
      ctx.err.yellow(`note: ${SETTINGS[setting.key].env} in the environment takes precedence`),
    );
  }
}
