/**
 * Where the sqlite-vec extension is loaded from: the npm package's file, or inside a compiled
 * binary a verified copy beside the strand.
 *
 * @module
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { getLoadablePath } from "sqlite-vec";
import { sha256Hex } from "../util/hash.ts";

/**
 * The sqlite-vec library to load. From a checkout or an install it is the npm package's file;
 * inside a `deno compile` binary that file lives in the binary's embedded file system, which
 * the dynamic loader cannot open, so it is copied once beside the strand (into
 * `<folder>/.helix-lib/<hash>/`; the user owns that folder, unlike a shared temp folder where
 * another user could plant a library) and loaded from there. A file already there is loaded only if its bytes
 * hash the same.
 */
export function vectorExtension(
  folder: string | null,
  source = getLoadablePath(),
  embedded = Deno.build.standalone,
): string {
  if (!embedded) return source;
  const bytes = readFileSync(source);
  const hash = sha256Hex(bytes);
  // SQLite derives the entry point from the file name (vec0.so → sqlite3_vec_init), so the
  // hash goes in the folder name.
  const lib = join(folder ?? Deno.makeTempDirSync({ prefix: "helix-lib-" }), ".helix-lib");
  const target = join(lib, hash.slice(0, 16), basename(source));
  try {
    if (sha256Hex(readFileSync(target)) === hash) return target;
  } catch {
    // not there yet
  }
  mkdirSync(dirname(target), { recursive: true, mode: 0o700 });
  const temp = `${target}.${crypto.randomUUID().slice(0, 8)}.tmp`;
  writeFileSync(temp, bytes, { mode: 0o600 });
  renameSync(temp, target);
  return target;
}
