/**
 * What `helix export`, `import` and `merge` share for `.dna` files: the passphrase (from
 * `HELIX_PASSPHRASE` or a prompt without echo, never a flag, so it stays out of shell history
 * and process listings), the device's signing key, reading a file, and opening one into the
 * strand.
 *
 * @module
 */
import { isAbsolute, join } from "node:path";
import {
  type DeviceKey,
  type DnaImportReport,
  HelixError,
  isHelixError,
  loadOrCreateDeviceKey,
  readDnaHeader,
} from "@helix/core";
import { UsageError } from "./command.ts";
import type { CommandContext } from "./context.ts";
import { createProgress } from "./output.ts";

/** The environment variable a `.dna` passphrase comes from when there is no terminal. */
export const PASSPHRASE_ENV = "HELIX_PASSPHRASE";

import { deviceKeyPath } from "./keys.ts";

/** This device's signing key, made (0600) on first use. */
export function deviceKey(ctx: CommandContext): Promise<DeviceKey> {
  return loadOrCreateDeviceKey(deviceKeyPath(ctx.config.config.home));
}

/** A passphrase and where it came from (named in the hint of a wrong one). */
export interface Passphrase {
  readonly passphrase: string;
  readonly from: "env" | "prompt";
}

/**
 * The passphrase for `file`: `HELIX_PASSPHRASE` when set, else asked on the terminal without
 * echo (twice when `confirm`, to seal a file). A usage error when it is empty, when the two
 * differ, or when there is no terminal to ask on and the variable is not set.
 */
export async function readPassphrase(
  ctx: CommandContext,
  file: string,
  options: { confirm: boolean },
): Promise<Passphrase> {
  const fromEnv = ctx.env[PASSPHRASE_ENV];
  if (fromEnv !== undefined) {
    if (fromEnv === "") throw new UsageError(`${PASSPHRASE_ENV} is set but empty`);
    return { passphrase: fromEnv, from: "env" };
  }
  const first = await ctx.io.promptSecret(`Passphrase for ${file}: `);
  if (first === null) {
    throw new UsageError(
      `no passphrase for ${file}: set ${PASSPHRASE_ENV} (there is no terminal to ask on)`,
    );
  }
  if (first === "") throw new UsageError("the passphrase is empty");
  if (options.confirm && (await ctx.io.promptSecret("Same passphrase again: ")) !== first) {
    throw new UsageError("the two passphrases differ: nothing was written");
  }
  return { passphrase: first, from: "prompt" };
}

/** `file` relative to the working directory. */
export function resolvePath(file: string, cwd: string): string {
  return isAbsolute(file) ? file : join(cwd, file);
}

/** The bytes of `file`: `not_found` when it does not exist, `invalid_input` when unreadable. */
export async function readBytes(file: string, cwd: string, action: string): Promise<Uint8Array> {
  try {
    return await Deno.readFile(resolvePath(file, cwd));
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) {
      throw new HelixError("not_found", `Cannot ${action} ${file}: no such file`);
    }
    throw new HelixError("invalid_input", `Cannot ${action} ${file}: ${(error as Error).message}`);
  }
}

/**
 * Opens the `.dna` bytes of `file` and merges its ops into the strand (made when `create` and
 * missing). The header is read first, so a damaged or newer file fails before the passphrase
 * is asked for; the strand is unchanged on any failure.
 */
export async function mergeDnaFile(
  ctx: CommandContext,
  file: string,
  bytes: Uint8Array,
  options: { create: boolean },
): Promise<DnaImportReport> {
  const header = readDnaHeader(bytes);
  if (header.kdf !== "argon2id") {
    throw new HelixError(
      "invalid_input",
      `Cannot import ${file}: it is sealed with a raw key (a sync delta), not a passphrase`,
    );
  }
  // A strand that must exist is checked before asking; a new one is made only once asked.
  if (!options.create) await ctx.engine();
  const key = await readPassphrase(ctx, file, { confirm: false });
  const engine = await ctx.engine({ create: options.create });
  const progress = createProgress(ctx.io, "importing", ctx.err);
  try {
    return await engine.importDna(bytes, {
      key: { passphrase: key.passphrase },
      label: resolvePath(file, ctx.io.cwd),
      onProgress: (p) => progress.update(p.done, p.total, p.phase),
    });
  } catch (error) {
    if (isHelixError(error, "decrypt_failed")) {
      throw new HelixError(
        "decrypt_failed",
        `Cannot import ${file}: the passphrase${
          key.from === "env" ? ` in ${PASSPHRASE_ENV}` : ""
        } does not open it (the strand is unchanged)`,
        { cause: error },
      );
    }
    throw error;
  } finally {
    progress.finish();
  }
}
