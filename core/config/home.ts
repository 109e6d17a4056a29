/**
 * The Helix home is private: strands, device keys and exports live there, so it is owner-only
 * (0700), as the strands (0600) and keys in it are. Callers (the CLI, the MCP server) call
 * {@linkcode keepHomePrivate} when they start.
 *
 * @module
 */
import { chmod, stat } from "node:fs/promises";

/**
 * Takes group and other permissions off `home` when it exists and is looser than owner-only;
 * a home that does not exist yet is created owner-only with the first strand. Never throws:
 * a home this user cannot change still works.
 *
 * @example Usage
 * ```ts
 * import { keepHomePrivate } from "./home.ts";
 * import { equal } from "node:assert/strict";
 *
 * const home = await Deno.makeTempDir();
 * await Deno.chmod(home, 0o755);
 * await keepHomePrivate(home);
 * equal((await Deno.stat(home)).mode! & 0o777, 0o700);
 * ```
 */
export async function keepHomePrivate(home: string): Promise<void> {
  try {
    const info = await stat(home);
    if (info.isDirectory() && (info.mode & 0o077) !== 0) await chmod(home, info.mode & 0o700);
  } catch {
    // Missing, or not ours: nothing to tighten.
  }
}
