/**
 * Which project a folder belongs to (DESIGN §4): the normalized git remote of its
 * repository (`github.com/acme/billing-svc`), else the repository root's folder name. The
 * remote is read from the repository's `config` file directly — no `git` process — and any
 * credentials in it are dropped.
 *
 * @module
 */
import { readFile, stat } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";
import { projectScope } from "../model/scope.ts";

/**
 * The project id of a git remote URL: host and path, lowercased, without scheme, user,
 * password, port or `.git`.
 *
 * @example Usage
 * ```ts
 * import { projectFromRemote } from "./project.ts";
 * import { equal } from "node:assert/strict";
 *
 * equal(projectFromRemote("git@github.com:Acme/billing-svc.git"), "github.com/acme/billing-svc");
 * equal(projectFromRemote("https://ada:s3cret@gitlab.com/acme/infra/tf.git"), "gitlab.com/acme/infra/tf");
 * equal(projectFromRemote("ssh://git@host.example:2222/team/app"), "host.example/team/app");
 * equal(projectFromRemote("not a url"), null);
 * ```
 */
export function projectFromRemote(url: string): string | null {
  const text = url.trim();
  let host: string;
  let path: string;
  const scp = /^(?:[^@/\s]+@)?([^:/\s]+):(?!\/)(.+)$/.exec(text); // git@host:owner/repo
  if (scp && !/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) {
    host = scp[1]!;
    path = scp[2]!;
  } else {
    let parsed: URL;
    try {
      parsed = new URL(text);
    } catch {
      return null;
    }
    if (!parsed.hostname) return null;
    host = parsed.hostname;
    path = decodeURIComponent(parsed.pathname);
  }
  path = path.replace(/\.git\/?$/i, "").replace(/^\/+|\/+$/g, "");
  if (!path || /\s/.test(host + path)) return null;
  return `${host}/${path}`.toLowerCase();
}

/** The nearest folder at or above `dir` holding `.git`, and the git directory itself. */
async function findRepository(dir: string): Promise<{ root: string; gitDir: string } | null> {
  let current = resolve(dir);
  for (;;) {
    const dotGit = join(current, ".git");
    const info = await stat(dotGit).catch(() => null);
    if (info?.isDirectory()) return { root: current, gitDir: dotGit };
    if (info?.isFile()) {
      // A worktree or submodule: ".git" is a file "gitdir: <path>".
      const pointer = (await readFile(dotGit, "utf8")).match(/^gitdir:\s*(.+)$/m)?.[1]?.trim();
      if (pointer) {
        const gitDir = resolve(current, pointer);
        const common = await readFile(join(gitDir, "commondir"), "utf8").catch(() => null);
        return { root: current, gitDir: common ? resolve(gitDir, common.trim()) : gitDir };
      }
    }
    const parent = dirname(current);
    if (parent === current) return null;
    current = parent;
  }
}

/** The URL of remote `origin` (else the first remote) in a git config file's text. */
export function remoteUrl(config: string): string | null {
  let section = "";
  const remotes = new Map<string, string>();
  for (const raw of config.split(/\r?\n/)) {
    const line = raw.trim();
    const header = /^\[\s*remote\s+"([^"]+)"\s*\]$/.exec(line);
    if (header) {
      section = header[1]!;
      continue;
    }
    if (line.startsWith("[")) {
      section = "";
      continue;
    }
    const url = section ? /^url\s*=\s*(.+)$/.exec(line)?.[1]?.trim() : undefined;
    if (url && !remotes.has(section)) remotes.set(section, url);
  }
  return remotes.get("origin") ?? remotes.values().next().value ?? null;
}

/**
 * The project scope of `dir`: `project:<normalized origin remote>` inside a git repository
 * with a remote, `project:<repository folder name>` inside one without, and — when
 * `allowFolderName` (the client named this folder as a workspace root) — the folder's own
 * name outside any repository. Null otherwise.
 */
export async function detectProject(
  dir: string,
  options: { allowFolderName?: boolean } = {},
): Promise<string | null> {
  const repository = await findRepository(dir);
  if (repository) {
    const config = await readFile(join(repository.gitDir, "config"), "utf8").catch(() => "");
    const url = remoteUrl(config);
    const fromRemote = url ? projectFromRemote(url) : null;
    return projectScope(fromRemote ?? basename(repository.root));
  }
  if (options.allowFolderName) {
    const name = basename(resolve(dir));
    return name ? projectScope(name) : null;
  }
  return null;
}
