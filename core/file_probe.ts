/**
 * The project's files as the staleness check sees them: a {@linkcode FileProbe} over a folder on
 * disk (SHA-256 of a file's bytes, the HEAD commit via `git`), and the project root of a working
 * directory. Nothing here throws: an unreadable file is a missing one, a missing `git` is no
 * repository.
 *
 * @module
 */
import { isAbsolute, relative, resolve, sep } from "node:path";
import type { FileProbe } from "./ports.ts";

/** True when `path` (absolute) is `root` itself or lies under it. */
function isInside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === "" || (rel.split(sep)[0] !== ".." && !isAbsolute(rel));
}

function hex(bytes: ArrayBuffer): string {
  return Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The trimmed standard output of `git <args>`, or null when git fails or is absent. */
async function git(args: string[]): Promise<string | null> {
  try {
    const output = await new Deno.Command("git", {
      args,
      stdin: "null",
      stdout: "piped",
      stderr: "null",
    }).output();
    if (!output.success) return null;
    const text = new TextDecoder().decode(output.stdout).trim();
    return text === "" ? null : text;
  } catch {
    return null; // git not installed, or no --allow-run
  }
}

/**
 * A {@linkcode FileProbe} over the files under `root`. `hash(path)` takes a path relative to the
 * root (an absolute one must lie under it) and returns the hex SHA-256 of the file's bytes, or
 * null when the file is missing, a directory or other non-file, unreadable, or outside the root:
 * through `..` or through a symlink whose target resolves outside (symlinks inside are followed).
 * `commit()` is `git -C root rev-parse HEAD`, null outside a repository, before the first commit
 * or without `git`. Files are read whole, so hashing suits source and config files.
 *
 * @example Usage
 * ```ts
 * import { createFileProbe } from "./file_probe.ts";
 * import { equal } from "node:assert/strict";
 *
 * const root = await Deno.makeTempDir();
 * await Deno.writeTextFile(`${root}/hello.txt`, "hello\n");
 * const probe = createFileProbe(root);
 * equal(
 *   await probe.hash("hello.txt"),
 *   "5891b5b522d5df086d0ff0b110fbd9d21bb4fc7163af34d08286a2e846f6be03",
 * );
 * equal(await probe.hash("missing.txt"), null);
 * equal(await probe.hash("../hello.txt"), null);
 * await Deno.remove(root, { recursive: true });
 * ```
 */
export function createFileProbe(root: string): FileProbe {
  const absoluteRoot = resolve(root);
  let realRoot: Promise<string | null> | undefined;
  const resolveRoot = () => realRoot ??= Deno.realPath(absoluteRoot).catch(() => null);
  return {
    root: absoluteRoot,
    async hash(path: string): Promise<string | null> {
      if (typeof path !== "string" || path === "" || path.includes("\0")) return null;
      const target = resolve(absoluteRoot, path);
      if (!isInside(absoluteRoot, target)) return null;
      try {
        const base = await resolveRoot();
        if (base === null) return null;
        const real = await Deno.realPath(target);
        if (!isInside(base, real)) return null;
        if (!(await Deno.stat(real)).isFile) return null;
        return hex(await crypto.subtle.digest("SHA-256", await Deno.readFile(real)));
      } catch {
        return null; // missing, unreadable, or removed while reading
      }
    },
    commit: async () => {
      const head = await git(["-C", absoluteRoot, "rev-parse", "--verify", "--quiet", "HEAD"]);
      return head !== null && /^[0-9a-f]{40,64}$/.test(head) ? head : null;
    },
  };
}

/**
 * The root of the git work tree holding `cwd` (`git rev-parse --show-toplevel`), else `cwd`
 * itself, resolved to an absolute path. Never throws.
 *
 * @example Usage
 * ```ts
 * import { projectRoot } from "./file_probe.ts";
 * import { equal } from "node:assert/strict";
 *
 * const dir = await Deno.makeTempDir();
 * equal(await projectRoot(dir), dir); // a fresh temp folder is in no repository
 * await Deno.remove(dir);
 * ```
 */
export async function projectRoot(cwd: string): Promise<string> {
  const dir = resolve(cwd);
  return await git(["-C", dir, "rev-parse", "--show-toplevel"]) ?? dir;
}
