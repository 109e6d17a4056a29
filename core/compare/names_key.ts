/**
 * A word as a name key, so that paraphrased names of one thing meet: the parts of kebab,
 * snake and camel case (`orders-svc`, `orders_service`, `ordersService`), short forms read in
 * full (`svc` → service, `tf` → terraform, `pg` → postgresql: a small table of the domain's
 * common abbreviations, besides the lexicon's synonyms), plurals and verb endings off
 * (`lambdas` / `Lambda functions` share `lambda`), function words dropped. Unlike subject terms
 * (`terms.ts`), soft words stay: "rate limiting" is a name.
 *
 * @module
 */
import type { Statement } from "./claims.ts";
import { stem, synonym } from "./terms.ts";
import { STOPWORDS } from "../text/stopwords.ts";

/**
 * Short forms of the domain, read as what they stand for, that the lexicon's synonyms do not
 * already spell out (`db`, `svc`, `auth`, `docs`, `stg`, `cfg` and `img` are read there; `k8s`
 * is here too, as a word with a digit skips the synonyms).
 */
export const SHORT: ReadonlyMap<string, string> = new Map([
  ["tf", "terraform"],
  ["pg", "postgresql"],
  ["postgres", "postgresql"],
  ["gh", "github"],
  ["js", "javascript"],
  ["ts", "typescript"],
  ["py", "python"],
  ["authn", "authentication"],
  ["perms", "permissions"],
  ["deps", "dependencies"],
  ["doc", "documentation"],
  ["conf", "configuration"],
  ["msg", "message"],
  ["msgs", "messages"],
  ["fn", "function"],
  ["func", "function"],
  ["funcs", "functions"],
  ["svcs", "services"],
  ["srv", "server"],
  ["dbs", "databases"],
  ["k8s", "kubernetes"],
  ["deployment", "deploy"],
  ["deployments", "deploy"],
]);

const KEYS = new Map<string, string[]>();

/**
 * A statement with its subject words' short forms read in full (`tf state` → terraform state),
 * so the comparison of subjects meets a paraphrase; the same statement when it has none.
 *
 * @example Usage
 * ```ts
 * import { readStatement } from "./claims.ts";
 * import { withShortForms } from "./names_key.ts";
 * import { equal } from "node:assert/strict";
 *
 * equal(withShortForms(readStatement("tf state is in S3")).words.has("terraform"), true);
 * ```
 */
export function withShortForms(s: Statement): Statement {
  if (!s.terms.some((t) => SHORT.has(t.term)) && ![...s.words].some((w) => SHORT.has(w))) return s;
  const full = (w: string) => SHORT.has(w) ? nameKeys(w) : [w];
  return {
    ...s,
    terms: s.terms.flatMap((t) => full(t.term).map((term) => ({ ...t, term }))),
    words: new Set([...s.words].flatMap(full)),
  };
}

/**
 * The name keys of one word as written.
 *
 * @example Usage
 * ```ts
 * import { nameKeys } from "./names_key.ts";
 * import { deepEqual } from "node:assert/strict";
 *
 * deepEqual(nameKeys("orders-svc"), nameKeys("ordersService"));
 * deepEqual(nameKeys("tf"), nameKeys("Terraform"));
 * ```
 */
export function nameKeys(word: string): string[] {
  const hit = KEYS.get(word);
  if (hit) return hit;
  const parts = word.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase().split(/[\s_-]+/)
    .map((w) => w.replace(/^[._/]+|[._/]+$/g, "")).filter((w) => w.length > 0);
  const found = [
    ...new Set(
      parts.flatMap((w) => (SHORT.get(w) ?? w).split(" ")).filter((w) => !STOPWORDS.has(w))
        .map((w) => /^[\p{L}]+$/u.test(w) ? stem(synonym(w)) : w),
    ),
  ];
  if (KEYS.size >= 20_000) KEYS.clear();
  KEYS.set(word, found);
  return found;
}
