/**
 * Other things of one kind named the Romance way, the modifier after its head: "la base de
 * datos de pagos" / "la base de datos de analítica", "le cache des sessions" / "le cache du
 * catalogue", "a fila de e-mails" / "a fila de pedidos". Both statements say one head, each
 * follows it with `de`/`di`/`du`/`des`/`do`/`da`/`del`/`della`/`van` (an article may follow)
 * and a word of its own: two subjects, as "the payments database" / "the analytics database"
 * are in `modifiers.ts`. A head followed by the same word on both sides ("base de datos") is
 * one thing.
 *
 * @module
 */
import type { Statement } from "./claims.ts";
import { termsOf } from "./terms.ts";
import { tokenize } from "./tokens.ts";

/** Prepositions that join a head to its modifier ("de", "di", "du", "des", "do", "van" …). */
const OF = new Set(
  "de di du des do da dos das del della dello delle dei degli dal dalla van".split(" "),
);
/** Articles between the preposition and the modifier ("de la", "van het"). */
const ARTICLES = new Set("la le les el los las l' het de der".split(" "));

/** Each head word, the modifiers said after it with a preposition ("dato" → {"pago"}). */
function postModified(text: string): Map<string, Set<string>> {
  const tokens = tokenize(text);
  const out = new Map<string, Set<string>>();
  for (let i = 0; i + 2 < tokens.length; i++) {
    const head = termsOf(tokens[i]!.lower);
    if (tokens[i]!.kind !== "word" || head.length !== 1 || !OF.has(tokens[i + 1]!.lower)) {
      continue;
    }
    let k = i + 2;
    if (ARTICLES.has(tokens[k]!.lower) && tokens[k + 1]?.kind === "word") k++;
    const mod = tokens[k]!.kind === "word" ? termsOf(tokens[k]!.lower) : [];
    if (mod.length !== 1) continue;
    const set = out.get(head[0]!) ?? new Set<string>();
    set.add(mod[0]!);
    out.set(head[0]!, set);
  }
  return out;
}

/**
 * Whether the two statements name one head with a modifier after it that only each says.
 *
 * @example Usage
 * ```ts
 * import { readStatement } from "./claims.ts";
 * import { postModifiersApart } from "./post_modifiers.ts";
 * import { equal } from "node:assert/strict";
 *
 * const stored = readStatement("La base de datos de pagos es MySQL.");
 * equal(postModifiersApart(readStatement("La base de datos de analítica es ClickHouse."), stored), true);
 * equal(postModifiersApart(readStatement("La base de datos es PostgreSQL."), stored), false);
 * ```
 */
export function postModifiersApart(a: Statement, b: Statement): boolean {
  const [x, y] = [postModified(a.text), postModified(b.text)];
  for (const [head, mine] of x) {
    const theirs = y.get(head);
    if (!theirs) continue;
    const onlyMine = [...mine].filter((m) => !theirs.has(m) && !b.words.has(m));
    const onlyTheirs = [...theirs].filter((m) => !mine.has(m) && !a.words.has(m));
    if (onlyMine.length > 0 && onlyTheirs.length > 0) return true;
  }
  return false;
}
