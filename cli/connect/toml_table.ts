/**
 * One TOML table (`[a.b]`) found in a file's text and replaced there, so comments, formatting
 * and every other table survive verbatim. The scanner assumes text a TOML parser has already
 * accepted; it only tracks what it needs: table headers, top-level key/value spans, strings,
 * comments and bracket nesting. Also the few TOML encoders a new table needs.
 *
 * @module
 */

/** A `[table]` or `[[array.of.tables]]` header line. */
export interface TomlHeader {
  /** Key path, unquoted. */
  readonly path: readonly string[];
  /** True for `[[…]]`. */
  readonly array: boolean;
}

/** A `key = value` line (or lines, for a multi-line value), with its trailing comment. */
export interface TomlEntry {
  /** Dotted key path, unquoted. */
  readonly key: readonly string[];
  /** Offset of the line's start. */
  readonly start: number;
  /** Offset just past the entry's line break (or the end of the text). */
  readonly end: number;
}

/** A header and the entries under it, up to the next header; the root block has no header. */
export interface TomlBlock {
  readonly header: TomlHeader | undefined;
  /** Offset of the header line's start (0 for the root block). */
  readonly start: number;
  /** Offset past the header line and the last entry: comment and blank lines after it are outside. */
  readonly contentEnd: number;
  readonly entries: readonly TomlEntry[];
}

/** What {@linkcode replaceTable} writes. */
export interface TableEdit {
  /** The table's key path, e.g. `["mcp_servers", "helix"]`. */
  readonly path: readonly string[];
  /** `key = value` lines (each ending in a line break) that head the table's new body. */
  readonly lines: string;
  /** Whether an existing entry (by its first key) or sub-table (by its next key) is dropped. */
  readonly drops: (key: string) => boolean;
}

/**
 * Splits `text` into blocks: the root, then one per header, in order.
 *
 * @example Usage
 * ```ts
 * import { scanToml } from "./toml_table.ts";
 * import { deepEqual } from "node:assert/strict";
 *
 * const blocks = scanToml('a = 1\n\n[t."x.y"] # c\nb = [\n  1,\n]\n');
 * deepEqual(blocks.map((b) => b.header?.path), [undefined, ["t", "x.y"]]);
 * deepEqual(blocks[1]!.entries.map((e) => e.key), [["b"]]);
 * ```
 */
export function scanToml(text: string): TomlBlock[] {
  const scanner = new Scanner(text);
  const blocks: {
    header: TomlHeader | undefined;
    start: number;
    contentEnd: number;
    entries: TomlEntry[];
  }[] = [
    { header: undefined, start: 0, contentEnd: 0, entries: [] },
  ];
  while (scanner.pos < text.length) {
    const lineStart = scanner.pos;
    scanner.spaces();
    const c = text[scanner.pos];
    if (c === "\n" || c === "\r" || c === "#" || c === undefined) {
      scanner.restOfLine();
    } else if (c === "[") {
      const array = text[scanner.pos + 1] === "[";
      scanner.pos += array ? 2 : 1;
      const path = scanner.key();
      scanner.spaces();
      scanner.pos += array ? 2 : 1;
      scanner.restOfLine();
      blocks.push({
        header: { path, array },
        start: lineStart,
        contentEnd: scanner.pos,
        entries: [],
      });
    } else {
      const key = scanner.key();
      scanner.spaces();
      scanner.pos++; // "="
      scanner.value();
      scanner.restOfLine();
      const block = blocks.at(-1)!;
      block.entries.push({ key, start: lineStart, end: scanner.pos });
      block.contentEnd = scanner.pos;
    }
  }
  return blocks;
}

/**
 * `text` with the table at `edit.path` rewritten: the header, then `edit.lines`, then the
 * table's own entries that `drops` keeps, verbatim. Sub-tables whose next key `drops` are
 * removed; other sub-tables stay. Comment lines inside the old table body are not kept; those
 * after it are. A missing table is added after the last table sharing its first key, or at the
 * end. Callers re-parse the result: this does not check that the TOML stays valid.
 *
 * @example Usage
 * ```ts
 * import { replaceTable } from "./toml_table.ts";
 * import { equal } from "node:assert/strict";
 *
 * const text = "# keep\n[a.b]\nx = 1 # old\ny = 2\n\n[c]\n";
 * const edit = { path: ["a", "b"], lines: "x = 3\n", drops: (key: string) => key === "x" };
 * equal(replaceTable(text, edit), "# keep\n[a.b]\nx = 3\ny = 2\n\n[c]\n");
 * ```
 */
export function replaceTable(text: string, edit: TableEdit): string {
  const eol = text.includes("\r\n") ? "\r\n" : "\n";
  const blocks = scanToml(text);
  const header = `[${edit.path.map(tomlKey).join(".")}]${eol}`;
  const table = blocks.find((b) =>
    b.header && !b.header.array && samePath(b.header.path, edit.path)
  );
  if (table === undefined) {
    const siblings = blocks.filter((b) => b.header?.path[0] === edit.path[0]);
    const at = siblings.at(-1)?.contentEnd ?? text.length;
    const lead = at === 0 ? "" : (text[at - 1] === "\n" ? "" : eol) + eol;
    return text.slice(0, at) + lead + header + edit.lines + text.slice(at);
  }
  const kept = table.entries.filter((e) => !edit.drops(e.key[0]!));
  const body = kept.map((e) => withEol(text.slice(e.start, e.end), eol)).join("");
  const edits = [{ start: table.start, end: table.contentEnd, insert: header + edit.lines + body }];
  for (const block of blocks) {
    const path = block.header?.path;
    if (
      path && path.length > edit.path.length && samePath(path.slice(0, edit.path.length), edit.path)
    ) {
      if (edit.drops(path[edit.path.length]!)) {
        const blank = /^(?:[ \t]*\r?\n)*/.exec(text.slice(block.contentEnd))![0];
        edits.push({ start: block.start, end: block.contentEnd + blank.length, insert: "" });
      }
    }
  }
  let result = text;
  for (const { start, end, insert } of edits.sort((a, b) => b.start - a.start)) {
    result = result.slice(0, start) + insert + result.slice(end);
  }
  return result;
}

/** A TOML key: bare when it can be, else a basic string. */
export function tomlKey(key: string): string {
  return /^[A-Za-z0-9_-]+$/.test(key) ? key : tomlString(key);
}

/** A TOML basic string. */
export function tomlString(value: string): string {
  let escaped = "";
  for (const c of value) {
    const code = c.charCodeAt(0);
    escaped += ESCAPES[c] ??
      (code < 0x20 || code === 0x7f ? `\\u${code.toString(16).padStart(4, "0")}` : c);
  }
  return `"${escaped}"`;
}

/** A TOML value for a string, an array of strings, or a table of strings (inline). */
export function tomlValue(
  value: string | readonly string[] | Readonly<Record<string, string>>,
): string {
  if (typeof value === "string") return tomlString(value);
  if (Array.isArray(value)) return `[${value.map(tomlString).join(", ")}]`;
  const pairs = Object.entries(value).map(([k, v]) => `${tomlKey(k)} = ${tomlString(v)}`);
  return pairs.length === 0 ? "{}" : `{ ${pairs.join(", ")} }`;
}

const ESCAPES: Record<string, string> = {
  '"': '\\"',
  "\\": "\\\\",
  "\b": "\\b",
  "\t": "\\t",
  "\n": "\\n",
  "\f": "\\f",
  "\r": "\\r",
};

function samePath(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((part, i) => part === b[i]);
}

function withEol(line: string, eol: string): string {
  return line.endsWith("\n") ? line : line + eol;
}

class Scanner {
  pos = 0;

  constructor(readonly text: string) {
    if (text.startsWith("\uFEFF")) this.pos = 1;
  }

  spaces(): void {
    while (this.text[this.pos] === " " || this.text[this.pos] === "\t") this.pos++;
  }

  /** Skips spaces, a comment, and one line break. */
  restOfLine(): void {
    const newline = this.text.indexOf("\n", this.pos);
    this.pos = newline === -1 ? this.text.length : newline + 1;
  }

  /** A dotted key, unquoted. */
  key(): string[] {
    const parts: string[] = [];
    for (;;) {
      this.spaces();
      const start = this.pos;
      const c = this.text[start];
      if (c === '"' || c === "'") {
        this.string();
        const raw = this.text.slice(start, this.pos);
        parts.push(c === "'" ? raw.slice(1, -1) : decodeBasic(raw));
      } else {
        while (/[A-Za-z0-9_-]/.test(this.text[this.pos] ?? "")) this.pos++;
        parts.push(this.text.slice(start, this.pos));
      }
      this.spaces();
      if (this.text[this.pos] !== ".") return parts;
      this.pos++;
    }
  }

  /** Skips one value: a string, an array or inline table (nested), or a scalar to the line's end. */
  value(): void {
    this.spaces();
    const c = this.text[this.pos];
    if (c === '"' || c === "'") return this.string();
    if (c !== "[" && c !== "{") {
      while (this.pos < this.text.length && !"#\n".includes(this.text[this.pos]!)) this.pos++;
      return;
    }
    let depth = 0;
    while (this.pos < this.text.length) {
      const d = this.text[this.pos]!;
      if (d === '"' || d === "'") {
        this.string();
        continue;
      }
      if (d === "#") {
        const newline = this.text.indexOf("\n", this.pos);
        this.pos = newline === -1 ? this.text.length : newline;
        continue;
      }
      this.pos++;
      if (d === "[" || d === "{") depth++;
      if ((d === "]" || d === "}") && --depth === 0) return;
    }
  }

  /** Skips a basic, literal or multi-line string starting at `pos`. */
  string(): void {
    const { text } = this;
    const quote = text[this.pos]!;
    const triple = quote.repeat(3);
    const escapes = quote === '"';
    if (text.startsWith(triple, this.pos)) {
      let i = this.pos + 3;
      while (i < text.length && !text.startsWith(triple, i)) {
        i += escapes && text[i] === "\\" ? 2 : 1;
      }
      i += 3;
      for (let extra = 0; extra < 2 && text[i] === quote; extra++) i++; // `''''` ends in a quote
      this.pos = Math.min(i, text.length);
      return;
    }
    let i = this.pos + 1;
    while (i < text.length && text[i] !== quote && text[i] !== "\n") {
      i += escapes && text[i] === "\\" ? 2 : 1;
    }
    this.pos = i + 1;
  }
}

function decodeBasic(raw: string): string {
  try {
    return JSON.parse(raw.replace(/\\U([0-9A-Fa-f]{8})/g, (_, hex: string) => {
      const code = Number.parseInt(hex, 16);
      return JSON.stringify(String.fromCodePoint(code)).slice(1, -1);
    })) as string;
  } catch {
    return raw.slice(1, -1);
  }
}
