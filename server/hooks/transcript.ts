/**
 * An agent's session transcript (JSONL, as Claude Code, Codex and Cursor write it) read for
 * its conversational turns: the user's prompts and the assistant's words, without tool calls,
 * tool results or meta lines. Only the tail is read (a transcript grows for hours), and a
 * transcript that is missing, unreadable or still being written gives what it can.
 *
 * @module
 */
import { stripPrivate } from "@helix/core";

/** One turn of conversation. */
export interface TranscriptTurn {
  readonly role: "user" | "assistant";
  /** Its text, private spans removed. */
  readonly text: string;
}

/** How much of the end of a transcript is read. */
const TAIL_BYTES = 1 << 20;

/** The turns of the last {@linkcode TAIL_BYTES} of the transcript at `path`, oldest first. */
export async function readTurns(path: string): Promise<TranscriptTurn[]> {
  const text = await readTail(path, TAIL_BYTES);
  const turns: TranscriptTurn[] = [];
  for (const line of text.split("\n")) {
    const turn = turnOf(line);
    if (turn) turns.push(turn);
  }
  return turns;
}

/** The last user prompt of the transcript at `path`, or null. */
export async function lastPrompt(path: string): Promise<string | null> {
  const turns = await readTurns(path);
  return turns.findLast((t) => t.role === "user")?.text ?? null;
}

/** When the transcript at `path` began (its first line's `timestamp`), or null. */
export async function startedAt(path: string): Promise<number | null> {
  let file: Deno.FsFile | undefined;
  try {
    file = await Deno.open(path);
    const buffer = new Uint8Array(16_384);
    const n = await file.read(buffer);
    const head = new TextDecoder().decode(buffer.subarray(0, n ?? 0));
    for (const line of head.split("\n").slice(0, 20)) {
      const match = /"timestamp"\s*:\s*"([^"]+)"/.exec(line);
      const at = match ? Date.parse(match[1]!) : NaN;
      if (Number.isFinite(at)) return at;
    }
    return null;
  } catch {
    return null;
  } finally {
    file?.close();
  }
}

async function readTail(path: string, bytes: number): Promise<string> {
  let file: Deno.FsFile | undefined;
  try {
    file = await Deno.open(path);
    const size = (await file.stat()).size;
    const start = Math.max(0, size - bytes);
    await file.seek(start, Deno.SeekMode.Start);
    const buffer = new Uint8Array(size - start);
    let read = 0;
    while (read < buffer.length) {
      const n = await file.read(buffer.subarray(read));
      if (n === null) break;
      read += n;
    }
    const text = new TextDecoder().decode(buffer.subarray(0, read));
    // A cut first line is not JSON: drop it.
    return start > 0 ? text.slice(text.indexOf("\n") + 1) : text;
  } catch {
    return "";
  } finally {
    file?.close();
  }
}

/** A JSONL line as a turn: Claude's `{type, message: {role, content}}`, Codex's `{payload}`. */
function turnOf(line: string): TranscriptTurn | null {
  if (!line.trim()) return null;
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line);
  } catch {
    return null;
  }
  if (!entry || typeof entry !== "object" || entry.isMeta === true) return null;
  const message = (entry.message ?? entry.payload ?? entry) as Record<string, unknown>;
  if (!message || typeof message !== "object") return null;
  const role = message.role ?? entry.role ?? entry.type;
  if (role !== "user" && role !== "assistant") return null;
  const text = stripPrivate(contentText(message.content ?? message.text)).trim();
  // Slash-command plumbing and hook echoes are not conversation.
  if (!text || /^<(command-|local-command-|system-reminder)/.test(text)) return null;
  return { role, text };
}

function contentText(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content
    .filter((part): part is { text: string } =>
      !!part && typeof part === "object" &&
      ["text", "input_text", "output_text"].includes((part as { type?: string }).type ?? "") &&
      typeof (part as { text?: unknown }).text === "string"
    )
    .map((part) => part.text)
    .join("\n");
}
