/**
 * How `helix hook` finds a running server: each server writes `<home>/run/hooks-<pid>.json`
 * (mode 0600, in the private home) naming its loopback port, a random token and the strand it
 * serves, and removes it on exit. A file left by a server that died is stale: a client that
 * finds nobody (or someone else) on its port ignores it and removes it. No imports (not even
 * `node:` modules, which take tens of milliseconds to load), so the hook client that reads it
 * starts in milliseconds.
 *
 * @module
 */
/** What a running server says about its hook listener. */
export interface HookServerFile {
  readonly version: 1;
  /** The server's process id. */
  readonly pid: number;
  /** Its loopback port (127.0.0.1). */
  readonly port: number;
  /** The bearer token requests must carry. */
  readonly token: string;
  /** The name of the strand it serves. */
  readonly strand: string;
  /** When it started (ms since the epoch): the newest is asked first. */
  readonly started: number;
}

/** The JSON object `text` holds, or null when it holds something else or is not JSON. */
export function jsonObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" ? value as Record<string, unknown> : null;
  } catch {
    return null;
  }
}

/** The folder of the discovery files under a Helix home. */
export function runDir(home: string): string {
  return `${home.replace(/[\\/]+$/, "")}/run`;
}

/** The discovery file of the server with process id `pid`. */
export function hookServerPath(home: string, pid: number): string {
  return `${runDir(home)}/hooks-${pid}.json`;
}

/** Whether `name` (in {@linkcode runDir}) is a discovery file. */
export function isHookServerName(name: string): boolean {
  return /^hooks-\d+\.json$/.test(name);
}

/**
 * A discovery file's contents, or null when it is not one (unreadable files are stale).
 *
 * @example Usage
 * ```ts
 * import { parseHookServerFile } from "./discovery.ts";
 * import { equal } from "node:assert/strict";
 *
 * const text = JSON.stringify({ version: 1, pid: 7, port: 4100, token: "t".repeat(32),
 *   strand: "default", started: 1 });
 * equal(parseHookServerFile(text)?.port, 4100);
 * equal(parseHookServerFile("{}"), null);
 * ```
 */
export function parseHookServerFile(text: string): HookServerFile | null {
  const o = jsonObject(text);
  if (o === null) return null;
  const int = (v: unknown, max: number) =>
    Number.isInteger(v) && (v as number) > 0 && (v as number) <= max;
  if (
    o.version !== 1 || !int(o.pid, 2 ** 31) || !int(o.port, 65_535) ||
    typeof o.token !== "string" || o.token.length < 32 || typeof o.strand !== "string" ||
    typeof o.started !== "number"
  ) return null;
  return o as unknown as HookServerFile;
}

/** The body of `POST /hook`: the hook call, with the settings the caller's process has. */
export interface WarmHookBody {
  readonly agent: string;
  readonly event: string;
  readonly stdin: string;
  readonly budgetTokens: number;
  readonly debug: boolean;
  /** The strand the caller would open (`--strand`, `HELIX_STRAND`), null: the home's default. */
  readonly strand: string | null;
  /** The caller's project (`--project`, `HELIX_PROJECT`), null: the home's, else detected. */
  readonly project: string | null;
  /** The caller's working directory (its project, when none is configured). */
  readonly cwd: string;
}
