/**
 * The stored statement already sets the new value against the old one: "prefers tabs over
 * spaces", "Vitest rather than Jest", "squash merges instead of rebases", "Yarn, not npm". A
 * statement read as the change "from spaces to tabs" then says what the stored one says: the
 * old value was never held, only turned down. The contrast words are a closed class
 * (`over`, `rather than`, `instead of`, `not`, `versus`, `vs`, `than`), whatever the values.
 *
 * @module
 */
import type { Statement } from "./claims.ts";

/** What a change reading found: the old value and the new one, as written. */
interface Found {
  readonly from: string;
  readonly to: string | null;
}

/** Words that set a turned-down alternative after a chosen one. */
const CONTRAST = String
  .raw`(?:over|rather\s+than|instead\s+of|not|versus|vs\.?|than|in\s+place\s+of)`;

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Whether `stored` says `chosen`, then a contrast word, then `turned`. */
function contrasted(stored: Statement, chosen: string, turned: string): boolean {
  const pattern = new RegExp(
    String.raw`(?:^|[^\p{L}\p{N}])${escape(chosen)}[^.;]*?\b${CONTRAST}\s+(?:the\s+|a\s+)?${
      escape(turned)
    }(?![\p{L}\p{N}])`,
    "iu",
  );
  return pattern.test(stored.text);
}

/**
 * Whether `stored` already sets the new value against the old one: `found.to`, a contrast
 * word, `found.from`; or, read from the incoming statement, one of its current values, a
 * contrast word, one of its old ones ("spaces, not tabs" after "spaces rather than tabs").
 *
 * @example Usage
 * ```ts
 * import { readStatement } from "./claims.ts";
 * import { restatedContrast } from "./restated_contrast.ts";
 * import { equal } from "node:assert/strict";
 *
 * const stored = readStatement("The team picks pnpm over yarn.");
 * const incoming = readStatement("The team: pnpm, not yarn.");
 * equal(restatedContrast({ from: "yarn", to: "pnpm" }, incoming, stored), true);
 * const other = readStatement("The team switched to yarn.");
 * equal(restatedContrast({ from: "pnpm", to: "yarn" }, other, stored), false);
 * ```
 */
export function restatedContrast(found: Found, incoming: Statement, stored: Statement): boolean {
  if (found.to && found.from && contrasted(stored, found.to, found.from)) return true;
  const chosen = incoming.values.filter((v) => v.tense === "current" && !v.negated);
  const turned = incoming.values.filter((v) => v.tense === "old" || v.negated);
  return chosen.length > 0 && turned.length > 0 &&
    chosen.every((v) => turned.every((w) => contrasted(stored, v.text, w.text)));
}
