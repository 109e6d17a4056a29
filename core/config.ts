/**
 * Where Helix keeps things, as pure functions of the environment the caller passes in (core
 * never reads `Deno.env` itself). Precedence of configuration sources is the caller's job.
 *
 * @module
 */
import { join } from "node:path";

/** The environment variables these paths depend on. */
export interface PathEnv {
  readonly HELIX_HOME?: string | undefined;
  readonly HOME?: string | undefined;
  readonly USERPROFILE?: string | undefined;
  readonly XDG_CACHE_HOME?: string | undefined;
  readonly LOCALAPPDATA?: string | undefined;
}

/**
 * `$HELIX_HOME`, else `~/.helix`.
 *
 * @example Usage
 * ```ts
 * import { helixHome } from "./config.ts";
 * import { equal } from "node:assert/strict";
 *
 * equal(helixHome({ HOME: "/home/ada" }), "/home/ada/.helix");
 * equal(helixHome({ HELIX_HOME: "/data/helix", HOME: "/home/ada" }), "/data/helix");
 * ```
 */
export function helixHome(env: PathEnv): string {
  if (env.HELIX_HOME) return env.HELIX_HOME;
  const home = env.HOME ?? env.USERPROFILE;
  if (!home) throw new TypeError("Cannot locate Helix home: neither HELIX_HOME nor HOME is set");
  return join(home, ".helix");
}

/**
 * Path of a named strand under a Helix home: `<home>/strands/<name>.db`.
 *
 * @example Usage
 * ```ts
 * import { strandPath } from "./config.ts";
 * import { equal } from "node:assert/strict";
 *
 * equal(strandPath("/home/ada/.helix"), "/home/ada/.helix/strands/default.db");
 * ```
 */
export function strandPath(home: string, name = "default"): string {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/.test(name)) {
    throw new TypeError(`Cannot name strand "${name}": use letters, digits, dot, dash, underscore`);
  }
  return join(home, "strands", `${name}.db`);
}

/**
 * Where downloaded embedding models are cached: the platform's user cache directory
 * (`$XDG_CACHE_HOME` or `~/.cache` on Linux, `~/Library/Caches` on macOS,
 * `%LOCALAPPDATA%` on Windows) under `helix/models`.
 *
 * @example Usage
 * ```ts
 * import { modelCacheDir } from "./config.ts";
 * import { equal } from "node:assert/strict";
 *
 * equal(modelCacheDir({ HOME: "/home/ada" }, "linux"), "/home/ada/.cache/helix/models");
 * equal(modelCacheDir({ HOME: "/Users/ada" }, "darwin"), "/Users/ada/Library/Caches/helix/models");
 * ```
 */
export function modelCacheDir(env: PathEnv, platform: string): string {
  const home = env.HOME ?? env.USERPROFILE ?? ".";
  if (platform === "darwin") return join(home, "Library", "Caches", "helix", "models");
  if (platform === "windows" || platform === "win32") {
    return join(env.LOCALAPPDATA ?? join(home, "AppData", "Local"), "helix", "models");
  }
  return join(env.XDG_CACHE_HOME ?? join(home, ".cache"), "helix", "models");
}
