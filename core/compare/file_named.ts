/**
 * A tool's file removed is no tool dropped: "Removed the pnpm-lock.yaml from the docs folder"
 * after "We use pnpm", "deleted .eslintrc.json in the legacy package" after "Linting is
 * ESLint". When the only old value that names the stored one is a file name (a name with an
 * extension) and no new value takes the stored slot, the change is to a file, and the stored
 * fact stands. With a replacement ("yarn.lock replaced by pnpm-lock.yaml") it is a change.
 *
 * @module
 */
import type { Statement } from "./claims.ts";

/** A file name: letters, then a dot and a short extension ("pnpm-lock.yaml", ".eslintrc.json"). */
const FILE = /^[.\w-]*\p{L}[\w.-]*\.[a-z][a-z0-9]{0,4}$/iu;

/** Whether a change of `from` to `to` names as old only a file of the stored tool, with no successor. */
export function fileNamed(from: string, to: string | null, incoming: Statement): boolean {
  if (to !== null || FILE.test(from)) return false;
  const old = incoming.values.filter((v) => v.tense === "old" || v.negated);
  return old.length > 0 && old.every((v) => FILE.test(v.text));
}
