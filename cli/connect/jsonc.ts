/**
 * JSON (optionally with comments and trailing commas, "JSONC") read with every value's offsets,
 * and edited by splicing one member into the text, so comments, key order and formatting
 * everywhere else survive byte for byte. Just enough for MCP client config files; one cohesive
 * algorithm, so it stays in one file.
 *
 * @module
 */

/** A parsed value and where it sits in the text (`end` is exclusive). */
export type JsonNode = ObjectNode | ArrayNode | ScalarNode;

/** An object and its members, in text order (a repeated key keeps every occurrence). */
export interface ObjectNode {
  readonly kind: "object";
  readonly start: number;
  readonly end: number;
  readonly members: readonly Member[];
}

/** One `"key": value` of an object. */
export interface Member {
  readonly key: string;
  readonly keyStart: number;
  readonly value: JsonNode;
}

/** An array and its items. */
export interface ArrayNode {
  readonly kind: "array";
  readonly start: number;
  readonly end: number;
  readonly items: readonly JsonNode[];
}

/** A string, number, boolean or null. */
export interface ScalarNode {
  readonly kind: "scalar";
  readonly start: number;
  readonly end: number;
}

/** Options for {@linkcode parseJsonc}. */
export interface JsoncOptions {
  /** Accept `//` and `/* *\/` comments and trailing commas. @default {false} */
  comments?: boolean;
}

/** The result of {@linkcode parseJsonc}; both are undefined for an empty (or blank) text. */
export interface ParsedJsonc {
  readonly value: unknown;
  readonly root: JsonNode | undefined;
}

/** A syntax error with its 1-based line and column. */
export class JsoncSyntaxError extends SyntaxError {
  override name = "JsoncSyntaxError";
  /** 1-based line of the offending character. */
  readonly line: number;
  /** 1-based column of the offending character. */
  readonly column: number;

  /** Creates the error for `reason` at `offset` of `text`. */
  constructor(reason: string, text: string, offset: number) {
    const { line, column } = lineAndColumn(text, offset);
    super(`${reason} at line ${line}, column ${column}`);
    this.line = line;
    this.column = column;
  }
}

/**
 * Parses `text` as JSON, or as JSONC with `comments: true`. Values are built as JSON.parse
 * builds them (a repeated key keeps its last value). Throws {@linkcode JsoncSyntaxError}.
 *
 * @example Usage
 * ```ts
 * import { parseJsonc } from "./jsonc.ts";
 * import { deepEqual, throws } from "node:assert/strict";
 *
 * deepEqual(parseJsonc('{"a": [1, 2,], // note\n}', { comments: true }).value, { a: [1, 2] });
 * throws(() => parseJsonc('{"a": 1} // note'), /comments are not allowed at line 1, column 10/);
 * ```
 */
export function parseJsonc(text: string, options: JsoncOptions = {}): ParsedJsonc {
  const parser = new Parser(text, options.comments ?? false);
  parser.skip();
  if (parser.pos >= text.length) return { value: undefined, root: undefined };
  const [root, value] = parser.value();
  parser.skip();
  if (parser.pos < text.length) parser.fail("unexpected content after the JSON value");
  return { value, root };
}

/**
 * `text` with the member at `path` (object keys from the root) set to `value`. An existing
 * member's value is replaced in place; a missing one is appended to the innermost object that
 * exists, with the missing objects around it. Only that span of the text changes; the new value
 * is indented like its neighbours. A blank text becomes a new document. Throws a `TypeError`
 * when the root or an object on the path is not an object.
 *
 * @example Usage
 * ```ts
 * import { parseJsonc, setMember } from "./jsonc.ts";
 * import { equal } from "node:assert/strict";
 *
 * const text = '{\n  // mine\n  "theme": "dark"\n}\n';
 * const after = setMember(text, parseJsonc(text, { comments: true }).root, ["servers", "x"], 1);
 * equal(after, '{\n  // mine\n  "theme": "dark",\n  "servers": {\n    "x": 1\n  }\n}\n');
 * ```
 */
export function setMember(
  text: string,
  root: JsonNode | undefined,
  path: readonly string[],
  value: unknown,
): string {
  const eol = text.includes("\r\n") ? "\r\n" : "\n";
  if (root === undefined) {
    return text.replace(/\s*$/, "") + render(nest(path, value), "", "  ", eol) + eol;
  }
  const style: Style = { eol, unit: indentUnit(text, root) };
  let node: JsonNode = root;
  for (let i = 0; i < path.length; i++) {
    if (node.kind !== "object") {
      throw new TypeError(
        `Cannot set ${path.join(".")}: ${
          path.slice(0, i).join(".") || "the root"
        } is not an object`,
      );
    }
    const key = path[i]!;
    const member = node.members.findLast((m) => m.key === key);
    if (member === undefined) {
      return insertMember(text, node, key, nest(path.slice(i + 1), value), style);
    }
    if (i === path.length - 1) {
      const indent = lineIndent(text, member.keyStart);
      return text.slice(0, member.value.start) + render(value, indent, style.unit, eol) +
        text.slice(member.value.end);
    }
    node = member.value;
  }
  throw new TypeError("Cannot set a member: the path is empty");
}

/** 1-based line and column of `offset` in `text`. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split("\n").length;
  return { line, column: offset - (before.lastIndexOf("\n") + 1) + 1 };
}

interface Style {
  readonly eol: string;
  readonly unit: string;
}

function insertMember(
  text: string,
  object: ObjectNode,
  key: string,
  value: unknown,
  { eol, unit }: Style,
): string {
  const last = object.members.at(-1);
  if (last === undefined) {
    const outer = lineIndent(text, object.start);
    const inner = outer + unit;
    const member = `${JSON.stringify(key)}: ${render(value, inner, unit, eol)}`;
    const interior = text.slice(object.start + 1, object.end - 1);
    if (/^[ \t]*$/.test(interior)) {
      return text.slice(0, object.start + 1) + eol + inner + member + eol + outer +
        text.slice(object.end - 1);
    }
    return text.slice(0, object.start + 1) + eol + inner + member + text.slice(object.start + 1);
  }
  if (!hasNewline(text, object.start, last.keyStart)) {
    // A one-line object stays on one line.
    const member = `${JSON.stringify(key)}: ${JSON.stringify(value)}`;
    const { at, comma } = afterValue(text, last.value.end);
    return comma
      ? text.slice(0, at) + ` ${member},` + text.slice(at)
      : text.slice(0, last.value.end) + `, ${member}` + text.slice(last.value.end);
  }
  const indent = lineIndent(text, last.keyStart);
  const member = `${JSON.stringify(key)}: ${render(value, indent, unit, eol)}`;
  const { at, comma } = afterValue(text, last.value.end);
  return text.slice(0, last.value.end) + (comma ? "" : ",") + text.slice(last.value.end, at) +
    eol + indent + member + (comma ? "," : "") + text.slice(at);
}

/**
 * Where to insert after a member's value that ends at `end`: past a comma and comments on the
 * same line, before the line break (so a trailing comment stays with its member).
 */
function afterValue(text: string, end: number): { at: number; comma: boolean } {
  let at = end;
  let comma = false;
  for (;;) {
    while (text[at] === " " || text[at] === "\t") at++;
    if (!comma && text[at] === ",") {
      comma = true;
      at++;
    } else if (text.startsWith("//", at)) {
      const newline = text.indexOf("\n", at);
      at = newline === -1 ? text.length : newline;
      if (text[at - 1] === "\r") at--;
      return { at, comma };
    } else if (text.startsWith("/*", at)) {
      const close = text.indexOf("*/", at + 2);
      if (close === -1 || hasNewline(text, at, close)) return { at, comma };
      at = close + 2;
    } else {
      return { at, comma };
    }
  }
}

function render(value: unknown, indent: string, unit: string, eol: string): string {
  return JSON.stringify(value, null, unit).split("\n").join(eol + indent);
}

function nest(path: readonly string[], value: unknown): unknown {
  return path.reduceRight<unknown>((inner, key) => Object.fromEntries([[key, inner]]), value);
}

/** The whitespace that starts the line holding `offset`. */
function lineIndent(text: string, offset: number): string {
  const start = text.lastIndexOf("\n", offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(start))![0];
}

function hasNewline(text: string, from: number, to: number): boolean {
  const newline = text.indexOf("\n", from);
  return newline !== -1 && newline < to;
}

/** The file's indentation step: how far the root's first member sits in from the root. */
function indentUnit(text: string, root: JsonNode): string {
  const first = root.kind === "object" ? root.members[0] : undefined;
  if (first === undefined || !hasNewline(text, root.start, first.keyStart)) return "  ";
  const indent = lineIndent(text, first.keyStart);
  const outer = lineIndent(text, root.start);
  return indent.startsWith(outer) && indent.length > outer.length
    ? indent.slice(outer.length)
    : "  ";
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

class Parser {
  pos: number;

  constructor(readonly text: string, readonly comments: boolean) {
    this.pos = text.startsWith("\uFEFF") ? 1 : 0;
  }

  fail(reason: string, at = this.pos): never {
    throw new JsoncSyntaxError(reason, this.text, at);
  }

  /** Skips whitespace and, in JSONC, comments. */
  skip(): void {
    const { text } = this;
    for (;;) {
      const c = text[this.pos];
      if (c === " " || c === "\t" || c === "\n" || c === "\r") {
        this.pos++;
      } else if (c === "/" && (text[this.pos + 1] === "/" || text[this.pos + 1] === "*")) {
        if (!this.comments) this.fail("comments are not allowed");
        if (text[this.pos + 1] === "/") {
          const newline = text.indexOf("\n", this.pos);
          this.pos = newline === -1 ? text.length : newline;
        } else {
          const close = text.indexOf("*/", this.pos + 2);
          if (close === -1) this.fail("unterminated comment");
          this.pos = close + 2;
        }
      } else {
        return;
      }
    }
  }

  value(): [JsonNode, unknown] {
    this.skip();
    const { text } = this;
    const start = this.pos;
    const c = text[start];
    if (c === "{") return this.object();
    if (c === "[") return this.array();
    if (c === '"') return [{ kind: "scalar", start, end: this.string() }, this.stringValue(start)];
    for (const [word, literal] of [["true", true], ["false", false], ["null", null]] as const) {
      if (text.startsWith(word, start)) {
        this.pos += word.length;
        return [{ kind: "scalar", start, end: this.pos }, literal];
      }
    }
    NUMBER.lastIndex = start;
    const number = NUMBER.exec(text);
    if (number !== null) {
      this.pos += number[0].length;
      return [{ kind: "scalar", start, end: this.pos }, Number(number[0])];
    }
    if (c === undefined) this.fail("unexpected end of file");
    return this.fail(`unexpected character ${JSON.stringify(c)}`);
  }

  object(): [ObjectNode, unknown] {
    const start = this.pos++;
    const members: Member[] = [];
    const entries: [string, unknown][] = [];
    this.skip();
    if (this.text[this.pos] !== "}") {
      for (;;) {
        this.skip();
        if (this.pos >= this.text.length) this.fail("unexpected end of file");
        if (this.text[this.pos] !== '"') this.fail("expected a property name in double quotes");
        const keyStart = this.pos;
        this.string();
        const key = this.stringValue(keyStart);
        this.skip();
        if (this.text[this.pos] !== ":") this.fail("expected ':' after a property name");
        this.pos++;
        const [value, built] = this.value();
        members.push({ key, keyStart, value });
        entries.push([key, built]);
        if (this.separator("}")) break;
      }
    }
    this.pos++;
    return [{ kind: "object", start, end: this.pos, members }, Object.fromEntries(entries)];
  }

  array(): [ArrayNode, unknown] {
    const start = this.pos++;
    const items: JsonNode[] = [];
    const values: unknown[] = [];
    this.skip();
    if (this.text[this.pos] !== "]") {
      for (;;) {
        const [item, built] = this.value();
        items.push(item);
        values.push(built);
        if (this.separator("]")) break;
      }
    }
    this.pos++;
    return [{ kind: "array", start, end: this.pos, items }, values];
  }

  /** After an item: true at the closing bracket (left unconsumed), false after a comma. */
  separator(close: "}" | "]"): boolean {
    this.skip();
    const c = this.text[this.pos];
    if (c === close) return true;
    if (c === undefined) this.fail("unexpected end of file");
    if (c !== ",") this.fail(`expected ',' or '${close}'`);
    const comma = this.pos++;
    this.skip();
    if (this.text[this.pos] !== close) return false;
    if (!this.comments) this.fail("trailing commas are not allowed", comma);
    return true;
  }

  /** Consumes a string token; returns its end. */
  string(): number {
    const { text } = this;
    let i = this.pos + 1;
    for (;;) {
      const c = text.charCodeAt(i);
      if (Number.isNaN(c)) this.fail("unterminated string");
      if (c === 0x22) break;
      if (c < 0x20) this.fail("control character in a string", i);
      i += c === 0x5c ? 2 : 1;
    }
    this.pos = i + 1;
    return this.pos;
  }

  stringValue(start: number): string {
    try {
      return JSON.parse(this.text.slice(start, this.pos)) as string;
    } catch {
      return this.fail("invalid escape in a string", start);
    }
  }
}
