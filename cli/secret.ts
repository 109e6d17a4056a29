/**
 * Reading a secret (a `.dna` passphrase) from the terminal without echoing it: the terminal in
 * raw mode, read byte by byte up to Enter, with Backspace and Ctrl-U for editing and Ctrl-C
 * to give up. The terminal mode is restored whatever happens.
 *
 * @module
 */
import { Interrupted } from "./command.ts";

const ENTER = new Set([0x0a, 0x0d]);
const BACKSPACE = new Set([0x08, 0x7f]);
const CTRL_C = 0x03;
const CTRL_D = 0x04;
const CTRL_U = 0x15;
const ESCAPE = 0x1b;

/** What {@linkcode readSecret} reads from and writes to. */
export interface SecretTerminal {
  isTerminal(): boolean;
  setRaw(raw: boolean): void;
  read(buffer: Uint8Array): Promise<number | null>;
  /** Writes the question and the final line break (never the secret). */
  write(text: string): void;
}

/**
 * Asks `question` and reads one line without echo (Enter, Ctrl-D or the end of input ends
 * it). Null when standard input is not a terminal: there is nothing to ask on. Throws
 * {@linkcode Interrupted} on Ctrl-C, which raw mode keeps from being a signal.
 *
 * @example Usage
 * ```ts
 * import { readSecret } from "./secret.ts";
 * import { equal } from "node:assert/strict";
 *
 * let input = new TextEncoder().encode("pa\x7fass\r");
 * const terminal = {
 *   isTerminal: () => true,
 *   setRaw: () => {},
 *   read: (buffer: Uint8Array) => {
 *     buffer.set(input);
 *     const n = input.length;
 *     input = new Uint8Array(0);
 *     return Promise.resolve(n || null);
 *   },
 *   write: () => {},
 * };
 * equal(await readSecret("Passphrase: ", terminal), "pass");
 * ```
 */
export async function readSecret(
  question: string,
  terminal: SecretTerminal,
): Promise<string | null> {
  if (!terminal.isTerminal()) return null;
  terminal.write(question);
  const bytes: number[] = [];
  const buffer = new Uint8Array(256);
  let interrupted = false;
  terminal.setRaw(true);
  try {
    reading: for (;;) {
      const n = await terminal.read(buffer);
      if (n === null) break;
      for (const byte of buffer.subarray(0, n)) {
        if (ENTER.has(byte)) break reading;
        if (byte === CTRL_C) {
          interrupted = true;
          break reading;
        }
        if (byte === CTRL_D) break reading;
        if (byte === CTRL_U) bytes.length = 0;
        else if (BACKSPACE.has(byte)) dropLastCharacter(bytes);
        else if (byte === ESCAPE) break; // an arrow or function key: ignore the rest of it
        else if (byte >= 0x20) bytes.push(byte);
      }
    }
  } finally {
    terminal.setRaw(false);
    terminal.write("\n");
    buffer.fill(0);
  }
  if (interrupted) {
    bytes.fill(0);
    throw new Interrupted("interrupted: nothing was read");
  }
  const secret = new TextDecoder().decode(Uint8Array.from(bytes));
  bytes.fill(0);
  return secret;
}

/** Removes the last UTF-8 character (its continuation bytes, then its lead byte). */
function dropLastCharacter(bytes: number[]): void {
  while (bytes.length && (bytes.at(-1)! & 0xc0) === 0x80) bytes.pop();
  bytes.pop();
}

/** The process's own terminal. */
export function processTerminal(write: (text: string) => void): SecretTerminal {
  return {
    isTerminal: () => Deno.stdin.isTerminal(),
    setRaw: (raw) => Deno.stdin.setRaw(raw),
    read: (buffer) => Deno.stdin.read(buffer),
    write,
  };
}
