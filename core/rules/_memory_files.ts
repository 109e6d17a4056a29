/**
 * A {@linkcode RulesFiles} over a map of paths to texts, for tests and examples.
 *
 * @module
 */
import type { RulesEntry, RulesFiles } from "./types.ts";

/** The files of `tree` (path → text, `/`-separated, relative). */
export function memoryFiles(tree: Readonly<Record<string, string>>): RulesFiles {
  return {
    read: (path) => Promise.resolve(Object.hasOwn(tree, path) ? tree[path]! : null),
    list(dir) {
      const prefix = dir === "" ? "" : `${dir}/`;
      const entries = new Map<string, RulesEntry>();
      for (const path of Object.keys(tree)) {
        if (!path.startsWith(prefix)) continue;
        const [name, ...rest] = path.slice(prefix.length).split("/");
        entries.set(name!, { name: name!, isDirectory: rest.length > 0 });
      }
      return Promise.resolve([...entries.values()].sort((a, b) => a.name < b.name ? -1 : 1));
    },
  };
}
