/**
 * Documented example credentials: values that vendors and specifications print in their docs,
 * which a note quotes as examples, not as secrets. jwt.io's example tokens (every algorithm's
 * carries the claims `{"sub": "1234567890", "name": "John Doe", …}`) and Stripe's published test
 * key. AWS's `…EXAMPLE` keys are the catalogue's business (their shape says so).
 *
 * @module
 */
import { decodeBase64 } from "./lexical.ts";

const JWT = /eyJ[A-Za-z0-9_\-]{8,4096}\.(eyJ[A-Za-z0-9_\-]{8,8192})\.[A-Za-z0-9_\-]{0,2048}/g;
/** The claims of jwt.io's example tokens. */
const JWT_IO_CLAIMS = /"sub"\s*:\s*"1234567890"\s*,\s*"name"\s*:\s*"John Doe"/;
/** Test keys vendors print in their public docs. */
const PUBLISHED = /\bsk_test_4eC39HqLyjWDarjtT1zdp7dc\b/g;

/** The spans of documented example credentials in `text`. */
export function documentedExamples(text: string): [number, number][] {
  const out: [number, number][] = [];
  if (text.includes("eyJ")) {
    for (const m of text.matchAll(JWT)) {
      const claims = decodeBase64(m[1]!);
      if (claims !== undefined && JWT_IO_CLAIMS.test(claims)) {
        out.push([m.index, m.index + m[0].length]);
      }
    }
  }
  for (const m of text.matchAll(PUBLISHED)) out.push([m.index, m.index + m[0].length]);
  return out;
}
