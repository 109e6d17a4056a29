/**
 * What Helix's entry becomes when it is merged into a client's servers: the launch keys
 * (`command`, `args`, `env`, a non-stdio `type`, and remote-transport keys such as `url`) are
 * Helix's and are replaced as a whole; every other key the user added (`timeout`, `trust`,
 * `startup_timeout_sec`, Copilot's `tools`, Codex's tool approvals, …) is kept, in place.
 * Plus the value helpers the merge and its checks share.
 *
 * @module
 */
import { isDeepStrictEqual } from "node:util";
import { HelixError } from "@helix/core";
import type { ClientTarget } from "./clients.ts";

/** Helix's entry as it is and as it should be: launch keys replaced, the user's extras kept. */
export function mergeTarget(
  config: Record<string, unknown>,
  target: ClientTarget,
  name: string,
): { existing: unknown; entry: Record<string, unknown> } {
  let servers: unknown = config;
  for (const key of target.serversPath) {
    servers = isObject(servers) && Object.hasOwn(servers, key) ? servers[key] : undefined;
  }
  const where = target.serversPath.join(".");
  if (servers !== undefined && !isObject(servers)) {
    throw new HelixError(
      "conflict",
      `Cannot connect: "${where}" in ${target.file} is a ${
        kind(servers)
      }, not an object; fix it by hand`,
    );
  }
  const existing = servers !== undefined && Object.hasOwn(servers, name)
    ? servers[name]
    : undefined;
  const base = isObject(existing) ? existing : {};
  const entries: [string, unknown][] = [];
  for (const [key, value] of Object.entries(base)) {
    if (Object.hasOwn(target.entry, key)) entries.push([key, target.entry[key]]);
    else if (keeps(key, value, target)) entries.push([key, value]);
  }
  for (const [key, value] of Object.entries(target.entry)) {
    if (!Object.hasOwn(base, key)) entries.push([key, value]);
  }
  for (const [key, value] of Object.entries(target.defaults)) {
    if (!Object.hasOwn(base, key)) entries.push([key, value]);
  }
  return { existing, entry: Object.fromEntries(entries) };
}

/** Keys that say how to reach a server: Helix's, whatever the user had. */
const LAUNCH_KEYS = new Set([
  "command",
  "args",
  "env",
  "url",
  "serverUrl",
  "httpUrl",
  "headers",
  "transport",
  "http_headers",
  "env_http_headers",
  "bearer_token_env_var",
]);

/** Whether a key of an existing entry survives the merge. */
export function keeps(key: string, value: unknown, target: ClientTarget): boolean {
  if (Object.hasOwn(target.entry, key) || LAUNCH_KEYS.has(key)) return false;
  if (key === "type") return value === "stdio" || value === "local";
  return true;
}

/** `object` with the value at `path` set, copying only the objects on the path. */
export function withPath(
  object: Record<string, unknown>,
  path: readonly string[],
  value: unknown,
): Record<string, unknown> {
  const [key, ...rest] = path;
  if (key === undefined) return object;
  const inner = Object.hasOwn(object, key) && isObject(object[key]) ? object[key] : {};
  const replaced = rest.length === 0 ? value : withPath(inner, rest, value);
  const entries = Object.entries(object).filter(([k]) => k !== key);
  return Object.fromEntries([...entries, [key, replaced]]);
}

/**
 * Deep equality of parsed configuration values. Unlike `isDeepStrictEqual` it ignores the
 * prototype of plain objects (smol-toml builds them without one) and key order.
 */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (Array.isArray(a)) {
    return Array.isArray(b) && a.length === b.length && a.every((item, i) => sameValue(item, b[i]));
  }
  if (isObject(a)) {
    if (!isObject(b)) return false;
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length &&
      keys.every((key) => Object.hasOwn(b, key) && sameValue(a[key], b[key]));
  }
  return isDeepStrictEqual(a, b);
}

export function isObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

export function kind(value: unknown): string {
  return value === null ? "null" : Array.isArray(value) ? "array" : typeof value;
}
