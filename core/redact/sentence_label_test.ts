/**
 * Tests of strong values labelled anywhere in their sentence or on the line above
 * (`sentence_label.ts`). Examples are made up here.
 *
 * @module
 */
import { ALNUM, chars, gone, kept } from "./examples_testing.ts";

const strong = () => `Tq${chars(ALNUM, 12)}7Xz`;

Deno.test("sentence label: a label far from its value in the same sentence still names it", () => {
  const v = strong();
  gone(`ok so I dropped ${v} into the CI settings as the Sentry auth token, shout if it breaks`, v);
  const w = strong();
  gone(
    `the key that Amaru forwarded after Tuesday's call for the Hetzner API finally works: ${w}`,
    w,
  );
  const p = `Wq8!${chars(ALNUM, 8)}#`;
  gone(`Marta's message from the weekend about the NAS admin password ended with ${p} fwiw`, p);
});

Deno.test("sentence label: a line holding only a value takes the label of the line above", () => {
  const v = strong();
  gone(`Got the new Mapbox token from Lina.\n${v}`, v);
});

Deno.test("sentence label: ids, public things, code and base64 text keep their values", () => {
  kept(`the API key was fine; the retry for request ${strong()} failed again`);
  kept(`we rotated the API key; the build ${strong()} picked it up`);
  kept(`if (!process.env.SENDGRID_API_KEY) throw new Error("SENDGRID_API_KEY missing");`);
  kept(
    `that header is just base64 of a label: c2xhdGU6aGVyb24tMTI= (decodes to word:word-n), not a password.`,
  );
  kept(`The password reset e-mail went to ops; its message id is ${strong()}.`);
});

Deno.test("sentence label: 'it's' or 'here:' hands over what the sentence before named", () => {
  const v = strong();
  gone(`I'm swapping the Mailjet API key tonight. Until then it's ${v}.`, v);
  const w = strong();
  gone(`Sending you the staging db password in DM... actually here: ${w}`, w);
  kept(`The API key rotation is done. Here's the run: ${strong()}.`);
});

Deno.test("sentence label: hex of a key's length under a key's label; digests stay", () => {
  const hex32 = chars("0123456789abcdef", 31) + "7";
  gone(`for Opsgenie, the integration key Kofi set up on Monday: ${hex32}`, hex32);
  kept(`the API key file's MD5 after the upload was ${chars("0123456789abcdef", 31)}7`);
  kept(`we store sha256(api_key) = ${chars("0123456789abcdef", 63)}1 and compare`);
});
