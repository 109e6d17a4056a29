/**
 * Tests of the second generalisation round's binding cues (issue 16, item 5): a label that
 * closes a bracketed aside after its value, copulas of scripts written without spaces, "pass" as
 * a verb, a bare "token" before a UUID, `^…$` passwords that are no regular expression, names of
 * a stream's position, and the words that name an address or a page. Examples are made up here,
 * not taken from a batch.
 *
 * @module
 */
import { equal } from "node:assert/strict";
import { ALNUM, B64URL, chars, gone, hex, kept } from "./examples_testing.ts";
import { valueShape } from "./value_shape.ts";
import { bracketAside } from "./back_cues.ts";

const uuid = () => `${hex(8)}-${hex(4)}-4${hex(3)}-b${hex(3)}-${hex(12)}`;

Deno.test("bracket aside: a label closing the aside names the value before it, whoever owns it", () => {
  const random = chars(ALNUM, 20);
  gone(`${random} (the billing replica admin password)`, random);
  gone(`mkQz7RbVtnHa (payroll portal password)`, "mkQz7RbVtnHa");
  const sha = hex(40);
  kept(`${sha} (fixes the token leak)`); // the label does not close the aside
  kept(`${sha} (billing release commit token)`); // a public word in it
  equal(bracketAside(["admin", "replica", "(the"], true, true), true);
  equal(bracketAside(["admin", "replica", "(the"], true, false), false);
  equal(bracketAside(["rotated", "which", "(the"], true, true), false); // a clause of its own
});

Deno.test("spaceless copula: Thai and Chinese copulas state a value past other words", () => {
  gone(`รหัสผ่าน wifi ห้องประชุมคือ Oslo77#walnut ครับ`, "Oslo77#walnut");
  gone(`密码 vpn 是 Quito12%gravel`, "Quito12%gravel");
  kept(`รหัสผ่าน wifi ห้องประชุม ถามแอดมิน`);
});

Deno.test("pass as a verb: before a flag or an object, after a subject or a modal, no label", () => {
  kept(`pass --cursor ${chars("abcdefghijklmnopqrstuvwxyz", 12)} to list more`);
  kept(`then pass Maple-River-Gate as the display name`);
  gone(`pass: Tr0ub4dor&3x`, "Tr0ub4dor&3x");
  gone(`the router pass is Hobart_99!cobalt`, "Hobart_99!cobalt");
});

Deno.test("bare token before a UUID: an id unless stated as the value or named for a service", () => {
  kept(`auth.TokenRevoked: token ${uuid()} revoked by ${hex(8)}`);
  const stated = uuid();
  gone(`token: ${stated}`, stated);
  const vendor = uuid();
  gone(`the Snyk token ${vendor}`, vendor);
});

Deno.test("regex or password: ^…$ is a regular expression only with regex syntax inside", () => {
  equal(valueShape("^ayPemr=rBWPzCevjy3$"), "password");
  equal(valueShape("^[a-z0-9]{8,}$"), undefined);
  equal(valueShape("^(prod|stage)-\\d+$"), undefined);
  equal(valueShape("^v.*-rc$"), undefined);
});

Deno.test("stream positions and addresses: resume and sync tokens, senders, --continue stay", () => {
  kept(`resumeToken: { _data: "${hex(64).toUpperCase()}" }`);
  kept(`deltaToken = "${chars(ALNUM, 30)}"`);
  kept(
    `sent from sender ${chars("123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz", 44)}`,
  );
  kept(`list --continue ${chars(B64URL, 40)}`);
  const refresh = chars(ALNUM, 40);
  gone(`refreshToken: "${refresh}"`, refresh); // a refresh token is a credential
});

Deno.test("labels by how a credential travels: bearer, session cookie, PAT in capitals, unseal key", () => {
  const value = chars(ALNUM, 14);
  gone(`bearer: ${value}`, value);
  gone(`the session cookie is ${value}`, value);
  gone(`the PAT is ${value}`, value);
  gone(`vault unseal key: ${value}`, value);
  gone(`the access code for the server room is 482913`, "482913");
  kept(`Pat is ${value}`); // a person's name
  kept(`the bearer of this letter is our courier`);
});

Deno.test("generic slots: the word before 'param' or 'value' says what the token is", () => {
  kept(`OAuth state param: ${chars(ALNUM, 32)}`);
  kept(`videoId=${chars(B64URL, 11)}&list=PL${chars(ALNUM, 32)}`);
  const secret = chars(ALNUM, 32);
  gone(`api_key param: ${secret}`, secret);
});

Deno.test("a question about an auth, answered on the next line, gives a random value", () => {
  const value = chars(ALNUM, 12);
  gone(`Q: what's the redis auth?\nA: ${value}`, value);
  kept(`try again?\nA: ${chars("abcdefghijklmnopqrstuvwxyz", 12)}`);
});

Deno.test("pointing back past a label's own words: '…, that's the signing secret'", () => {
  const value = chars(ALNUM, 16);
  gone(`swap the placeholder for ${value} before prod (that's the signing secret)`, value);
});

Deno.test("a setting as an element's name and value: key=, name= or property= with value=", () => {
  gone(`<property name="mail.smtp.password" value="Qz7#pL2mVx"/>`, "Qz7#pL2mVx");
  gone(`<env name="PAYMENTS_SECRET" value="${"Hq8Lz2Xm7Vp4Kw9T"}" />`, "Hq8Lz2Xm7Vp4Kw9T");
  kept(`<property name="hibernate.dialect" value="org.hibernate.dialect.PostgreSQLDialect"/>`);
});

Deno.test("a GPG long id or fingerprint after 0x names a key; an 0x private key does not", () => {
  kept(`tag v3.1.0 signed with key 0x${hex(16).toUpperCase().replace(/^\d/, "A")}`);
  const eth = `0x${hex(64)}`;
  gone(`the deployer wallet's private key is ${eth}`, eth);
});

Deno.test("one label, an old and a new value: '…pw was X, new one Y'", () => {
  gone(`the staging admin pw was Rw8#Kz2Qm, new one Lx9!Pq3Zm`, "Lx9!Pq3Zm");
});

Deno.test("a phrase given by a verb of choosing after a password label", () => {
  gone(`it asked for a passphrase, I used Copper-Meadow-Falcon-3`, "Copper-Meadow-Falcon-3");
  kept(`it asked for a passphrase, I used the default settings`);
});

Deno.test("the next sentence hands the value over: 'Here: …', 'Use …'", () => {
  const value = chars(ALNUM, 12);
  gone(`Need the Redis creds for staging. Here: ${value}`, value);
  kept(`We rotated the Redis creds yesterday. Here: ${hex(40)} is the commit.`);
});

Deno.test("event names and table rows: `token.rotated`, a row under a label's row", () => {
  kept(`INSERT INTO audit(event, actor) VALUES ('password.changed', 'ops-bot');`);
  kept(`emit("token_revoked", { by: "${chars(ALNUM, 8)}" })`);
  kept(`| Name | Type |\n|---|---|\n| password | string |\n| token_ttl | 3600 |`);
  const secret = chars(ALNUM, 16);
  gone(`the token generated by the CLI is ${secret}`, secret);
});

Deno.test("a caption in brackets on the line under a value names it", () => {
  gone(`Kx7#mQ2pLz\n(Passwort für den Drucker)`, "Kx7#mQ2pLz");
  const value = chars(ALNUM, 16);
  gone(`${value}\n(the wiki's admin password)`, value);
  kept(`${hex(40)}\n(the commit that rotated the password)`);
});

Deno.test("masked and placeholder values: ends shown, words that say it was removed, docs pairs", () => {
  kept(`api_key: sk-…${chars(ALNUM, 4)}`);
  kept(`password: '***REMOVED***'`);
  kept(`Authorization: Basic ${btoa("username:password")}`);
  kept(`The token's jti was 01J${chars("0123456789ABCDEFGHJKMNPQRSTVWXYZ", 23)} and it expired.`);
  const pair = btoa(`deploy:${chars(ALNUM, 14)}`);
  gone(`Authorization: Basic ${pair}`, pair);
});

Deno.test("a bare key whose clause names a service and ends in a colon before the value", () => {
  const key = hex(32);
  gone(`the key we got from Algolia (admin, not search-only): ${key}`, key);
  kept(`the key for the row in Postgres: ${hex(40)}`);
  kept(`the key we use in Redis: session:${hex(16)}`);
});

Deno.test("a label after its value past a pointer or a colon: '<value> <- router pw', '<value>: NAS password'", () => {
  gone(`Kx7#mQ2pLz: password for the NAS`, "Kx7#mQ2pLz");
  gone(`Kx7#mQ2pLz <- router admin pw`, "Kx7#mQ2pLz");
  gone(`'Kx7#mQ2pLz' -- sa password on the reporting box`, "Kx7#mQ2pLz");
  kept(`a1B2c3D4e5F6g7H8: password changed for user 42`);
});

Deno.test("a log's tag before a colon is no password: `##[debug]Evaluating: secrets.X`", () => {
  kept(`##[debug]Evaluating: secrets.NPM_TOKEN\n##[debug]Result: '***'`);
  gone(`dog$cat$fish2: password for the shared printer`, "dog$cat$fish2");
  gone(`the password is dog$cat$fish`, "dog$cat$fish");
});

Deno.test("four plain words after any password label are a passphrase; a clause is not", () => {
  gone(`the password is correct horse battery staple`, "correct horse battery staple");
  kept(`the password is stored in the vault`);
  kept(`the wifi password is printed below the router`);
});

Deno.test("password labels in more languages: Persian, Malay, Slovenian, Bulgarian, Swahili, Tamil", () => {
  for (
    const label of ["رمز عبور", "Kata laluan", "Geslo", "Паролата", "Nenosiri", "கடவுச்சொல்"]
  ) {
    gone(`${label}: Kx7#mQ2pLz`, "Kx7#mQ2pLz");
  }
});
