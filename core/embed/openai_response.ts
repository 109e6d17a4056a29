/**
 * Reading an OpenAI-compatible `/embeddings` response by hand (no schema library): one
 * embedding of finite numbers per input, re-ordered by `index`.
 *
 * @module
 */

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Checks a parsed `/embeddings` response for `count` inputs and returns the embeddings in
 * input order, or a reason why the response is unusable.
 *
 * @example Usage
 * ```ts
 * import { parseEmbeddings } from "./openai_response.ts";
 * import { deepEqual, equal } from "node:assert/strict";
 *
 * const body = { data: [{ index: 1, embedding: [0, 1] }, { index: 0, embedding: [1, 0] }] };
 * deepEqual(parseEmbeddings(body, 2), [[1, 0], [0, 1]]);
 * equal(parseEmbeddings({ data: [] }, 1), "response has 0 embeddings for 1 inputs");
 * ```
 */
export function parseEmbeddings(body: unknown, count: number): number[][] | string {
  if (!isRecord(body) || !Array.isArray(body.data)) return "response has no data array";
  const { data } = body;
  if (data.length !== count) return `response has ${data.length} embeddings for ${count} inputs`;
  const ordered: (number[] | undefined)[] = new Array(count);
  for (const [position, item] of data.entries()) {
    if (!isRecord(item)) return `data[${position}] is not an object`;
    const index = item.index ?? position;
    if (typeof index !== "number" || !Number.isInteger(index) || index < 0 || index >= count) {
      return `data[${position}].index is not an input position`;
    }
    if (ordered[index] !== undefined) return `data[${position}].index ${index} is repeated`;
    const { embedding } = item;
    if (
      !Array.isArray(embedding) ||
      !embedding.every((value) => typeof value === "number" && Number.isFinite(value))
    ) {
      return `data[${position}].embedding is not an array of numbers`;
    }
    ordered[index] = embedding as number[];
  }
  return ordered as number[][];
}
