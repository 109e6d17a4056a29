/**
 * Tests of multi-word and listed secrets that the word-by-word binder misses: generated
 * passphrases given in quotes right after their label or after a `secret` label, recovery
 * codes listed after what they are for, and SAS signatures in URL-safe base64.
 *
 * @module
 */
import { kept } from "./examples_testing.ts";
import { equal } from "node:assert/strict";
import { redact } from "./redact.ts";

const R = "[REDACTED:secret_assignment]";

Deno.test("redact() takes a quoted passphrase set right after its label, without a copula", () => {
  equal(
    redact('Unlock the backup tarball using passphrase "tulip basalt ember ravine 31" please').text,
    `Unlock the backup tarball using passphrase "${R}" please`,
  );
  // Words in quotes after the label that are no generated phrase stay.
  equal(
    redact('Rotate the passphrase "every quarter" like the policy says').text,
    'Rotate the passphrase "every quarter" like the policy says',
  );
});

Deno.test("redact() takes a generated passphrase after a secret label, not prose", () => {
  equal(
    redact("our shared vault secret is otter.lantern.basalt.meadow.18; ask Ravi").text,
    `our shared vault secret is ${R}; ask Ravi`,
  );
  equal(
    redact('the escrow secret is "copper_willow_granite_falcon_9"').text,
    `the escrow secret is "${R}"`,
  );
  for (
    const text of [
      'the client secret is "rotated every ninety days"',
      "the secret is kept in the vault",
      "the shared secret is meadow.umbra.glacier without digits",
    ]
  ) kept(text);
});

Deno.test("redact() takes recovery codes listed after what they are for", () => {
  equal(
    redact("Backup codes for Dana's Okta login: q7mzx-pplwa, trbvk-ch3ud, 8snjd-w2kfe. Keep them.")
      .text,
    `Backup codes for Dana's Okta login: ${R}, ${R}, ${R}. Keep them.`,
  );
  for (
    const text of [
      "backup codes for the admin: see the vault, not here.",
      "Recovery codes for the ops account: print them and store them offline.",
    ]
  ) kept(text);
});

Deno.test("redact() takes a SAS signature written in URL-safe base64", () => {
  const url = "https://store.blob.core.windows.net/c/a.bin?sv=2023-01-03&sp=r&sig=" +
    "Qp4_xM2-vTz9LrW0aYk8uHn3_Jc7dEf1GsB6o-PiXlK%3D";
  equal(
    redact(url).text,
    "https://store.blob.core.windows.net/c/a.bin?sv=2023-01-03&sp=r&sig=" +
      "[REDACTED:azure_sas_signature]",
  );
});

Deno.test("redact() takes the value a colon hands over at the end of a long label sentence", () => {
  equal(
    redact(
      "the admin password for the old NAS in the basement changed again, so note it: " +
        "~Pq4v#nT8wLz",
    ).text,
    `the admin password for the old NAS in the basement changed again, so note it: ${R}`,
  );
  for (
    const text of [
      "The password for the box is in the vault now, see: https://vault.acme.io/ui/secret/x",
      "the deploy token for staging lives in one place only, ask ops: go/rotate-tokens-2024",
      "the password for the wiki follows the policy of the team, in short: LongerIsBetter",
    ]
  ) kept(text);
});

Deno.test("redact() takes a DSL line's quoted value of a secret-named setting, = and all", () => {
  const gradle =
    'android {\n  signing {\n    keyPassword "p4=Lx!9qTz_wR"\n    keyAlias "upload"\n  }\n}';
  equal(
    redact(gradle).text,
    'android {\n  signing {\n    keyPassword "[REDACTED:secret_assignment]"\n    keyAlias "upload"\n  }\n}',
  );
  for (
    const text of [
      "    keyPassword \"${System.getenv('UPLOAD_KEY_PASS')}\"",
      '    keyAlias "release-upload-2024"',
      '  password "android"',
    ]
  ) kept(text);
});

Deno.test("redact() takes a quoted phrase right after a passphrase label, and a value after 'being'", () => {
  equal(
    redact("unlock the deploy key with the passphrase 'amber falcon harbour 31'").text,
    `unlock the deploy key with the passphrase '${R}'`,
  );
  equal(
    redact("the grafana api token for the kiosk ended up being 5d41402abc4b2a76b9719d911017c592")
      .text,
    `the grafana api token for the kiosk ended up being ${R}`,
  );
  for (
    const text of [
      "protect it with the passphrase 'ask Dana for it'",
      "the passphrase 'must be long' rule is enforced by the CLI",
      "the fix being 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b, the token stays",
    ]
  ) kept(text);
});
