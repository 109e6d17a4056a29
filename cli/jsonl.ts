/**
 * The JSONL format of `helix import` and `helix export --jsonl`: one JSON object per line.
 * A memory line carries the fields of the `memory_write` tool in snake_case (`content`,
 * `type`, `scope`, `source`, `event_at`, `importance`, `tags`) plus, as export writes them,
 * `id`, `status`, `confidence`, `valid_from`, `valid_to`, `recorded_at`, `event_end`,
 * `event_phrase` and `attributes` (import reads them all back, so a round trip keeps them). An edge line is `{"edge": {"from", "to", "relation",
 * "weight"}}`. Blank lines are skipped. The engine validates values; this module maps names
 * and reports the line of anything it cannot read.
 *
 * @module
 */
import { type ExportRecord, HelixError, type ImportRecord } from "@helix/core";

/** snake_case line field → engine field, for memory lines. */
const MEMORY_FIELDS = {
  id: "id",
  content: "content",
  type: "type",
  scope: "scope",
  status: "status",
  importance: "importance",
  confidence: "confidence",
  tags: "tags",
  attributes: "attributes",
  source: "source",
  event_at: "eventAt",
  event_end: "eventEnd",
  event_phrase: "eventPhrase",
  valid_from: "validFrom",
  valid_to: "validTo",
  recorded_at: "recordedAt",
  supersedes: "supersedes",
} as const;

const EDGE_FIELDS = new Set(["from", "to", "relation", "weight", "id"]);

const LINE_NAMES: ReadonlyMap<string, string> = new Map(
  Object.entries(MEMORY_FIELDS).map(([line, field]) => [field, line]),
);

/** How a line names engine field `field` (`validFrom` → `valid_from`). */
export function jsonlName(field: string): string {
  return LINE_NAMES.get(field) ?? field;
}

/** Parsed records and the line each came from (1-based). */
export interface ParsedLines {
  readonly records: ImportRecord[];
  readonly lines: number[];
}

/**
 * Parses JSONL text into import records; throws `invalid_input` naming the line for a line
 * that is not JSON, not an object, or has a field no memory or edge has.
 *
 * @example Usage
 * ```ts
 * import { parseJsonl } from "./jsonl.ts";
 * import { deepEqual } from "node:assert/strict";
 *
 * const { records, lines } = parseJsonl('{"content":"Use pnpm","event_at":"2026-04-01"}\n\n{"edge":{"from":"mem_a","to":"mem_b","relation":"uses"}}\n');
 * deepEqual(records, [
 *   { kind: "memory", content: "Use pnpm", eventAt: "2026-04-01" },
 *   { kind: "edge", from: "mem_a", to: "mem_b", relation: "uses" },
 * ]);
 * deepEqual(lines, [1, 3]);
 * ```
 */
export function parseJsonl(text: string): ParsedLines {
  const records: ImportRecord[] = [];
  const lines: number[] = [];
  const rows = text.split(/\r?\n/);
  for (const [index, raw] of rows.entries()) {
    const line = index + 1;
    if (raw.trim() === "") continue;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch (error) {
      throw lineError(line, `not JSON (${(error as Error).message})`);
    }
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      throw lineError(line, "expected a JSON object");
    }
    const broken = loneSurrogate(value, "");
    if (broken) {
      const unit = `\\u${broken.unit.toString(16).padStart(4, "0")}`;
      throw lineError(line, `"${broken.path}" holds a lone surrogate (${unit}): not Unicode text`);
    }
    records.push(toRecord(value as Record<string, unknown>, line));
    lines.push(line);
  }
  return { records, lines };
}

function toRecord(object: Record<string, unknown>, line: number): ImportRecord {
  if ("edge" in object) {
    const extra = Object.keys(object).filter((key) => key !== "edge");
    if (extra.length) throw lineError(line, `unexpected field "${extra[0]}" beside "edge"`);
    const edge = object.edge;
    if (typeof edge !== "object" || edge === null || Array.isArray(edge)) {
      throw lineError(line, '"edge" must be an object {from, to, relation, weight}');
    }
    const unknown = Object.keys(edge).find((key) => !EDGE_FIELDS.has(key));
    if (unknown) throw lineError(line, `unknown edge field "${unknown}"`);
    const { id: _id, ...fields } = edge as Record<string, unknown>;
    return { kind: "edge", ...fields } as ImportRecord;
  }
  const record: Record<string, unknown> = { kind: "memory" };
  for (const [key, value] of Object.entries(object)) {
    const field = MEMORY_FIELDS[key as keyof typeof MEMORY_FIELDS];
    if (!field) {
      throw lineError(
        line,
        `unknown field "${key}" (memory fields: ${Object.keys(MEMORY_FIELDS).join(", ")})`,
      );
    }
    if (TIME_FIELDS.has(key) && value !== null && typeof value !== "string") {
      throw lineError(
        line,
        `"${key}" must be an ISO 8601 date or time in quotes, e.g. "2026-04-01" (got ${typeof value})`,
      );
    }
    if (value !== null) record[field] = value;
  }
  if (!("content" in record)) throw lineError(line, 'a memory line needs "content"');
  return record as unknown as ImportRecord; // checked field by field by the engine
}

/** The first bytes of every `.dna` file (PNG-style: high bit, name, line endings, EOF). */
const DNA_MAGIC = [0x89, 0x48, 0x44, 0x4e, 0x41, 0x0d, 0x0a, 0x1a];

/**
 * `bytes` as JSONL text, or a typed refusal of what cannot be JSONL: a `.dna` whose header is
 * damaged (most of its magic bytes are there) is a corrupt `.dna` (`corrupt`), other binary
 * data or text that is not UTF-8 is not JSONL (`corrupt` too: the data is wrong, not the
 * command), and an empty file named `.dna` is a `.dna` that did not arrive (`corrupt`, where an
 * empty `.jsonl` is no lines). `name` is how the messages name the file.
 *
 * @example Usage
 * ```ts
 * import { jsonlText } from "./jsonl.ts";
 * import { equal, throws } from "node:assert/strict";
 *
 * equal(jsonlText(new TextEncoder().encode('{"content":"x"}\n'), "a.jsonl"), '{"content":"x"}\n');
 * throws(() => jsonlText(Uint8Array.of(0x89, 0x48, 0x44, 0x4e, 0x42, 0x0d, 0x0a, 0x1a, 1), "x.dna"), /damaged \.dna header/);
 * ```
 */
export function jsonlText(bytes: Uint8Array, name: string): string {
  const head = bytes.subarray(0, 8);
  const magic = DNA_MAGIC.filter((b, i) => head[i] === b).length;
  if (magic >= 5) {
    throw new HelixError(
      "corrupt",
      `Cannot import ${name}: it is a .dna file with a damaged .dna header (${magic} of its 8 magic bytes are right); the file is corrupt`,
    );
  }
  // A name that says .dna tells what the user expected: an empty or binary file is a .dna
  // that did not arrive whole, not JSONL (content still decides: JSONL named .dna is read).
  const named = /\.dna$/i.test(name);
  if (named && bytes.every((b) => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09)) {
    throw new HelixError(
      "corrupt",
      `Cannot import ${name}: the file is empty, so not a .dna file (was it copied whole?)`,
    );
  }
  if (bytes.subarray(0, 4096).includes(0)) {
    throw new HelixError(
      "corrupt",
      named
        ? `Cannot import ${name}: it has no .dna header (not a .dna file) and is binary data, not JSONL text`
        : `Cannot import ${name}: it is binary data, not JSONL text`,
    );
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new HelixError("corrupt", `Cannot import ${name}: it is not UTF-8 text, so not JSONL`);
  }
}

/** Fields that hold a time: an ISO 8601 string in JSONL (a number could be seconds or ms). */
const TIME_FIELDS = new Set(["event_at", "event_end", "valid_from", "valid_to", "recorded_at"]);
/** A UTF-16 surrogate without its pair: JSON can spell one (`\ud800`), Unicode text cannot. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The first string anywhere in `value` that holds a lone surrogate: its field path and the unit. */
function loneSurrogate(value: unknown, path: string): { path: string; unit: number } | null {
  if (typeof value === "string") {
    const found = LONE_SURROGATE.exec(value);
    return found ? { path, unit: found[0].charCodeAt(0) } : null;
  }
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = loneSurrogate(item, `${path}[${i}]`);
      if (found) return found;
    }
  } else if (typeof value === "object" && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      const found = loneSurrogate(item, path ? `${path}.${key}` : key);
      if (found) return found;
    }
  }
  return null;
}

function lineError(line: number, reason: string): HelixError {
  return new HelixError("invalid_input", `Cannot import line ${line}: ${reason}`, {
    details: { line },
  });
}

/**
 * One exported record as a JSONL line (no newline): snake_case fields, empty ones left out.
 *
 * @example Usage
 * ```ts
 * import { toJsonlLine } from "./jsonl.ts";
 * import { equal } from "node:assert/strict";
 *
 * equal(
 *   toJsonlLine({ kind: "edge", id: "edg_1", from: "mem_a", to: "mem_b", relation: "uses", weight: 1 }),
 *   '{"edge":{"from":"mem_a","to":"mem_b","relation":"uses","weight":1}}',
 * );
 * ```
 */
export function toJsonlLine(record: ExportRecord): string {
  if (record.kind === "edge") {
    const { from, to, relation, weight } = record;
    return JSON.stringify({ edge: { from, to, relation, weight } });
  }
  const out: Record<string, unknown> = {};
  const names: [string, string][] = Object.entries(MEMORY_FIELDS);
  const fields = record as unknown as Record<string, unknown>;
  for (const [line, field] of names) {
    const value = fields[field];
    if (value === null || value === undefined) continue;
    if (Array.isArray(value) && value.length === 0) continue;
    if (typeof value === "object" && !Array.isArray(value) && Object.keys(value).length === 0) {
      continue;
    }
    out[line] = field === "source" ? compact(value as Record<string, unknown>) : value;
  }
  return JSON.stringify(out);
}

function compact(object: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(object).filter(([, v]) => v !== null && v !== undefined),
  );
}
