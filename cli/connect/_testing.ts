/**
 * Test helpers for cli/connect: a throwaway home and project per test, and a snapshot of
 * everything under them (to prove a dry run wrote nothing).
 *
 * @module
 */
import { join } from "node:path";
import type { Scope, ServerSpec } from "./clients.ts";
import type { ConnectOptions } from "./plan.ts";

/** A temporary home and project directory, removed on dispose. */
export interface Sandbox extends AsyncDisposable {
  readonly root: string;
  readonly home: string;
  readonly cwd: string;
  /** planConnect options for this sandbox on Linux. */
  options(server: ServerSpec, scope?: Scope): ConnectOptions;
}

/** Creates a {@linkcode Sandbox}. */
export async function sandbox(): Promise<Sandbox> {
  const root = await Deno.makeTempDir({ prefix: "helix-connect-" });
  const home = join(root, "home");
  const cwd = join(root, "project");
  await Deno.mkdir(home);
  await Deno.mkdir(cwd);
  return {
    root,
    home,
    cwd,
    options: (server, scope) => ({
      home,
      cwd,
      platform: "linux",
      env: {},
      server,
      ...(scope ? { scope } : {}),
    }),
    [Symbol.asyncDispose]: () => Deno.remove(root, { recursive: true }),
  };
}

/** Every directory and file under `root`, with file contents. */
export async function snapshot(root: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const walk = async (dir: string): Promise<void> => {
    for await (const entry of Deno.readDir(dir)) {
      const path = join(dir, entry.name);
      if (entry.isDirectory) {
        out[path + "/"] = "";
        await walk(path);
      } else if (entry.isSymlink) {
        out[path] = `-> ${await Deno.readLink(path)}`;
      } else {
        out[path] = await Deno.readTextFile(path);
      }
    }
  };
  await walk(root);
  return out;
}

/** Writes `text` to `file`, creating its directory. */
export async function put(file: string, text: string): Promise<void> {
  await Deno.mkdir(join(file, ".."), { recursive: true });
  await Deno.writeTextFile(file, text);
}

/** Whether `file` exists. */
export async function exists(file: string): Promise<boolean> {
  try {
    await Deno.lstat(file);
    return true;
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return false;
    throw error;
  }
}
