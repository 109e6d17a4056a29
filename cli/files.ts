/**
 * Writing files the user cares about without ever leaving half of one: write beside it, then
 * rename over it.
 *
 * @module
 */
import { basename, dirname, join } from "node:path";
import { HelixError, keepHomePrivate } from "@helix/core";

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
  // A folder named as the file would only fail at the rename, after a temporary file was
  // written beside it (for "/tmp", in "/").
  const existing = await Deno.stat(path).catch(() => null);
  if (existing?.isDirectory) throw isFolder(path);
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

function isFolder(target: string, cause?: unknown): HelixError {
  return new HelixError(
    "invalid_input",
    `Cannot write ${target}: it is a folder; name a file (e.g. ${join(target, "helix.out")})`,
    cause === undefined ? {} : { cause },
  );
}

/** OS error codes that mean nothing more can be written there: a full disk, quota, read-only. */
const FULL = new Set(["ENOSPC", "EDQUOT", "EROFS"]);
/** OS error codes that mean this process may not do it. */
const DENIED = new Set(["EACCES", "EPERM"]);

function osCode(error: unknown): string {
  return (error as { code?: unknown } | null)?.code?.toString() ?? "";
}

/**
 * `error` as a typed {@linkcode HelixError} when writing `target` failed for a reason the
 * user can act on: the disk is full or read-only (`storage_full`), permission is denied
 * (`unauthorized`), the folder does not exist (`not_found`), or the target is a folder
 * (`invalid_input`); any other error unchanged.
 */
export function writeFailure(target: string, error: unknown): unknown {
  const code = osCode(error);
  if (FULL.has(code)) {
    return new HelixError("storage_full", `Cannot write ${target}: ${(error as Error).message}`, {
      cause: error,
    });
  }
  if (DENIED.has(code)) {
    return new HelixError("unauthorized", `Cannot write ${target}: permission denied`, {
      cause: error,
    });
  }
  if (code === "ENOENT") {
    return new HelixError(
      "not_found",
      `Cannot write ${target}: the folder ${dirname(target)} does not exist`,
      { cause: error },
    );
  }
  if (code === "EISDIR") return isFolder(target, error);
  return error;
}

/**
 * An OS error that reached the top of a command, whatever raised it, as a typed
 * {@linkcode HelixError}: a full or read-only disk (`storage_full`), a permission denied
 * (`unauthorized`), a missing file or folder (`not_found`), a path that runs through a file
 * (`invalid_input`). Other errors unchanged.
 */
export function osFailure(error: unknown): unknown {
  const code = osCode(error);
  const message = error instanceof Error ? error.message : String(error);
  const path = /: \w+ '([^']+)'$/.exec(message)?.[1] ?? /'([^']+)'/.exec(message)?.[1];
  const where = path ? ` ${path}` : "";
  if (FULL.has(code)) return writeFailure(path ?? "the output", error);
  if (DENIED.has(code)) {
    return new HelixError("unauthorized", `Cannot use${where}: permission denied`, {
      cause: error,
    });
  }
  if (code === "ENOENT") {
    return new HelixError("not_found", `Cannot use${where}: no such file or folder`, {
      cause: error,
    });
  }
  if (code === "ENOTDIR") {
    return new HelixError(
      "invalid_input",
      `Cannot use${where}: part of the path is a file, not a folder`,
      { cause: error },
    );
  }
  return error;
}

/** Whether `error` says the reader of our output went away (`helix … | head -1`). */
export function isClosedPipe(error: unknown): boolean {
  return error instanceof Deno.errors.BrokenPipe || osCode(error) === "EPIPE";
}

/**
 * Refuses a Helix home that cannot be one, before anything reads or writes under it: a path
 * that is a file, or runs through one. A home that does not exist yet is fine (it is created
 * on first use).
 */
export async function checkHome(home: string, origin: string): Promise<void> {
  let info: Deno.FileInfo;
  try {
    info = await Deno.stat(home);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return;
    const code = osCode(error);
    if (code === "ENOTDIR") {
      throw new HelixError(
        "invalid_input",
        `Cannot use ${origin} ${home}: part of the path is a file, not a folder`,
      );
    }
    if (DENIED.has(code)) {
      throw new HelixError("unauthorized", `Cannot use ${origin} ${home}: permission denied`);
    }
    throw error;
  }
  if (!info.isDirectory) {
    throw new HelixError(
      "invalid_input",
      `Cannot use ${origin} ${home}: it is a file, not a folder (point it at a folder)`,
    );
  }
  await keepHomePrivate(home);
}
