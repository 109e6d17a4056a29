/**
 * Tests of the third generalisation round (issue 16, item 5), one per mechanism: password words
 * in their inflected forms and copulas of more languages, a pronoun opening the label's clause
 * that points back past a longer clause. Examples are made up here, not taken from a batch.
 *
 * @module
 */
import { equal } from "node:assert/strict";
import { ALNUM, chars, gone, hex, kept } from "./examples_testing.ts";
import { pointsBack } from "./back_cues.ts";

Deno.test("inflected labels: a password word with a glued article or a case ending is a label", () => {
  gone(`Passordet til wikien er Kelp-Harbor-58! nå`, "Kelp-Harbor-58!");
  gone(`Lösenordet för skrivaren: Wq8#nTz2vLp`, "Wq8#nTz2vLp");
  gone(`Zapomněl jsem hesla, nové heslo je Tulip-Drum-904, díky`, "Tulip-Drum-904");
  gone(`Lozinku za ruter je Vapor7&mint, ne dijeli je`, "Vapor7&mint");
  gone(`Salasanasi on vaihdettu: Qm4!zrT8wBn`, "Qm4!zrT8wBn");
  // The stem must be a word of its own: an English word that starts the same stays a word.
  kept(`the passwordless flow is enabled for Ximena2024 accounts`);
});

Deno.test("copulas of more languages state a person's password after its label", () => {
  gone(`Heslo k tiskárně je Mosaic44&pear, prosím`, "Mosaic44&pear");
  gone(`Ang password ng router ay Lemon-Grove-31 ngayon`, "Lemon-Grove-31");
  gone(`Nenosiri ni Basil9&river kwa sasa`, "Basil9&river");
  gone(`Slaptažodis yra Anchor77&kiwi iki penktadienio`, "Anchor77&kiwi");
  kept(`Heslo je v trezoru, ne v chatu.`); // no value: talk about the password
});

Deno.test("points back: a pronoun opening the label's clause reaches past a longer clause", () => {
  const pw = `Zq${chars(ALNUM, 10)}#7`;
  gone(
    `I pasted ${pw} into the setup wizard and it was accepted, so that is the router password now.`,
    pw,
  );
  const key = hex(32);
  gone(
    `Our exporter signs every call with ${key}, which Segment calls the workspace's write secret.`,
    key,
  );
  // A commit's 40 hex stays: a pronoun pointing back does not make a commit a key.
  const sha = hex(40);
  kept(`Rotated in ${sha}, which is the commit that replaced the old API secret.`);
  equal(pointsBack(["secret", "API", "project's", "the", "calls", "Mixpanel", "which"]), true);
  equal(pointsBack(["password", "current", "the", "still", "is", "that", "so"]), true);
  equal(pointsBack(["password", "the", "rotated", "which"]), false); // a verb of its own
});

Deno.test("a line ending in a colon hands its label's value to the next line, however long", () => {
  const token = `Q${chars(ALNUM, 47)}`;
  gone(
    `Here is the deploy token you asked for this morning, I put it on its own line so you can copy it easily:\n${token}\nIt never expires.`,
    token,
  );
  // A sentence ended on the line: the colon hands over nothing of the label's.
  kept(
    `We talked about the token rotation at length. These are the build ids from last night's run, newest first:\n${
      hex(40)
    }`,
  );
});

Deno.test("the head before 'of'/'for' decides: a public thing named after a secret stays", () => {
  kept(`Content-MD5 of the uploaded key file: ${chars(ALNUM, 22)}== (as sent)`);
  kept(`fingerprint for the signing key: SHA256:${chars(ALNUM, 43)}`);
  const pw = `Vr${chars(ALNUM, 10)}!9`;
  gone(`the password for the reporting user: ${pw}`, pw);
});

Deno.test("openers: what unlocking or decrypting needs is a password, a phrase of words too", () => {
  gone(
    `Decrypting the old exports requires "harbor violet pepper sleet" typed in full.`,
    "harbor violet pepper sleet",
  );
  gone(
    `unsealing the vault needs 'maple_quartz_otter_lumen', ask the on-call`,
    "maple_quartz_otter_lumen",
  );
  kept(`unlock the door with the key in the drawer`);
  kept(`Decrypting the backup needs the KMS role, see the runbook.`);
});

Deno.test("guards: a value's own public key, mask characters, a public key's qualifier", () => {
  // The value's own key names an id, even with a secret word after it.
  kept(
    `Key ID: ${
      chars("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789", 20)
    } (the secret itself is in the vault)`,
  );
  // Masked with bullets or stars, whatever the label.
  kept(`Your token: ghp_${"•".repeat(30)}9f3c`);
  kept(`api key = sk-${"*".repeat(20)}Qw8z`);
  // "the public key for … is": the head's qualifier says public.
  kept(`The public key for verifying releases is ${chars(ALNUM, 43)}=`);
  const secret = chars(ALNUM, 40);
  gone(`The signing key for the release bot is ${secret}`, secret);
});

Deno.test("secret hex: hex under a prefix that says secret goes; under other prefixes it stays", () => {
  const a = `sec_${hex(48)}`;
  gone(`switched the worker to ${a} yesterday`, a);
  const b = `acme_oauth_${hex(64)}`;
  gone(b, b);
  kept(`cache hit for node-modules-${hex(40)}`);
  kept(`layer build_${hex(32)} pushed`);
});

Deno.test("comma asides: a relative clause between commas does not count toward a label's reach", () => {
  const pw = `Lk${chars(ALNUM, 9)}#4`;
  gone(
    `the wifi password for the third floor, which facilities change whenever someone leaves, is now ${pw}.`,
    pw,
  );
  // Outside an aside, the reach still ends: a value far after the label in the same clause stays.
  kept(
    `the password policy applies to every account the platform team manages in all regions including build-7f3a9c2e1d`,
  );
});

Deno.test("secret labels state a person's phrase with a copula, not as a name after them", () => {
  gone(`PSA: the new VPN shared secret is Walnut-Harbor-5120`, "Walnut-Harbor-5120");
  gone(`Parola serverului este Quartz-Delta-88, nu o trimite`, "Quartz-Delta-88");
  kept(`kubectl describe secret billing-token-x7k2p -n prod`);
});

Deno.test("a bracket holding the value: its first word may be the value's public key", () => {
  kept(`used 9,120 prompt tokens and 311 completion tokens (request ${chars(ALNUM, 27)})`);
  const pw = `Gz${chars(ALNUM, 10)}!4`;
  gone(`the router password (${pw}) is taped under the desk`, pw);
});
