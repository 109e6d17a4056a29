/**
 * The shape of a command, the flags every command takes, and the usage error commands throw
 * for a bad invocation (exit 64).
 *
 * @module
 */
import type { ParseArgsOptionsConfig } from "node:util";
import type { CommandContext } from "./context.ts";

/** Parsed flags and positionals of one invocation. */
export interface Invocation {
  readonly values: Readonly<Record<string, string | boolean | string[] | boolean[] | undefined>>;
  readonly positionals: readonly string[];
}

/** One `helix` command. */
export interface Command {
  /** What the user types. */
  readonly name: string;
  /** One line for `helix help`. */
  readonly summary: string;
  /** The synopsis, e.g. `helix search <query> [--explain]`. */
  readonly usage: string;
  /** What each flag does, one per line, and examples. */
  readonly details: string;
  /** Its own flags (the global ones are added by `run`). */
  readonly options: ParseArgsOptionsConfig;
  /** Values its first positional takes, for shell completion. */
  readonly completions?: readonly string[];
  /** Runs it; returns the exit code (0 when it returns nothing). */
  run(invocation: Invocation, ctx: CommandContext): Promise<number | void>;
}

/** Flags every command accepts, before or after its name. */
export const GLOBAL_OPTIONS = {
  json: { type: "boolean" },
  debug: { type: "boolean" },
  "no-color": { type: "boolean" },
  help: { type: "boolean", short: "h" },
  home: { type: "string" },
  strand: { type: "string" },
  project: { type: "string" },
} as const satisfies ParseArgsOptionsConfig;

/** A wrong invocation: unknown command or flag, missing argument, malformed value. */
export class UsageError extends Error {
  override name = "UsageError";
}

/** The user pressed Ctrl-C at a prompt that reads the terminal raw (exit 130). */
export class Interrupted extends Error {
  override name = "Interrupted";
}

/** A string flag's value, or undefined. */
export function stringFlag(invocation: Invocation, name: string): string | undefined {
  const value = invocation.values[name];
  return typeof value === "string" ? value : undefined;
}

/** A repeatable string flag's values (empty when absent); comma lists are split. */
export function listFlag(invocation: Invocation, name: string): string[] {
  const value = invocation.values[name];
  const raw = Array.isArray(value) ? value.map(String) : typeof value === "string" ? [value] : [];
  return raw.flatMap((v) => v.split(",")).map((v) => v.trim()).filter((v) => v !== "");
}

/** A boolean flag. */
export function booleanFlag(invocation: Invocation, name: string): boolean {
  return invocation.values[name] === true;
}

/** An integer flag within [min, max], or `fallback` when absent; a UsageError otherwise. */
export function integerFlag(
  invocation: Invocation,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  const raw = stringFlag(invocation, name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new UsageError(`--${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

/** A number flag within [min, max], or undefined when absent. */
export function numberFlag(
  invocation: Invocation,
  name: string,
  min: number,
  max: number,
): number | undefined {
  const raw = stringFlag(invocation, name);
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (raw.trim() === "" || !Number.isFinite(value) || value < min || value > max) {
    throw new UsageError(`--${name} must be a number from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

/**
 * The scope selector of `--scope` (`all`, one scope or a comma list), or undefined. A bare
 * name is a project: `--scope billing` means `project:billing`.
 */
export function scopeFlag(invocation: Invocation): "all" | string | string[] | undefined {
  const scopes = listFlag(invocation, "scope").map(asScope);
  if (scopes.length === 0) return undefined;
  if (scopes.includes("all")) return "all";
  return scopes.length === 1 ? scopes[0]! : scopes;
}

/** `global`, `all` and prefixed scopes as given; a bare name as `project:<name>`. */
export function asScope(value: string): string {
  return value === "global" || value === "all" || value.includes(":") ? value : `project:${value}`;
}
