/**
 * Writing files the user cares about without ever leaving half of one: write beside it, then
 * rename over it.
 *
 * @module
 */
import { basename, dirname, join } from "node:path";

/** Writes `text` to `path` atomically (a temporary file in the same folder, then a rename). */
export async function writeFileAtomic(path: string, text: string | Uint8Array): Promise<void> {
  const temp = join(dirname(path), `.${basename(path)}.${crypto.randomUUID().slice(0, 8)}.tmp`);
  try {
    if (typeof text === "string") await Deno.writeTextFile(temp, text);
    else await Deno.writeFile(temp, text);
    await Deno.rename(temp, path);
  } catch (error) {
    await Deno.remove(temp).catch(() => {});
    throw error;
  }
}
