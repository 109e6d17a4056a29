/**
 * Tests of secrets named in prose, one behaviour at a time: which side of its label a value
 * may sit on, what blocks it, tables, joined values, other languages and idempotence.
 *
 * @module
 */
import { equal, ok } from "node:assert/strict";
import { redact } from "./redact.ts";
import { ALNUM, chars, hex } from "./examples_testing.ts";

const pw = () => "Vq7#" + chars(ALNUM, 6) + "!x";
const gone = (text: string, secret: string) => {
  const out = redact(text).text;
  ok(!out.includes(secret), out);
  equal(redact(out).text, out, "a second pass changes nothing");
  return out;
};
const kept = (text: string) => equal(redact(text).text, text);

Deno.test("prose: a label binds the nearest value of its clause, after it or before it", () => {
  const a = pw();
  equal(gone(`the staging DB password for the etl user is ${a}.`, a).endsWith("."), true);
  const b = pw();
  gone(`we passed ${b} as the client secret`, b);
  const c = pw();
  gone(`Is ${c} still the Redis password?`, c);
});

Deno.test("prose: hex and UUIDs bind only when stated, and never after a public key word", () => {
  const key = hex(32);
  gone(`the Datadog API key for prod is ${key}`, key);
  kept(`The API key was rotated in ${hex(40)} last week.`);
  kept(`The token for build 4821 is in commit ${hex(40)}.`);
  kept(`Reverted ${hex(40)} as the token parsing broke.`);
});

Deno.test("prose: a non-secret word blocks a label only when it is the key itself", () => {
  kept("Token usage: 845 input / 509 output");
  kept("The password policy needs 12 characters (e.g. Example#2024 is valid).");
  kept("API key rotation: done for New Relic");
});

Deno.test("prose: joined values, a header's column, the next line and other languages", () => {
  const [a, b] = [hex(32), hex(32)];
  const joined = redact(`rotated the Twilio auth token from ${a} to ${b} today`).text;
  ok(!joined.includes(a) && !joined.includes(b), joined);
  const c = pw();
  gone(`| Service | Password |\n|---|---|\n| redis | ${c} |`, c);
  const d = pw();
  gone(`password for the uat db is below\n\n${d}`, d);
  const e = pw();
  gone(`数据库密码是${e}`, e);
  const f = pw();
  gone(`Das Kennwort lautet „${f}“`, f);
});

Deno.test("prose: a password word at the head of a compound labels its value", () => {
  const [a, b, c, d] = [pw(), pw(), pw(), pw()];
  gone(`Das Root-Passwort für den NAS ist ${a}`, a);
  gone(`Datenbankpasswort: ${b}`, b);
  gone(`Het root-wachtwoord is ${c}`, c);
  gone(`Das WLAN-Kennwort lautet ${d}`, d);
  kept("Die Passwort-Richtlinie verlangt 12 Zeichen und ein Sonderzeichen.");
});

Deno.test("prose: hosts, emails, paths, versions, identifiers and placeholders are not values", () => {
  kept("The password for the staging DB is in 1Password under db.staging.acme.io.");
  kept("Password reset emails go to kenji@acme-corp.net.");
  kept("The token is mounted at /var/run/secrets/kubernetes.io/serviceaccount/token.");
  kept("Bumped the API token client to v2.14.3-rc.1.");
  kept("The password hasher is QueueRefreshProfileWriter.");
  kept("Token: <paste here>");
});

Deno.test("made-up passwords are redacted when a password label states them, and only then", () => {
  const named: [string, string][] = [
    ["the qa db password is harbor7-Maple-31", "harbor7-Maple-31"],
    ["Login for the wiki is admin / pinecone2024", "pinecone2024"],
    ["try Velvet-Acorn-58 for the build box", "Velvet-Acorn-58"],
    ["Redis AUTH for staging is Kx9!pQ2#vT7m", "Kx9!pQ2#vT7m"],
    ["ci connects as deploy with Zr8^wq!Lm3Pa", "Zr8^wq!Lm3Pa"],
    ["sandbox: etl / Mq7$eX!2bN9w", "Mq7$eX!2bN9w"],
  ];
  for (const [text, secret] of named) {
    const { text: out } = redact(text);
    equal(out.includes(secret), false, `${text} -> ${out}`);
  }
  for (
    const text of [
      "the password policy changed in release2024 of the portal",
      "our builds run on ubuntu2204 images",
      "The AWS docs use AKIAIOSFODNN7EXAMPLE as their example key.",
      "read / write access for the deploy bot",
    ]
  ) {
    equal(redact(text).text, text);
  }
});
