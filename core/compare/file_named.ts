/**
 * A tool's file removed is no tool dropped: "Removed the pnpm-lock.yaml from the docs folder"
 * after "We use pnpm", "deleted .eslintrc.json in the legacy package" after "Linting is
 * ESLint". When the only old value that names the stored one is a file name (a name with an
 * extension) and no new value takes the stored slot, the change is to a file, and the stored
 * fact stands. With a replacement ("yarn.lock replaced by pnpm-lock.yaml") it is a change.
 *
 * @module
 */
import type { Change } from "./change.ts";
import type { Statement } from "./claims.ts";

/** A file name: letters, then a dot and a short extension ("pnpm-lock.yaml", ".eslintrc.json"). */
const FILE = /^[.\w-]*\p{L}[\w.-]*\.[a-z][a-z0-9]{0,4}$/iu;

/** Whether the change's only old value is a file of the stored value's tool, with no successor. */
export function fileNamed(found: Change, incoming: Statement): boolean {
  if (found.to !== null || FILE.test(found.from)) return false;
  const old = incoming.values.filter((v) => v.tense === "old" || v.negated);
  return old.length > 0 && old.every((v) => FILE.test(v.text));
}
