/**
 * Naming an op by a prefix of its change id, as `helix log` shows it short: the one op it
 * begins, none, or an `invalid_input` that lists the ops sharing it.
 *
 * @module
 */
import { HelixError } from "../errors.ts";
import { parseHlc } from "../model/hlc.ts";
import { type OpKey, opsWithPrefix } from "../store/queries/history.ts";
import { iso } from "../store/records.ts";
import type { HistoryDeps } from "./deps.ts";

/** Ambiguous candidates listed in the error. */
const MAX_CANDIDATES = 10;

/**
 * The op whose change id starts with `text` (lowercase hex), or null when none does. Throws
 * `invalid_input` when several do, listing up to ten in `details.candidates`.
 */
export function opByPrefix(deps: Pick<HistoryDeps, "store">, text: string): OpKey | null {
  const found = opsWithPrefix(deps.store, text.toLowerCase(), MAX_CANDIDATES + 1);
  if (found.length <= 1) return found[0] ?? null;
  const candidates = found.slice(0, MAX_CANDIDATES).map((op) => ({
    changeId: op.changeId,
    kind: op.kind,
    at: iso(parseHlc(op.hlc).wall),
  }));
  throw new HelixError(
    "invalid_input",
    `Cannot resolve point "${text}": ${
      found.length > MAX_CANDIDATES ? "more than 10" : found.length
    } ops have change ids starting with it (${
      candidates.map((c) => `${c.changeId.slice(0, 12)} ${c.kind}`).join(", ")
    }); give more characters`,
    { details: { candidates } },
  );
}
