/**
 * The shape of a command, the flags every command takes, and the usage error commands throw
 * for a bad invocation (exit 64).
 *
 * @module
 */
import type { ParseArgsOptionsConfig } from "node:util";
import type { CommandContext } from "./context.ts";
import { type Engine, HelixError } from "@helix/core";

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
  /** Engine input fields set from a flag of another name (`eventAt` from `--at`), for errors. */
  readonly fields?: Readonly<Record<string, string>>;
  /** Values its first positional takes, for shell completion. */
  readonly completions?: readonly string[];
  /** Runs it; returns the exit code (0 when it returns nothing). */
  run(invocation: Invocation, ctx: CommandContext): Promise<number | void>;
}

/** Engine input fields a command fills from its arguments rather than a flag of that name. */
const ARGUMENT_NAMES: Readonly<Record<string, string>> = {
  query: "the query",
  content: "the content",
  budgetTokens: "--budget",
};

/**
 * How the user typed engine input `field` in `command`: the flag of that name (`asOf` →
 * `--as-of`, `statuses` → `--status`) or the argument it came from; undefined when neither.
 * Errors name fields this way (`inCallerTerms`), never by the engine's paths.
 */
export function fieldFlag(
  command: Pick<Command, "options" | "fields">,
  field: string,
): string | undefined {
  const own = command.fields?.[field];
  if (own !== undefined) return own;
  if (field.includes(".")) return undefined;
  const kebab = field.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
  const singular = kebab.endsWith("s") ? [kebab.slice(0, -1), kebab.slice(0, -2)] : [];
  const flag = [kebab, ...singular].find((name) => Object.hasOwn(command.options, name));
  if (flag !== undefined) return `--${flag}`;
  const named = ARGUMENT_NAMES[field];
  return named && (!named.startsWith("--") || Object.hasOwn(command.options, named.slice(2)))
    ? named
    : undefined;
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
 * The scope selector of `--scope` (`all`, one scope or a comma list), or undefined. A project
 * name resolves to the project it names (`--scope web-app` → `project:github.com/acme/web-app`,
 * see `engine.resolveScope`); several candidates are a usage error listing them. A read of a
 * scope that holds nothing says so (`not_found`, naming the projects there are).
 */
export function scopeFlag(
  invocation: Invocation,
  engine: Pick<Engine, "resolveScope">,
): "all" | string | string[] | undefined {
  const names = listFlag(invocation, "scope");
  if (names.length === 0) return undefined;
  if (names.includes("all")) return "all";
  const scopes = names.map((name) => resolvedScope(engine, name, "read"));
  return scopes.length === 1 ? scopes[0]! : scopes;
}

/**
 * One scope name resolved: `global`, a session, or the project it names. For a `read`, a scope
 * with no memories is `not_found`; a `write` to a new project starts it.
 */
export function resolvedScope(
  engine: Pick<Engine, "resolveScope">,
  name: string,
  mode: "read" | "write",
): string {
  const { scope, known, projects } = engine.resolveScope(name);
  if (!known && mode === "read") {
    throw new HelixError(
      "not_found",
      `Cannot read ${scope}: no memories are in it (projects: ${projects.join(", ") || "none"})`,
      { details: { scope, projects } },
    );
  }
  return scope;
}
