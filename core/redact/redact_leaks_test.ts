/**
 * Tests of redaction over the leaks corpus (tests/fixtures/secrets_leaks.ts): vendor tokens by
 * prefix, curl and CLI credentials, Kubernetes Secrets, tool config files, multi-word
 * passphrases, spaced app passwords, credential lists, and the negatives repositories are full
 * of. Every positive must lose its secrets and every negative must stay as it is.
 *
 * @module
 */
import { deepEqual, equal } from "node:assert/strict";
import { redact } from "./redact.ts";
import { secretsLeaks } from "../../tests/fixtures/secrets_leaks.ts";

/** Whether a secret, or a 12-character run of it, is still in `text`. */
function survives(secret: string, text: string): boolean {
  if (text.includes(secret)) return true;
  for (let i = 0; i + 12 <= secret.length; i++) {
    if (text.includes(secret.slice(i, i + 12))) return true;
  }
  return false;
}

Deno.test("redact() on the leaks corpus: no positive leaks, no negative changes", () => {
  const { positives, negatives } = secretsLeaks();
  const leaked = positives.filter((p) => {
    const { text } = redact(p.text);
    return p.secrets.some((s) => survives(s, text));
  }).map((p) => p.id);
  deepEqual(leaked, []);
  const changed = negatives.filter((n) => redact(n.text).text !== n.text).map((n) => n.id);
  deepEqual(changed, []);
});

Deno.test("redact() is idempotent on the leaks corpus", () => {
  const { positives } = secretsLeaks();
  for (const { text } of positives) {
    const once = redact(text).text;
    equal(redact(once).text, once);
  }
});
