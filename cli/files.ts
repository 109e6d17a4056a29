/**
 * Writing files the user cares about without ever leaving half of one: write beside it, then
 * rename over it.
 *
 * @module
 */
import { basename, dirname, join } from "node:path";
import { HelixError } from "@helix/core";

/**
 * Writes `text` to `path` atomically (a temporary file in the same folder, then a rename); a
 * full disk or an unwritable folder fails as `storage_full` and leaves `path` as it was.
 * `private` makes the file readable by its owner only (0600), from its first byte.
 */
export async function writeFileAtomic(
  path: string,
  text: string | Uint8Array,
  options: { private?: boolean } = {},
): Promise<void> {
  const temp = join(dirname(path), `.${basename(path)}.${crypto.randomUUID().slice(0, 8)}.tmp`);
  const mode = options.private ? { mode: 0o600 } : {};
  try {
    if (typeof text === "string") await Deno.writeTextFile(temp, text, mode);
    else await Deno.writeFile(temp, text, mode);
    await Deno.rename(temp, path);
  } catch (error) {
    await Deno.remove(temp).catch(() => {});
    throw writeFailure(path, error);
  }
}

/** OS error codes that mean nothing more can be written there: a full disk, quota, read-only. */
const FULL = new Set(["ENOSPC", "EDQUOT", "EROFS"]);
/** OS error codes that mean this file cannot be written. */
const NOT_WRITABLE = new Set([...FULL, "EACCES", "EPERM"]);

function osCode(error: unknown): string {
  return (error as { code?: unknown } | null)?.code?.toString() ?? "";
}

/**
 * `error` as a `storage_full` {@linkcode HelixError} when writing `target` failed because the
 * disk is full or read-only or the file is not writable; any other error unchanged.
 */
export function writeFailure(target: string, error: unknown): unknown {
  if (!NOT_WRITABLE.has(osCode(error))) return error;
  return new HelixError("storage_full", `Cannot write ${target}: ${(error as Error).message}`, {
    cause: error,
  });
}

/**
 * `error` as a `storage_full` {@linkcode HelixError} when it is an OS error of a full or
 * read-only disk wherever it came from (standard output redirected to a full disk, say); any
 * other error unchanged.
 */
export function fullDiskFailure(error: unknown): unknown {
  return FULL.has(osCode(error)) ? writeFailure("the output", error) : error;
}
