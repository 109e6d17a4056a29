/**
 * The names an entity memory goes by, read off how such memories are written: "Priya Raman:
 * staff engineer…", "auth-svc: the identity provider…", "billing-worker is a second process…",
 * "Metabase (metabase.internal…) hosts…". A person's first name counts too ("ask Lena"), and
 * a vendor's or tool's name without the generic noun after it ("Stripe account" → Stripe).
 * And whether a text mentions a name: as whole words, in any case for a name with digits or
 * punctuation (`auth-svc`), with its capital for a plain capitalised one (`Lena`, not `lena`).
 *
 * @module
 */
import { COMMON_WORDS } from "./entity_words.ts";

/** Longest name taken from the head of an entity memory. */
const MAX_NAME_WORDS = 4;
const MAX_NAME_LENGTH = 48;

/** Nouns that follow a name without being part of it ("Stripe account", "ledger package"). */
const GENERIC_NOUNS = new Set(
  ("account accounts service services app apps package library repo repository team project " +
    "tool api cluster database db server worker bot cli sdk plugin module").split(" "),
);

const HEAD = /^(.+?)(?::\s|\s+\(|\s+(?:is|are|was|runs|holds|hosts|owns)\s)/u;

/**
 * The names of an entity memory, longest first; none when its head does not read as a name.
 *
 * @example Usage
 * ```ts
 * import { entityNames } from "./entity_names.ts";
 * import { deepEqual } from "node:assert/strict";
 *
 * deepEqual(entityNames("Priya Raman: staff engineer in Berlin."), ["Priya Raman", "Priya"]);
 * deepEqual(entityNames("auth-svc: the identity provider."), ["auth-svc"]);
 * deepEqual(entityNames("Stripe account: test mode backs staging."), ["Stripe account", "Stripe"]);
 * deepEqual(entityNames("The ledger package (src/ledger/) is double-entry."), [
 *   "ledger package",
 *   "ledger",
 * ]);
 * deepEqual(entityNames("We moved to Postgres last week."), []);
 * ```
 */
export function entityNames(content: string): string[] {
  const head = content.trim().match(HEAD)?.[1]?.trim().replace(/^(?:the|our)\s+/i, "");
  if (!head || head.length > MAX_NAME_LENGTH) return [];
  const words = head.split(/\s+/);
  if (words.length > MAX_NAME_WORDS || words.every((w) => COMMON_WORDS.has(w.toLowerCase()))) {
    return [];
  }
  // A sentence, not a name: a lowercase word that is neither an identifier nor a generic noun.
  const namelike = (w: string) =>
    /^[\p{Lu}\p{N}]/u.test(w) || /[\p{N}._/-]/u.test(w) || GENERIC_NOUNS.has(w.toLowerCase());
  const [first, ...rest] = words;
  // "ledger package": a lowercase word before a generic noun names a part of the system.
  const part = words.length === 2 && GENERIC_NOUNS.has(rest[0]!.toLowerCase()) &&
    /^\p{Ll}{4,}$/u.test(first!) && !COMMON_WORDS.has(first!);
  if (words.length > 1 && !part && !words.every(namelike)) return [];
  const names = [head];
  if (part) names.push(first!);
  if (rest.length && /^\p{Lu}\p{Ll}+$/u.test(first!) && !COMMON_WORDS.has(first!.toLowerCase())) {
    // A person's first name ("Priya Raman" → Priya), a vendor without its noun ("Stripe account").
    const person = rest.every((w) => /^\p{Lu}\p{Ll}/u.test(w));
    const vendor = rest.every((w) => GENERIC_NOUNS.has(w.toLowerCase()));
    if (person || vendor) names.push(first!);
  }
  return names.filter((n) => n.length >= 3);
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Whether `text` mentions `name` as whole words (see the module doc for case).
 *
 * @example Usage
 * ```ts
 * import { mentionsName } from "./entity_names.ts";
 * import { equal } from "node:assert/strict";
 *
 * equal(mentionsName("proxies /api/auth to auth-svc.", "auth-svc"), true);
 * equal(mentionsName("auth-svc-v2 is new", "auth-svc"), false);
 * equal(mentionsName("Ask Lena to review", "Lena"), true);
 * equal(mentionsName("a lena lens", "Lena"), false);
 * ```
 */
export function mentionsName(text: string, name: string): boolean {
  // Most names are not in most texts: a plain search first, the pattern only when it is.
  if (!text.toLowerCase().includes(name.toLowerCase().split(/\s/)[0]!)) return false;
  const plain = /^\p{Lu}[\p{L}\s]*$/u.test(name);
  const pattern = new RegExp(
    `(?<![\\p{L}\\p{N}_-])${
      escape(name).replace(/\s+/g, "\\s+")
    }(?![\\p{L}\\p{N}_]|-[\\p{L}\\p{N}])`,
    plain ? "u" : "iu",
  );
  return pattern.test(text);
}
