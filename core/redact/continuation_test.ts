/**
 * Tests of secrets broken across lines (`continuation.ts`): the rest of a found secret on the
 * line after it goes too, whatever split it; a line after a secret that is a word, a setting,
 * a commit or a UUID stays. Examples are made up here, not taken from a batch.
 *
 * @module
 */
import { equal, ok } from "node:assert/strict";
import { ALNUM, B64URL, chars, gone, hex } from "./examples_testing.ts";
import { sameAlphabet } from "./continuation.ts";
import { redact } from "./redact.ts";

Deno.test("continuation: a wrapped token, a soft break, concatenated strings all go whole", () => {
  const [a, b] = [chars(B64URL, 26), chars(B64URL, 15)];
  const wrapped = gone(`$ export VAULT_TOKEN=${a}\n${b}\n$ vault status`, b);
  ok(!wrapped.includes(a) && wrapped.includes("vault status"), wrapped);
  const [c, d] = [chars(ALNUM, 33), chars(ALNUM, 11)];
  const mail = gone(`The access token for the mirror: ${c}=\n${d}\n\nThanks,\nOla`, d);
  ok(!mail.includes(c) && mail.includes("Thanks,"), mail);
  const [e, f] = [chars(ALNUM, 20), chars(ALNUM, 20)];
  const code = gone(`SIGNING_SECRET = (\n  "${e}"\n  "${f}"\n)`, f);
  ok(!code.includes(e), code);
  const [g, h] = [hex(32), hex(32)];
  const joined = gone(`const masterKey =\n  "${g}" +\n  "${h}";`, h);
  ok(!joined.includes(g), joined);
});

Deno.test("continuation: the line after a secret stays when it is no part of it", () => {
  const secret = chars(ALNUM, 24);
  for (
    const next of ["API_HOST=db.internal.example", "DEBUG_MODE_ON", "Thanks", hex(40), "done."]
  ) {
    const out = redact(`DB_PASSWORD=${secret}\n${next}`).text;
    ok(!out.includes(secret), out);
    ok(out.endsWith(`\n${next}`), out);
  }
});

Deno.test("continuation: sameAlphabet reads the character classes of the secret", () => {
  equal(sameAlphabet("Ab3_xY9-Qw2zK", "Zx8_Pq7"), true);
  equal(sameAlphabet("ab3xy9qw2zk1", "ABC123xyz"), false); // upper case the secret never has
  equal(sameAlphabet("Ab3xY9Qw2zK1", "Ab3.xY9"), false); // a dot the secret never has
  equal(sameAlphabet("Ab3xY9Qw2zK1", "abcdefgh"), false); // one class: a word
  equal(sameAlphabet("Ab3xY9Qw2zK1", "3f2a9c1d4e"), false); // hex after a non-hex secret
  equal(sameAlphabet("3f2a9c1d4e5b6a7f", "9c1d4e5b6a"), true);
  equal(sameAlphabet("Ab3xY9Qw2zK1", "Qw2zK1Ab3x=="), true); // base64 padding closes it
});

Deno.test("continuation: a padded secret has ended, and a setting on the next line is none", () => {
  const padded = `${chars(ALNUM, 42)}=`;
  const out = redact(`APP_FERNET_KEY=${padded}\nAPP_LOAD_DEMO_DATA=False`).text;
  ok(!out.includes(padded) && out.endsWith("\nAPP_LOAD_DEMO_DATA=False"), out);
  equal(sameAlphabet("Ab3_xY9=Qw2zK", "LOAD_X=Yes9"), false);
});

Deno.test("continuation: the first half of a value given in halves goes with the second", () => {
  const head = "Wq7rLmZ2pXk9TbN4sYd1";
  const tail = "h8QvJ3nFcR6tGw0yKzP5";
  equal(
    redact(`the signing secret, split in two so it fits the wiki table:\n${head}\n${tail}`).text,
    "the signing secret, split in two so it fits the wiki table:\n" +
      // The label's line ends in a colon: it hands the first half over (`prose.ts`).
      "[REDACTED:secret_assignment]\n[REDACTED:high_entropy]",
  );
  // A name in camel case, or a short one, above a random token is a name.
  const named = `services:\nBillingWorkerQueue2025\n${tail}`;
  equal(redact(named).text, "services:\nBillingWorkerQueue2025\n[REDACTED:high_entropy]");
  equal(redact(`x:\ngetAPIKeyV2Id\n${tail}`).text, "x:\ngetAPIKeyV2Id\n[REDACTED:high_entropy]");
});
