/**
 * `helix hook`'s warm path, tried before the CLI loads: when a server for the same home and
 * strand is running, the hook call goes to its loopback listener (found through the discovery
 * files, server/hooks/discovery.ts) and this process never opens the strand. Null from
 * {@linkcode warmHook} means "run cold": not a plain hook call, no server, or none that
 * answered within {@linkcode PING_MS}. Imports nothing but the discovery module (and no `node:`
 * module: those take tens of milliseconds to load), so the process starts in milliseconds.
 *
 * @module
 */
import {
  type HookServerFile,
  hookServerPath,
  isHookServerName,
  parseHookServerFile,
  runDir,
  type WarmHookBody,
} from "../../server/hooks/discovery.ts";

/** How long a server has to say it serves the strand before the hook runs cold. */
export const PING_MS = 1000;
/** How long a hook call may take on the server (the agents' own timeouts are shorter). */
const CALL_MS = 60_000;

/** A plain `helix [globals] hook <event> [--agent a] [--budget n]` call, read from argv. */
export interface HookArgs {
  readonly event: string;
  readonly agent: string;
  readonly budgetTokens: number;
  readonly debug: boolean;
  readonly home: string | null;
  readonly strand: string | null;
  readonly project: string | null;
}

const VALUED = new Set(["agent", "budget", "home", "strand", "project"]);
const SWITCHES = new Set(["debug", "no-color"]);

/**
 * `argv` as a hook call, or null when it is anything else (another command, `--help`,
 * `--json`, an unknown flag, a bad budget): the full CLI then answers as it always does.
 *
 * @example Usage
 * ```ts
 * import { parseHookArgs } from "./warm.ts";
 * import { equal } from "node:assert/strict";
 *
 * equal(parseHookArgs(["hook", "Stop", "--agent=codex"])?.agent, "codex");
 * equal(parseHookArgs(["hook", "Stop", "--help"]), null);
 * equal(parseHookArgs(["search", "hook"]), null);
 * ```
 */
export function parseHookArgs(argv: readonly string[]): HookArgs | null {
  const values = new Map<string, string>();
  const switches = new Set<string>();
  const positionals: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i]!;
    if (!word.startsWith("--")) {
      positionals.push(word);
      continue;
    }
    const eq = word.indexOf("=");
    const name = word.slice(2, eq < 0 ? undefined : eq);
    if (VALUED.has(name)) {
      const value = eq < 0 ? argv[++i] : word.slice(eq + 1);
      if (value === undefined || values.has(name)) return null;
      values.set(name, value);
    } else if (SWITCHES.has(name) && eq < 0) switches.add(name);
    else return null;
  }
  const [command, event, ...extra] = positionals;
  if (command !== "hook" || !event || extra.length) return null;
  const budgetText = values.get("budget") ?? "2000";
  const budgetTokens = Number(budgetText);
  if (!/^\d+$/.test(budgetText) || budgetTokens < 16 || budgetTokens > 200_000) return null;
  return {
    event,
    agent: values.get("agent") ?? "claude",
    budgetTokens,
    debug: switches.has("debug"),
    home: values.get("home") ?? null,
    strand: values.get("strand") ?? null,
    project: values.get("project") ?? null,
  };
}

/** What to print, as the server answered it. */
export interface WarmAnswer {
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs `args` on a running server for the caller's home and strand; null when there is none
 * that answers (then run cold). Discovery files whose port refuses or whose token is refused
 * are stale and removed.
 */
export async function warmHook(
  args: HookArgs,
  env: Readonly<Record<string, string | undefined>>,
  cwd: string,
  stdin: string,
): Promise<WarmAnswer | null> {
  const userHome = env.HOME ?? env.USERPROFILE;
  const home = args.home ?? env.HELIX_HOME ?? (userHome ? `${userHome}/.helix` : null);
  if (!home) return null;
  const strand = args.strand ?? env.HELIX_STRAND ?? null;
  const body: WarmHookBody = {
    agent: args.agent,
    event: args.event,
    stdin,
    budgetTokens: args.budgetTokens,
    debug: args.debug,
    strand,
    project: args.project ?? env.HELIX_PROJECT ?? null,
    cwd,
  };
  for (const server of await runningServers(home)) {
    const base = `http://127.0.0.1:${server.port}/hook`;
    const headers = { authorization: `Bearer ${server.token}` };
    try {
      const query = strand === null ? "" : `?strand=${encodeURIComponent(strand)}`;
      const ping = await fetch(`${base}${query}`, {
        headers,
        signal: AbortSignal.timeout(PING_MS),
      });
      await ping.body?.cancel();
      if (ping.status === 401) await forget(home, server);
      if (ping.status !== 204) continue;
      const response = await fetch(base, {
        method: "POST",
        headers: { ...headers, "content-type": "application/json" },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(CALL_MS),
      });
      if (!response.ok) {
        await response.body?.cancel();
        continue;
      }
      const answer = await response.json() as WarmAnswer;
      if (typeof answer.stdout === "string" && typeof answer.stderr === "string") return answer;
    } catch (error) {
      // Nobody listens on that port any more: the server died without removing its file.
      const cause = error instanceof Error ? error.cause : undefined;
      if (/refused/i.test(`${error} ${cause}`)) await forget(home, server);
    }
  }
  return null;
}

/** The discovery files under `home`, newest server first. */
async function runningServers(home: string): Promise<HookServerFile[]> {
  const dir = runDir(home);
  const names: string[] = [];
  try {
    for await (const entry of Deno.readDir(dir)) names.push(entry.name);
  } catch {
    // no folder: no server has run on this home
  }
  const found: HookServerFile[] = [];
  for (const name of names) {
    if (!isHookServerName(name)) continue;
    const text = await Deno.readTextFile(`${dir}/${name}`).catch(() => "");
    const server = parseHookServerFile(text);
    if (server) found.push(server);
  }
  return found.sort((a, b) => b.started - a.started);
}

async function forget(home: string, server: HookServerFile): Promise<void> {
  await Deno.remove(hookServerPath(home, server.pid)).catch(() => {});
}
