/**
 * The checkout as `helix rules` reads and writes it: a {@linkcode RulesFiles} over the project
 * root (nothing outside it, through `..` or symlinks; files over 4 MiB are skipped, as Claude
 * Code skips them), and the changes an export or removal plans, applied atomically.
 *
 * @module
 */
import { dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import type { RulesEntry, RulesFileChange, RulesFiles } from "@helix/core";
import { writeFileAtomic } from "./files.ts";

const MAX_RULES_FILE_BYTES = 4 * 1024 * 1024;

function inside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === "" || (rel.split(sep)[0] !== ".." && !isAbsolute(rel));
}

/** The rules files under `root`. */
export function createRulesFiles(root: string): RulesFiles {
  const base = resolve(root);
  const real = async (path: string): Promise<string | null> => {
    const target = resolve(base, path);
    if (!inside(base, target)) return null;
    try {
      const resolved = await Deno.realPath(target);
      return inside(await Deno.realPath(base), resolved) ? resolved : null;
    } catch {
      return null;
    }
  };
  return {
    async read(path) {
      const file = await real(path);
      if (file === null) return null;
      try {
        const info = await Deno.stat(file);
        if (!info.isFile || info.size > MAX_RULES_FILE_BYTES) return null;
        return await Deno.readTextFile(file);
      } catch {
        return null;
      }
    },
    async list(dir) {
      const folder = await real(dir === "" ? "." : dir);
      if (folder === null) return [];
      const out: RulesEntry[] = [];
      try {
        for await (const entry of Deno.readDir(folder)) {
          out.push({ name: entry.name, isDirectory: entry.isDirectory });
        }
      } catch {
        return [];
      }
      return out.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    },
  };
}

/** Writes (or deletes) each changed file of `changes` under `root`; returns the changed ones. */
export async function applyRulesChanges(
  root: string,
  changes: readonly RulesFileChange[],
): Promise<RulesFileChange[]> {
  const changed = changes.filter((c) => c.before !== c.after);
  for (const change of changed) {
    const path = join(root, change.path);
    if (change.after === null) {
      await Deno.remove(path).catch(() => {});
      continue;
    }
    await Deno.mkdir(dirname(path), { recursive: true });
    await writeFileAtomic(path, change.after);
  }
  return changed;
}
