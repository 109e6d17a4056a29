/**
 * How the CLI writes: the terminal it talks to ({@linkcode Io}), colour (only on a TTY, never
 * with `NO_COLOR` or `--no-color`), aligned tables, and a progress bar with rate and ETA that
 * draws on stderr only when stderr is a terminal.
 *
 * @module
 */

/** The terminal, injected so tests capture everything. */
export interface Io {
  /** Writes to standard output as is. */
  stdout(text: string): void;
  /** Writes to standard error as is. */
  stderr(text: string): void;
  /** All of standard input (for `import -` and `add -`). */
  readStdin(): Promise<string>;
  /** Asks a question on the terminal; null when there is no terminal to ask on. */
  prompt(question: string): Promise<string | null>;
  /**
   * Asks for a secret on the terminal without echoing what is typed; null when standard input
   * is not a terminal.
   */
  promptSecret(question: string): Promise<string | null>;
  /** Whether standard output is a terminal. */
  readonly stdoutIsTty: boolean;
  /** Whether standard error is a terminal. */
  readonly stderrIsTty: boolean;
  /** Terminal width in columns. */
  readonly columns: number;
  /** Working directory (project detection, relative paths). */
  readonly cwd: string;
  /** Current time in ms (progress rates). */
  now(): number;
}

/** Text styles; each is the identity when colour is off. */
export interface Style {
  readonly enabled: boolean;
  bold(text: string): string;
  dim(text: string): string;
  red(text: string): string;
  green(text: string): string;
  yellow(text: string): string;
  cyan(text: string): string;
}

/**
 * Stands for ESC in the sequences Helix writes itself, until {@linkcode terminalSafe} turns it
 * back into ESC: two noncharacters around a random number drawn per process, so no text the
 * strand holds can carry it, and an ESC that reaches output any other way is shown as text.
 */
const OWN_ESC = `\uFDD0${crypto.getRandomValues(new Uint32Array(2)).join("-")}\uFDD1`;

/** "Return and clear the line", for redrawing a status line on stderr. */
export const CLEAR_LINE = `\r${OWN_ESC}[2K`;

/** Styles for a stream: colour only when `enabled`. */
export function createStyle(enabled: boolean): Style {
  const wrap = (open: number, close: number) => (text: string) =>
    enabled ? `${OWN_ESC}[${open}m${text}${OWN_ESC}[${close}m` : text;
  return {
    enabled,
    bold: wrap(1, 22),
    dim: wrap(2, 22),
    red: wrap(31, 39),
    green: wrap(32, 39),
    yellow: wrap(33, 39),
    cyan: wrap(36, 39),
  };
}

/** Visible length of `text` (escape sequences excluded). */
export function visibleLength(text: string): number {
  // deno-lint-ignore no-control-regex
  return [...text.replaceAll(OWN_STYLE, "").replace(/\x1b\[[0-9;]*m/g, "")].length;
}

/** `text` on one line, cut to `width` characters with an ellipsis. */
export function clip(text: string, width: number): string {
  const line = text.replace(/\s+/g, " ").trim();
  const chars = [...line];
  if (chars.length <= width) return line;
  return chars.slice(0, Math.max(0, width - 1)).join("") + "…";
}

/**
 * Rows aligned in columns, two spaces apart; the last column (the long text) is clipped to
 * what is left of `width`, but never below 20 characters.
 *
 * @example Usage
 * ```ts
 * import { table } from "./output.ts";
 * import { equal } from "node:assert/strict";
 *
 * const rows = [["ID", "TEXT"], ["a", "the quick brown fox jumps over the lazy dog"]];
 * equal(table(rows, 30), "ID  TEXT\na   the quick brown fox jumps…\n");
 * ```
 */
export function table(rows: readonly (readonly string[])[], width: number): string {
  if (rows.length === 0) return "";
  const columns = Math.max(...rows.map((row) => row.length));
  const widths = Array.from(
    { length: columns - 1 },
    (_, c) => Math.max(...rows.map((row) => visibleLength(row[c] ?? ""))),
  );
  const used = widths.reduce((sum, w) => sum + w + 2, 0);
  const last = Math.max(20, width - used);
  return rows.map((row) => {
    const cells = row.slice(0, -1).map((cell, c) =>
      cell + " ".repeat(Math.max(0, widths[c]! - visibleLength(cell)))
    );
    return [...cells, clip(row.at(-1) ?? "", last)].join("  ").trimEnd();
  }).join("\n") + "\n";
}

/** An ISO time as `YYYY-MM-DD HH:MM` (UTC), for tables. */
export function shortTime(iso: string | null): string {
  return iso ? `${iso.slice(0, 10)} ${iso.slice(11, 16)}` : "";
}

/** A count with thousands separators. */
export function count(n: number): string {
  return Math.round(n).toLocaleString("en-US");
}

/**
 * A count and its noun, singular for one.
 *
 * @example Usage
 * ```ts
 * import { plural } from "./output.ts";
 * import { equal } from "node:assert/strict";
 *
 * equal(plural(1, "edge"), "1 edge");
 * equal(plural(1200, "memory", "memories"), "1,200 memories");
 * ```
 */
export function plural(n: number, noun: string, nouns = `${noun}s`): string {
  return `${count(n)} ${n === 1 ? noun : nouns}`;
}

/** A progress display for long work. */
export interface Progress {
  /** Reports `done` of `total` (`total` may change, e.g. between phases). */
  update(done: number, total: number, phase?: string): void;
  /** Clears the bar. */
  finish(): void;
}

/**
 * A bar on stderr with percentage, counts, rate and ETA, redrawn at most every 100 ms, when
 * stderr is a terminal; otherwise silent (scripts get the summary the command prints).
 */
export function createProgress(io: Io, label: string, style: Style): Progress {
  if (!io.stderrIsTty) return { update() {}, finish() {} };
  const started = io.now();
  let drawn = 0;
  let shown = false;
  return {
    update(done, total, phase) {
      const now = io.now();
      if (done < total && now - drawn < 100) return;
      drawn = now;
      shown = true;
      const fraction = total > 0 ? Math.min(1, done / total) : 0;
      const bar = 24;
      const filled = Math.round(fraction * bar);
      const elapsed = Math.max(1, now - started) / 1000;
      const rate = done / elapsed;
      const eta = rate > 0 && done < total ? ` ETA ${duration((total - done) / rate)}` : "";
      const name = phase ? `${label} (${phase})` : label;
      io.stderr(
        `${CLEAR_LINE}${name} ${style.cyan("█".repeat(filled))}${
          style.dim("░".repeat(bar - filled))
        } ` +
          `${String(Math.floor(fraction * 100)).padStart(3)}% ${count(done)}/${count(total)} ` +
          `${count(rate)}/s${eta}`,
      );
    },
    finish() {
      if (shown) io.stderr(CLEAR_LINE);
    },
  };
}

function duration(seconds: number): string {
  if (seconds < 60) return `${Math.ceil(seconds)}s`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes}m${String(Math.ceil(seconds % 60)).padStart(2, "0")}s`;
}

/** Helix's own styles (bold, dim, colours and their resets) as {@linkcode createStyle} writes them. */
const OWN_STYLE = new RegExp(`${OWN_ESC}\\[(?:1|2|22|31|32|33|36|39)m`, "g");
/** {@linkcode CLEAR_LINE} as a pattern. */
const OWN_CLEAR = `\\r${OWN_ESC}\\[2K`;
/**
 * What {@linkcode terminalSafe} looks at: Helix's own line clear and styles, and the
 * characters a terminal acts on rather than shows — C0 controls but newline and tab, DEL, C1
 * controls, line and paragraph separators, the bidirectional overrides that reorder what is
 * displayed — and the noncharacter that marks Helix's own sequences, wherever else it comes from.
 */
const SAFE = new RegExp(
  `${OWN_CLEAR}|${OWN_STYLE.source}|` +
    // deno-lint-ignore no-control-regex
    /[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\uFDD0]/.source,
  "g",
);

/**
 * `text` made safe for a terminal: every control character a memory (or anything else the
 * strand holds) could carry — an escape sequence that retitles the window, clears the screen,
 * colours the rest of the output or rewrites the clipboard, a bell, a carriage return that
 * overprints a line, a C1 control, a bidirectional override — is shown as a `\uXXXX` escape
 * instead of acted on. Only the styles {@linkcode createStyle} wrote pass (and the progress
 * bar's {@linkcode CLEAR_LINE}, on stderr): they are marked when written, so a stored
 * `\x1b[31m` is shown as text like any other sequence. The escapes are JSON's, so `--json`
 * output stays valid and decodes to the same text.
 *
 * @example Usage
 * ```ts
 * import { createStyle, terminalSafe } from "./output.ts";
 * import { equal } from "node:assert/strict";
 *
 * equal(terminalSafe("a\x1b]0;owned\x07b", "stdout"), "a\\u001b]0;owned\\u0007b");
 * equal(terminalSafe(createStyle(true).bold("id"), "stdout"), "\x1b[1mid\x1b[22m");
 * equal(terminalSafe("\x1b[1mid", "stdout"), "\\u001b[1mid");
 * ```
 */
export function terminalSafe(text: string, stream: "stdout" | "stderr"): string {
  return text.replace(SAFE, (match) => {
    if (match === CLEAR_LINE) {
      return stream === "stderr" ? "\r\x1b[2K" : "\\u000d\\u001b[2K";
    }
    if (match.length > 1) return `\x1b${match.slice(OWN_ESC.length)}`;
    return `\\u${match.charCodeAt(0).toString(16).padStart(4, "0")}`;
  });
}

/** `io` whose output passes {@linkcode terminalSafe}. */
export function safeIo(io: Io): Io {
  return {
    ...io,
    stdout: (text) => io.stdout(terminalSafe(text, "stdout")),
    stderr: (text) => io.stderr(terminalSafe(text, "stderr")),
  };
}
