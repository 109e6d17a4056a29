/**
 * Human-readable, stable ids: `mem_<slug of the content>_<suffix>` and
 * `edge_<relation>_<suffix>`. An id is fixed when the memory is created and never changes
 * when the content is edited.
 *
 * @module
 */
import { SLUG_STOPWORDS } from "../text/stopwords.ts";
import { hashBase32 } from "../util/hash.ts";

/** What every memory id looks like: `mem_` and up to 80 lowercase letters, digits and `_`. */
export const MEMORY_ID_PATTERN: RegExp = /^mem_[a-z0-9_]{1,80}$/;

/**
 * True when `value` is a well-formed memory id (whether or not such a memory exists).
 *
 * @example Usage
 * ```ts
 * import { isMemoryId } from "./ids.ts";
 * import { equal } from "node:assert/strict";
 *
 * equal(isMemoryId("mem_chose_postgres_over_mongo_k3f9"), true);
 * equal(isMemoryId("mem_Bad-Id"), false);
 * ```
 */
export function isMemoryId(value: string): boolean {
  return MEMORY_ID_PATTERN.test(value);
}

const SLUG_WORDS = 4;
const SLUG_MAX = 32;

/**
 * The slug part of an id: up to four meaningful ASCII words of the content, joined by `_`.
 *
 * @example Usage
 * ```ts
 * import { slugOf } from "./ids.ts";
 * import { equal } from "node:assert/strict";
 *
 * equal(slugOf("We chose Postgres over Mongo for billing."), "chose_postgres_over_mongo");
 * equal(slugOf("数据库"), "");
 * ```
 */
export function slugOf(content: string): string {
  const head = content.slice(0, 400); // the slug needs only the first few words
  // deno-lint-ignore no-control-regex
  const ascii = /^[\x00-\x7f]*$/.test(head);
  const words = (ascii ? head : head.normalize("NFKD").replace(/[\u0300-\u036f]/g, ""))
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 0 && !SLUG_STOPWORDS.has(word));
  let slug = "";
  for (const word of words.slice(0, SLUG_WORDS)) {
    const next = slug ? `${slug}_${word}` : word;
    if (next.length > SLUG_MAX) break;
    slug = next;
  }
  return slug || words[0]?.slice(0, SLUG_MAX) || "";
}

/**
 * Candidate ids for a new memory, shortest first: the caller takes the first one not in use.
 * `seed` must be unique per write (content, device, clock), so ids are deterministic for a
 * given op yet distinct across writes of the same text.
 */
export function memoryIdCandidates(content: string, type: string, seed: string): string[] {
  const slug = slugOf(content) || type;
  const suffix = hashBase32(seed, 12);
  return [4, 6, 8, 12].map((length) => `mem_${slug}_${suffix.slice(0, length)}`);
}

/** The id of the edge `from —relation→ to`: one edge per triple, on every device. */
export function edgeId(from: string, relation: string, to: string): string {
  return `edge_${relation}_${hashBase32(`${from}\u0000${relation}\u0000${to}`, 10)}`;
}
