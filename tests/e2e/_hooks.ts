/**
 * Recorded agent hook payloads (tests/fixtures/hooks) filled in for a test, and the strand's
 * files read as bytes (to show what never lands).
 *
 * @module
 */
import { join } from "node:path";

const FIXTURES = new URL("../fixtures/hooks/", import.meta.url).pathname;

/** The payload `name`.json as JSON text, each `"{{key}}"` string replaced by `values[key]`. */
export async function payload(name: string, values: Record<string, string> = {}): Promise<string> {
  const raw = JSON.parse(await Deno.readTextFile(join(FIXTURES, `${name}.json`)));
  const fill = (value: unknown): unknown => {
    if (typeof value === "string") {
      const key = /^\{\{(\w+)\}\}$/.exec(value)?.[1];
      return key !== undefined ? (values[key] ?? "") : value;
    }
    if (Array.isArray(value)) return value.map(fill);
    if (value && typeof value === "object") {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v)]));
    }
    return value;
  };
  return JSON.stringify(fill(raw));
}

/** The recorded Claude Code transcript copied into `dir`; returns its path. */
export async function transcript(dir: string, extraLines: readonly object[] = []): Promise<string> {
  const path = join(dir, "transcript.jsonl");
  const recorded = await Deno.readTextFile(join(FIXTURES, "claude_transcript.jsonl"));
  const extra = extraLines.map((line) => `${JSON.stringify(line)}\n`).join("");
  await Deno.writeTextFile(path, recorded + extra);
  return path;
}

/** Every byte under `dir` (the strand, its WAL and journal files), decoded as Latin-1. */
export async function bytesUnder(dir: string): Promise<string> {
  let all = "";
  for await (const entry of Deno.readDir(dir)) {
    const path = join(dir, entry.name);
    if (entry.isDirectory) all += await bytesUnder(path);
    else if (entry.isFile) all += new TextDecoder("latin1").decode(await Deno.readFile(path));
  }
  return all;
}
