/**
 * The real MCP server as a child process: `deno task mcp` spawned by the SDK's stdio client
 * transport on a private HELIX_HOME, for the end-to-end tests that need the whole process.
 *
 * @module
 */
import { ok } from "node:assert/strict";
import { type CallToolResult, Client, StdioClientTransport, type Structured } from "./_client.ts";

/** The repository root, where `deno task mcp` is defined. */
export const ROOT: string = new URL("../..", import.meta.url).pathname;

/** Environment for a spawned server: a private home, no model download, the same Deno cache. */
export function serverEnv(
  home: string,
  extra: Record<string, string> = {},
): Record<string, string> {
  const env: Record<string, string> = {
    HELIX_HOME: home,
    HELIX_EMBEDDER: "none",
    HELIX_LOG_LEVEL: "warn",
    ...extra,
  };
  for (const key of ["PATH", "HOME", "DENO_DIR", "XDG_CACHE_HOME"]) {
    const value = Deno.env.get(key);
    if (value) env[key] = value;
  }
  return env;
}

/** A client connected to a freshly spawned server; `call` asserts the tool succeeded. */
export interface StdioClient {
  readonly client: Client;
  call(name: string, args: Record<string, unknown>): Promise<Structured>;
  /** What the server logged on stderr so far. */
  logged(): string;
}

/** Spawns `deno task mcp` on `home` and connects a client to it over stdio. */
export async function spawnClient(
  home: string,
  extra: Record<string, string> = {},
): Promise<StdioClient> {
  const transport = new StdioClientTransport({
    command: Deno.execPath(),
    args: ["task", "--quiet", "mcp"],
    cwd: ROOT,
    env: serverEnv(home, extra),
    stderr: "pipe",
  });
  const client = new Client({ name: "helix-stdio-e2e", version: "1.0.0" });
  let log = "";
  transport.stderr?.on("data", (chunk: Uint8Array | string) => {
    log += typeof chunk === "string" ? chunk : new TextDecoder().decode(chunk);
  });
  await client.connect(transport);
  const call = async (name: string, args: Record<string, unknown>) => {
    const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
    ok(!result.isError, `${name}: ${JSON.stringify(result.content)}`);
    return result.structuredContent as Structured;
  };
  return { client, call, logged: () => log };
}

/**
 * The first match of `pattern` in what `server` logged, waiting for it (polling every 500 ms,
 * 30 s at most); throws with the whole log when it never comes.
 */
export async function logs(server: StdioClient, pattern: RegExp): Promise<string> {
  for (let i = 0; i < 60; i++) {
    const found = pattern.exec(server.logged());
    if (found) return found[0];
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the server never logged ${pattern}:\n${server.logged()}`);
}
