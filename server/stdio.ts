/**
 * The stdio transport: newline-delimited JSON-RPC on stdin and stdout, hardened where the
 * SDK's own transport gives up. Input is framed in linear time (each byte is scanned once),
 * a message over {@linkcode MAX_MESSAGE_BYTES} is skipped to its newline while only its first
 * and last bytes are kept to answer it, and every line goes through {@linkcode admit}, so a
 * malformed request is answered instead of dropped and the session always goes on.
 *
 * @module
 */
import process from "node:process";
import type { JSONRPCMessage, Transport } from "./_sdk.ts";
import { type Activity, NO_ACTIVITY } from "./activity.ts";
import { admit, MAX_MESSAGE_BYTES, oversizedReply, readableErrors } from "./jsonrpc.ts";

/** Bytes kept from each end of an oversized message to find its id, method and tool. */
const KEEP = 4096;
const NEWLINE = 0x0a;

/** Readable and writable ends, as `process.stdin`/`process.stdout` provide them. */
export interface StdioStreams {
  readonly stdin: Pick<typeof process.stdin, "on" | "off" | "pause" | "listenerCount">;
  readonly stdout: Pick<typeof process.stdout, "write" | "once">;
}

/** Options of {@linkcode HardenedStdioTransport}. */
export interface StdioOptions {
  /** The largest message accepted. @default {MAX_MESSAGE_BYTES} */
  readonly maxMessageBytes?: number;
  /** Counts the requests in flight (the lifecycle thread waits for quiet moments). */
  readonly activity?: Activity;
}

/** An MCP transport over stdio that never closes the session because of what it was sent. */
export class HardenedStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  readonly #streams: StdioStreams;
  readonly #max: number;
  readonly #activity: Activity;
  /** Ids of the requests handed to the server and not answered yet. */
  readonly #open = new Set<string>();
  readonly #decoder = new TextDecoder();
  /** Pieces of the current line, in order. */
  #pieces: Uint8Array[] = [];
  #length = 0;
  /** Set while skipping an oversized line: its first bytes, last bytes and size so far. */
  #oversized: { head: Uint8Array; tail: Uint8Array; bytes: number } | null = null;
  #started = false;

  constructor(
    streams: StdioStreams = { stdin: process.stdin, stdout: process.stdout },
    options: StdioOptions = {},
  ) {
    this.#streams = streams;
    this.#max = options.maxMessageBytes ?? MAX_MESSAGE_BYTES;
    this.#activity = options.activity ?? NO_ACTIVITY;
  }

  #ondata = (chunk: Uint8Array | string) => {
    const bytes = typeof chunk === "string" ? new TextEncoder().encode(chunk) : chunk;
    try {
      this.#take(bytes);
    } catch (error) {
      this.onerror?.(error instanceof Error ? error : new Error(String(error)));
    }
  };

  #onerror = (error: Error) => this.onerror?.(error);

  start(): Promise<void> {
    if (this.#started) throw new Error("HardenedStdioTransport already started");
    this.#started = true;
    this.#streams.stdin.on("data", this.#ondata);
    this.#streams.stdin.on("error", this.#onerror);
    return Promise.resolve();
  }

  send(message: JSONRPCMessage): Promise<void> {
    const answered = requestKey(message, "response");
    if (answered !== null && this.#open.delete(answered)) this.#activity.end();
    const line = `${JSON.stringify(readableErrors(message))}\n`;
    return new Promise((resolve) => {
      if (this.#streams.stdout.write(line)) resolve();
      else this.#streams.stdout.once("drain", () => resolve());
    });
  }

  close(): Promise<void> {
    this.#streams.stdin.off("data", this.#ondata);
    this.#streams.stdin.off("error", this.#onerror);
    if (this.#streams.stdin.listenerCount("data") === 0) this.#streams.stdin.pause();
    this.#pieces = [];
    this.#length = 0;
    this.#oversized = null;
    for (const _ of this.#open) this.#activity.end();
    this.#open.clear();
    this.onclose?.();
    return Promise.resolve();
  }

  /** Splits `bytes` at newlines: each complete line is handled, the rest waits. */
  #take(bytes: Uint8Array): void {
    let start = 0;
    for (let nl = bytes.indexOf(NEWLINE); nl !== -1; nl = bytes.indexOf(NEWLINE, start)) {
      this.#append(bytes.subarray(start, nl));
      this.#endLine();
      start = nl + 1;
    }
    if (start < bytes.length) this.#append(bytes.subarray(start));
  }

  #append(piece: Uint8Array): void {
    if (piece.length === 0) return;
    if (this.#oversized) {
      this.#oversized.bytes += piece.length;
      this.#oversized.tail = lastBytes(this.#oversized.tail, piece);
      return;
    }
    // Copied: the stream may reuse the chunk's memory.
    this.#pieces.push(piece.slice());
    this.#length += piece.length;
    if (this.#length > this.#max) {
      const whole = concat(this.#pieces, this.#length);
      this.#oversized = {
        head: whole.slice(0, KEEP),
        tail: whole.slice(Math.max(0, whole.length - KEEP)),
        bytes: whole.length,
      };
      this.#pieces = [];
      this.#length = 0;
    }
  }

  #endLine(): void {
    if (this.#oversized) {
      const { head, tail, bytes } = this.#oversized;
      this.#oversized = null;
      void this.send(oversizedReply(this.#text(head), this.#text(tail), bytes));
      return;
    }
    const line = this.#text(concat(this.#pieces, this.#length)).replace(/\r$/, "");
    this.#pieces = [];
    this.#length = 0;
    if (line.trim() === "") return;
    const admission = admit(line);
    if ("message" in admission) {
      const request = requestKey(admission.message, "request");
      if (request !== null && !this.#open.has(request)) {
        this.#open.add(request);
        this.#activity.begin();
      }
      this.onmessage?.(admission.message);
    } else if (admission.reply) void this.send(admission.reply);
  }

  #text(bytes: Uint8Array): string {
    return this.#decoder.decode(bytes);
  }
}

/** The id of a request (it has a method) or of a response (it has a result or an error), as a key. */
function requestKey(message: JSONRPCMessage, kind: "request" | "response"): string | null {
  const m = message as { id?: unknown; method?: unknown; result?: unknown; error?: unknown };
  if (typeof m.id !== "string" && typeof m.id !== "number") return null;
  const matches = kind === "request"
    ? typeof m.method === "string"
    : m.result !== undefined || m.error !== undefined;
  return matches ? JSON.stringify(m.id) : null;
}

function concat(pieces: readonly Uint8Array[], length: number): Uint8Array {
  if (pieces.length === 1) return pieces[0]!;
  const out = new Uint8Array(length);
  let offset = 0;
  for (const piece of pieces) {
    out.set(piece, offset);
    offset += piece.length;
  }
  return out;
}

/** The last {@linkcode KEEP} bytes of `tail` followed by `piece`. */
function lastBytes(tail: Uint8Array, piece: Uint8Array): Uint8Array {
  if (piece.length >= KEEP) return piece.slice(piece.length - KEEP);
  const keep = Math.min(tail.length, KEEP - piece.length);
  const out = new Uint8Array(keep + piece.length);
  out.set(tail.subarray(tail.length - keep), 0);
  out.set(piece, keep);
  return out;
}
