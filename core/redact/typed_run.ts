/**
 * Values typed with brackets that pair with nothing: a generated password holding `(`, `]` or
 * `{` is cut at its first bracket by readers that take brackets for code (`password: D9(…`).
 *
 * @module
 */
import { secretLooking } from "./lexical.ts";

/**
 * A run to the next space whose brackets do not pair (`D9(JT3ZWTXyOjiM](AJehIf_0`): typed, not
 * code, so it is one value whatever brackets it holds; undefined for anything else.
 */
export function typedRun(text: string, from: number): { start: number; end: number } | undefined {
  let end = from;
  // `;` and `,` end it as they end a pair of a connection string (`Password=…;Encrypt=True`).
  while (end < text.length && end - from < 128 && !/[\s"'`;,]/.test(text[end]!)) end++;
  while (end > from && /[.,;:!?]/.test(text[end - 1]!)) end--;
  return typedValue(text.slice(from, end)) ? { start: from, end } : undefined;
}

/**
 * Whether `v` is one typed value holding brackets that pair with nothing: it starts and ends
 * on a letter or digit (not `}@db:5432`, the rest of a `${VAR}`), mixes cases and digits (not
 * `lookup('env`, code cut at a space), and looks random.
 */
export function typedValue(v: string): boolean {
  if (/^[A-Za-z_][\w.\-]*[=:]/.test(v)) return false; // `password=…`: a pair, its value read apart
  return v.length >= 8 && /[(){}\[\]]/.test(v) && /^[A-Za-z0-9]/.test(v) &&
    /[A-Za-z0-9_]$/.test(v) && /[a-z]/.test(v) && /[A-Z]/.test(v) && /\d/.test(v) &&
    !bracketsPair(v) && secretLooking(v);
}

/** Whether every bracket of `run` closes the one opened last. */
export function bracketsPair(run: string): boolean {
  const open: string[] = [];
  for (const c of run) {
    if (c === "(" || c === "[" || c === "{") open.push(c);
    else if (c === ")" || c === "]" || c === "}") {
      if (open.pop() !== { ")": "(", "]": "[", "}": "{" }[c]) return false;
    }
  }
  return open.length === 0;
}
