/**
 * `$HELIX_HOME/config.toml`: reading it into a resolved configuration, and editing single
 * settings in its text so comments and the rest of the file survive (`helix config set`).
 * Precedence itself is {@linkcode resolveConfig}'s.
 *
 * @module
 */
import { join } from "node:path";
import { parse as parseToml } from "smol-toml";
import {
  type ConfigInputs,
  type HelixConfig,
  resolveConfig,
  type ResolvedConfig,
  SETTINGS,
} from "./config.ts";
import { HelixError } from "../errors.ts";

/** A resolved configuration and the file it read. */
export interface LoadedConfig extends ResolvedConfig {
  /** Path of `config.toml` (whether or not it exists). */
  readonly file: string;
  /** Whether it exists. */
  readonly fileExists: boolean;
}

/**
 * Resolves the configuration: flags → environment → `<home>/config.toml` → defaults. The
 * home comes from the flags or environment alone (the file cannot move itself). Throws
 * `invalid_input` naming the file and line for a malformed file, and naming the setting for
 * a bad value from any source.
 */
export async function loadConfig(inputs: Omit<ConfigInputs, "file">): Promise<LoadedConfig> {
  const home = resolved(inputs).config.home;
  const file = join(home, "config.toml");
  let text: string | null = null;
  try {
    text = await Deno.readTextFile(file);
  } catch (error) {
    if (!(error instanceof Deno.errors.NotFound)) {
      throw new HelixError("invalid_input", `Cannot read ${file}: ${(error as Error).message}`);
    }
  }
  const parsed = text === null ? {} : parseConfigText(text, file);
  return { ...resolved({ ...inputs, file: parsed }), file, fileExists: text !== null };
}

/** Parses config.toml text; throws `invalid_input` naming the file and line. */
export function parseConfigText(text: string, file = "config.toml"): Record<string, unknown> {
  try {
    return parseToml(text) as Record<string, unknown>;
  } catch (error) {
    const line = (error as { line?: number }).line;
    const where = line ? `${file}:${line}` : file;
    const reason = (error as Error).message.split("\n")[0];
    throw new HelixError("invalid_input", `Cannot read ${where}: ${reason}`);
  }
}

function resolved(inputs: ConfigInputs): ResolvedConfig {
  try {
    return resolveConfig(inputs);
  } catch (error) {
    if (error instanceof TypeError) throw new HelixError("invalid_input", error.message);
    throw error;
  }
}

/** The config.toml key of a setting, by its file key or its name; null when not settable. */
export function settingOf(name: string): { key: keyof HelixConfig; file: string | null } | null {
  for (const [key, setting] of Object.entries(SETTINGS)) {
    if (setting.file === name || key === name || setting.env === name) {
      return { key: key as keyof HelixConfig, file: setting.file };
    }
  }
  return null;
}

/**
 * `text` with top-level `key` set to `value` (TOML-encoded): the existing line is replaced,
 * else the line is added after the last top-level setting. Everything else is kept verbatim.
 *
 * @example Usage
 * ```ts
 * import { setConfigText } from "./file.ts";
 * import { equal } from "node:assert/strict";
 *
 * const text = '# mine\nembedder = "none"\n\n[extra]\nx = 1\n';
 * equal(setConfigText(text, "mcp_port", 9000), '# mine\nembedder = "none"\nmcp_port = 9000\n\n[extra]\nx = 1\n');
 * equal(setConfigText(text, "embedder", "openai"), '# mine\nembedder = "openai"\n\n[extra]\nx = 1\n');
 * ```
 */
export function setConfigText(text: string, key: string, value: string | number | boolean): string {
  const line = `${key} = ${typeof value === "string" ? JSON.stringify(value) : String(value)}`;
  const lines = text === "" ? [] : text.replace(/\n$/, "").split("\n");
  const { index, lastSetting, tableStart } = locate(lines, key);
  if (index >= 0) lines[index] = line;
  else if (lastSetting >= 0) lines.splice(lastSetting + 1, 0, line);
  else lines.splice(tableStart, 0, ...(tableStart < lines.length ? [line, ""] : [line]));
  return lines.join("\n") + "\n";
}

/** `text` without top-level `key` (unchanged when absent). */
export function unsetConfigText(text: string, key: string): string {
  const lines = text.replace(/\n$/, "").split("\n");
  const { index } = locate(lines, key);
  if (index < 0) return text;
  lines.splice(index, 1);
  return lines.length === 0 || (lines.length === 1 && lines[0] === "")
    ? ""
    : lines.join("\n") + "\n";
}

function locate(lines: string[], key: string) {
  let index = -1;
  let lastSetting = -1;
  let tableStart = lines.length;
  const pattern = new RegExp(`^\\s*(?:${escape(key)}|"${escape(key)}")\\s*=`);
  for (const [i, line] of lines.entries()) {
    if (/^\s*\[/.test(line)) {
      tableStart = i;
      break;
    }
    if (pattern.test(line)) index = i;
    if (/^\s*[A-Za-z0-9_"-]+\s*=/.test(line)) lastSetting = i;
  }
  return { index, lastSetting, tableStart };
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
