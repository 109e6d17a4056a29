/**
 * Capability URLs: a webhook, a private feed, a reset or magic link, where the URL itself
 * grants access through a random token in its path or fragment
 * (`https://hooks.example.io/in/<token>`, `/ical/<token>.ics`, `#access_token=<token>`). The
 * entropy detector leaves URLs alone, since most random parts of a URL are ids (a document's, a
 * commit's, a design file's); here a token goes only when the URL's own words say it delivers
 * to or opens something, and the token is random by the entropy detector's test (`classify`:
 * not hex, not a UUID, not an object id, not text in base64).
 *
 * @module
 */
import type { Candidate } from "./catalogue.ts";
import { classify } from "./token_kind.ts";
import { wordFraction } from "./lexical.ts";

/** A URL with a path: scheme, host, then the rest up to a space or a quote. */
const URL = /\bhttps?:\/\/([A-Za-z0-9.\-]{1,253})(?::\d{1,5})?(\/[^\s"'<>`\\]{0,2048})/g;

/** Words of a host or path that say the URL delivers to or opens something. */
const CAPABILITY =
  /(?:^|[.\/\-_])(?:hooks?|webhooks?|notify|notifications?|incoming|inbound|ingest|triggers?|callbacks?|feeds?|ical|ics|reset|magic|invite|activate|verify|unlock|beacon|collect|push)(?=$|[.\/\-_?#])/i;

/** The segments a hex token sits under in a capability URL (not `push`, `verify`: a commit's). */
const HEX_CAPABILITY =
  /^(?:hooks?|webhooks?|incoming|inbound|feeds?|ical|ics|reset|magic|invite|unlock|callbacks?)$/i;

/**
 * A signed link: a query that says when it expires and carries a signature, which grants what
 * the link grants until then (`?sig=…&exp=…`, `?signature=…&expires=…`).
 */
function signedQuery(rest: string, base: number, out: Candidate[]): void {
  const query = /\?([^#]*)/.exec(rest);
  if (query === null || !EXPIRY.test(query[1]!)) return;
  const at = base + query.index + 1;
  for (const m of query[1]!.matchAll(SIGNATURE)) {
    const value = m[2]!;
    if (value.length < 20 || !/[A-Za-z]/.test(value) || !/\d/.test(value)) continue;
    const start = at + m.index + m[1]!.length + 1;
    out.push({ start, end: start + value.length, type: "high_entropy", tier: 1 });
  }
}
const EXPIRY = /(?:^|&)(?:exp|expires|expiry|expiration|e|se|valid_until|until)=\d/i;
const SIGNATURE = /(?:^|&)((?:sig|signature|sign|hmac|s))=([A-Za-z0-9%_\-+\/.]{20,512}={0,2})/gi;

/** A path segment or a fragment's value: a run of a token's characters. */
const PART = /[A-Za-z0-9_\-]{24,}/g;

/** Candidate spans for random tokens in capability URLs. */
export function urlTokenCandidates(text: string, out: Candidate[]): void {
  for (const m of text.matchAll(URL)) {
    const host = m[1]!;
    const rest = m[2]!.replace(/[).,;:!?\]]+$/, "");
    // The path, and a single-page app's route in the fragment (`#/reset-password/<token>`).
    const pathOnly = rest.replace(/[?#].*$/s, "") + (/#!?\/[^?]*/.exec(rest)?.[0] ?? "");
    signedQuery(rest, m.index + m[0].length - m[2]!.length, out);
    if (!CAPABILITY.test(host) && !CAPABILITY.test(pathOnly) && !/#access_token=/.test(rest)) {
      continue;
    }
    const base = m.index + m[0].length - m[2]!.length;
    for (const part of rest.matchAll(PART)) {
      const token = part[0];
      const start = base + part.index;
      const before = rest[part.index - 1];
      // A query's value is the catalogue's (by its key); a path segment or a fragment's here.
      if (before === "=" && !/#[^#]*$/.test(rest.slice(0, part.index))) continue;
      if (wordFraction(token) >= 0.5) continue; // a slug: `in/weekly-report-for-the-team`
      // Hex of a key's length or more ending the path right under the capability's own segment
      // (`/ical/<hex>.ics`, `/hooks/<hex>`): commits and digests live under other words
      // (`/commit/<sha>`), and a resource's id has its own path after it (`/hooks/<id>/deliveries`).
      const segment = /([^\/]*)\/$/.exec(rest.slice(0, part.index))?.[1] ?? "";
      const last = /^(?:\.[a-z]{2,5})?(?:[?#]|$)/.test(rest.slice(part.index + token.length));
      if (
        /^[0-9a-f]{32,}$/.test(token) && HEX_CAPABILITY.test(segment) && last && /\d/.test(token)
      ) {
        out.push({ start, end: start + token.length, type: "high_entropy", tier: 1 });
        continue;
      }
      if (!/[A-Z]/.test(token) || !/[a-z]/.test(token) || !/\d/.test(token)) continue;
      if (classify(token, true, text, start) === undefined) continue;
      out.push({ start, end: start + token.length, type: "high_entropy", tier: 1 });
    }
  }
}
