/**
 * Amounts of money: a currency sign or code with a number (`$5,000`, `€1.2M`, `$3k`,
 * `USD 400`, `400 EUR`), optionally per period (`a month`, `per year`, `/mo`, `monthly`). The
 * slot is `qty:money`, per period `qty:money/month`, so a budget and a monthly cap are told
 * apart; the value is the amount with its currency (`5000 usd`), so `$5,000` and `$5k` are one.
 *
 * @module
 */
import type { Token } from "./tokens.ts";

/** An amount read at a token: its slot, normal form, and the token after it. */
export interface Money {
  readonly slot: string;
  readonly norm: string;
  readonly end: number;
}

const SIGNS: Readonly<Record<string, string>> = { "$": "usd", "€": "eur", "£": "gbp", "¥": "jpy" };
const CODES = /^(?:usd|eur|gbp|jpy|chf|cad|aud)$/;
const SIGNED = /^([$€£¥])(\d+(?:\.\d+)?)([kmb])?(?:\/(\w+))?$/i;
const PERIODS: Readonly<Record<string, string>> = {
  hour: "hour",
  hr: "hour",
  day: "day",
  week: "week",
  wk: "week",
  month: "month",
  mo: "month",
  year: "year",
  yr: "year",
  annum: "year",
};
const ADVERBS: Readonly<Record<string, string>> = {
  hourly: "hour",
  daily: "day",
  weekly: "week",
  monthly: "month",
  yearly: "year",
  annually: "year",
};

/** The number of `text` with its scale (`1.2M` → 1200000), or null. */
function amount(digits: string, scale: string | undefined): number {
  const n = Number(digits);
  const s = scale?.toLowerCase();
  return s === "k" ? n * 1e3 : s === "m" ? n * 1e6 : s === "b" ? n * 1e9 : n;
}

/** The period written after an amount (`a month`, `per year`, `monthly`), and where it ends. */
function periodAfter(tokens: readonly Token[], i: number): { period: string; end: number } | null {
  const t = tokens[i]?.lower ?? "";
  const adverb = ADVERBS[t];
  if (adverb) return { period: adverb, end: i + 1 };
  if (/^(?:a|an|per|each|every|\/)$/.test(t)) {
    const period = PERIODS[(tokens[i + 1]?.lower ?? "").replace(/s$/, "")];
    if (period) return { period, end: i + 2 };
  }
  return null;
}

/**
 * The amount of money at `i`, or null.
 *
 * @example Usage
 * ```ts
 * import { moneyAt } from "./money.ts";
 * import { tokenize } from "./tokens.ts";
 * import { equal } from "node:assert/strict";
 *
 * const tokens = tokenize("the cap is $5,000 a month");
 * equal(moneyAt(tokens, 3)?.norm, "5000 usd");
 * equal(moneyAt(tokens, 3)?.slot, "qty:money/month");
 * equal(moneyAt(tokenize("$5k"), 0)?.norm, "5000 usd");
 * ```
 */
export function moneyAt(tokens: readonly Token[], i: number): Money | null {
  const t = tokens[i];
  if (!t || t.kind !== "word") return null;
  let currency = "";
  let value = 0;
  let end = i + 1;
  let period: string | undefined;
  const signed = SIGNED.exec(t.text);
  if (signed) {
    currency = SIGNS[signed[1]!]!;
    value = amount(signed[2]!, signed[3]);
    if (signed[4]) period = PERIODS[signed[4].toLowerCase().replace(/s$/, "")];
  } else if (CODES.test(t.lower) && /^\d+(?:\.\d+)?[kmb]?$/i.test(tokens[i + 1]?.text ?? "")) {
    const m = /^(\d+(?:\.\d+)?)([kmb])?$/i.exec(tokens[i + 1]!.text)!;
    currency = t.lower;
    value = amount(m[1]!, m[2]);
    end = i + 2;
  } else if (/^\d+(?:\.\d+)?[kmb]?$/i.test(t.text) && CODES.test(tokens[i + 1]?.lower ?? "")) {
    const m = /^(\d+(?:\.\d+)?)([kmb])?$/i.exec(t.text)!;
    currency = tokens[i + 1]!.lower;
    value = amount(m[1]!, m[2]);
    end = i + 2;
  } else return null;
  if (!Number.isFinite(value)) return null;
  if (!period) {
    const after = periodAfter(tokens, end);
    if (after) [period, end] = [after.period, after.end];
  }
  // "the monthly AWS budget is $12,000": a period adverb earlier in the clause.
  for (let k = i - 1; !period && k >= Math.max(0, i - 5); k--) {
    if (tokens[k]!.clause !== t.clause) break;
    period = ADVERBS[tokens[k]!.lower];
  }
  const slot = period ? `qty:money/${period}` : "qty:money";
  return { slot, norm: `${value} ${currency}`, end };
}
