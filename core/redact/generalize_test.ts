/**
 * Tests of the mechanisms that carry redaction to wording no batch tuned it on (issue 16,
 * item 5): a secret named only in a message's subject line, and the identifiers and public
 * values that look random and must stay. Examples are made up here, not taken from a batch.
 *
 * @module
 */
import { ok } from "node:assert/strict";
import { ALNUM, B64URL, b64url, base64, chars, gone, hex, kept } from "./examples_testing.ts";

const uuid = () => `${hex(8)}-${hex(4)}-4${hex(3)}-a${hex(3)}-${hex(12)}`;

Deno.test("subject line: a secret named in the subject binds the one key-shaped value of the body", () => {
  const token = uuid();
  const out = gone(
    `Subject: fresh Postmark server token\n\nHey Lina,\n\nhere you go:\n\n${token}\n\nMarco`,
    token,
  );
  ok(out.includes("Postmark server token"), out);
  const key = hex(32);
  gone(`Betreff: neuer API-Schlüssel für Mailgun\n\nBitte ${key} in CI eintragen.`, key);
  const other = uuid();
  gone(
    `Subject: Re: Heroku API key\n\nUse ${other} for app ${uuid()}, the old one is dead.`,
    other,
  );
  const title = uuid();
  gone(`Title: Heroku API key for the billing app\n\nUse ${title} until Friday.`, title);
  const summary = hex(32);
  gone(`Summary: new Mailgun sending key\nDescription:\nPaste into CI: ${summary}`, summary);
});

Deno.test("subject line: ids in the body, two candidates, or a subject naming no secret stay", () => {
  kept(
    `Subject: new API key for the tenant\n\nThe tenant id is ${uuid()}; the key is in the vault.`,
  );
  kept(`Subject: new API key\n\nRequest id: ${uuid()}\nWe will send the key separately.`);
  kept(`Subject: Postmark token rotation schedule\n\nServer ${uuid()} rotates on Friday.`);
  kept(`Subject: deploy failed\n\n${uuid()}`);
  kept(`Title: Heroku API key rotation\n\nApp ${uuid()} picked up the new key.`);
  kept(`Subject: Datadog API key missing\n\nAPI Key invalid, dropping transaction ${hex(32)}.`);
  kept(`Subject: new Stripe key\n\nCustomers ${uuid()} and ${uuid()} were charged twice.`);
  kept(`Subject: password policy\n\nSee ${hex(32)} in the wiki.`);
});

Deno.test("glued names: a value whose own name is glued before it says what it is", () => {
  kept(`Content-Security-Policy: script-src 'nonce-${base64(16)}' 'strict-dynamic'`);
  kept(`build-${hex(40)} finished`);
  const secret = base64(24);
  gone(`the session secret is ${secret}`, secret);
});

Deno.test("documented examples: jwt.io's example token stays, a signed token of our own goes", () => {
  const enc = (o: unknown) => b64url(JSON.stringify(o));
  const header = enc({ alg: "RS256", typ: "JWT" });
  const example = `${header}.${
    enc({ sub: "1234567890", name: "John Doe", admin: true, iat: 1516239022 })
  }.${chars(B64URL, 86)}`;
  kept(`The RS256 example on jwt.io is ${example}.`);
  const real = `${header}.${enc({ sub: "svc-ledger", role: "service_role" })}.${chars(B64URL, 86)}`;
  gone(`Authorization for the cron: ${real}`, real);
});

Deno.test("context: a host asked about and a dotted setting's name stay beside the secret", () => {
  const pw = "Autumn2021!!qz";
  const out = gone(`Ana: do you have the root login for pg-2.eu.acme.io?\nLeo: root / ${pw}`, pw);
  ok(out.includes("pg-2.eu.acme.io?"), out);
  const set = "Xy7.abcDEF.9kq";
  ok(
    gone(`helm upgrade api ./chart --set auth.rootPassword=${set}`, set).includes(
      "auth.rootPassword=",
    ),
  );
});

Deno.test("labels: a token in French, Italian and other languages names its value", () => {
  const token = hex(40);
  gone(`Le jeton d'accès du bot est ${token} (ne pas le committer).`, token);
  const key = chars(ALNUM, 24);
  gone(`Il gettone API per la CI è ${key}`, key);
  kept("le jeton de session expire après 3600 secondes");
});

Deno.test("blocks: a default under a secret-named block is the secret, an expression is not", () => {
  const tf = "Cusco_32#mistral";
  const out = gone(`variable "db_password" {\n  type    = string\n  default = "${tf}"\n}`, tf);
  ok(out.includes('variable "db_password"'), out);
  const cfn = "Tbilisi.7399&cobalt";
  gone(
    `Parameters:\n  DbPassword:\n    Type: String\n    NoEcho: true\n    Default: ${cfn}\n`,
    cfn,
  );
  kept('variable "db_password" {\n  default = var.shared_password\n}');
  kept('variable "region" {\n  default = "eu-west-1-abc"\n}');
  kept('variable "password_min_length" {\n  default = 12345678\n}');
  kept("Parameters:\n  Env:\n    Default: production-eu-1\n");
});

Deno.test("shapes: a short commit, an elided or masked value and digits before a label stay", () => {
  kept(`Fixed the token leak in ${hex(12)}; see the release notes.`);
  kept(`Token expired: ${chars(ALNUM, 8)}... (truncated)`);
  kept(`auth failed: token ${chars(ALNUM, 4)}…${chars(ALNUM, 4)} not found`);
  kept("ERROR 1045 (28000): Access denied for user 'app'@'10.0.0.5' (using password: YES)");
  const pin = "482913";
  gone(`the alarm pin is ${pin}`, pin);
});

Deno.test("names: a digest of a secret, a claim's id and a key's fingerprint name, not hold", () => {
  kept(`We store sha256(api_key) = ${hex(64)} to look keys up.`);
  kept(`password_sha1 = "${hex(40)}"`);
  kept(`INFO [auth] issued token jti=${uuid()} sub=user:1017 exp=1790286912`);
  kept(`jti: ${chars(ALNUM, 21)}`);
  kept(`x5t#S256: ${chars(B64URL, 43)}`);
  kept(`fingerprint of the new deploy key: SHA256:${base64(32).replace(/=+$/, "")}`);
  kept(`gpg: key ${hex(16).toUpperCase()}: public key "Ana <ana@acme.io>" imported`);
  kept(
    `OAuth client 187125818819-${
      chars("abcdefghijklmnopqrstuvwxyz0123456789", 32)
    }.apps.googleusercontent.com`,
  );
  kept("gcloud secrets versions access latest --secret=ledger-api-key");
  kept('apiKey: "AIza" is public for Firebase web apps; restrict it by referrer.');
  const token = uuid();
  gone(`issued token ${token} to the cron job`, token);
  const flag = chars(ALNUM, 24);
  gone(`vault login --secret=${flag}`, flag);
});

Deno.test("values: a '?' inside a URL's password and letters under 'creds' are secrets", () => {
  const pw = "Summer2023?yn";
  gone(`amqp://app:${pw}@mq.acme.io:5672/%2f`, pw);
  kept("http://localhost:8080?email=a@b.com");
  const letters = "RmeYpqOrzXatCrq";
  gone(`new creds for the bastion — ${letters}`, letters);
  kept("credentials: AdminUser");
});

Deno.test("placeholders: stand-in words, repeated letters and counting-up runs are no values", () => {
  kept("Placeholders in the README: API_KEY=xxxx, SECRET=yyyy");
  kept("Example: `export ACME_TOKEN=acme_test_1234567890abcdef`");
  kept('mock_api_key = "mock-api-key"');
  kept("DUMMY_SECRET=dummy");
  const real = chars(ALNUM, 24);
  gone(`export ACME_TOKEN=${real}`, real);
  gone("DB_PASSWORD=Password1234!", "Password1234!");
});

Deno.test("bare passwords: the names glued before a generated password are not part of it", () => {
  const pw = "JHn=Pnj{r*5Y1b*SPRkV)J%cI9";
  const out = gone(`kubectl create secret generic db --from-literal=password=${pw}`, pw);
  ok(out.includes("--from-literal=password="), out);
});

Deno.test("bare key: 'the key <token>', 'the key is <uuid>' and a key offered by a question", () => {
  const key = hex(32);
  gone(`Description: the key ${key} was posted in #general`, key);
  const id = uuid();
  gone(`the key is ${id}`, id);
  const asked = hex(32);
  gone(`is this the right api key? ${asked}`, asked);
  kept(`the key ${uuid()} was posted`); // a UUID not said to be the key
  kept(`the key ID ${uuid()} is in the audit log`);
  const shot = uuid();
  gone(`the key in the screenshot is ${shot}, someone please blur it`, shot);
  kept(`the key for this row is ${uuid()}`);
  kept(`the key used in the cache is ${hex(32)}`);
});

Deno.test("defaults and stand-ins: a login repeated as its password, N/A, a masked prefix stay", () => {
  kept("amqp://guest:guest@localhost:5672/");
  kept("postgres://postgres:postgres@localhost/test");
  kept("password: N/A\ntoken: ghp_REDACTED");
  kept("helm install ledger ./chart --set auth.existingSecret=ledger-db");
  const pw = "app-Secret1";
  gone(`postgres://app:${pw}@db/x`, pw);
});

Deno.test("commands and markup: random-case passphrases, sudo -S, named XML elements, bare auth", () => {
  gone("gpg --batch --passphrase ZcoYlsZveOfpSkm -d secrets.gpg", "ZcoYlsZveOfpSkm");
  kept("password = userInput");
  gone('echo "Hobart.1140&tundra" | sudo -S systemctl restart app', "Hobart.1140&tundra");
  kept("echo hello | sudo tee /etc/motd");
  gone("htpasswd -bc /etc/nginx/.htpasswd ana ZorMiiRnhCoqFiq", "ZorMiiRnhCoqFiq");
  kept("htpasswd -c .htpasswd admin");
  const secret = hex(32);
  gone(`<Setting name="ClientSecret">${secret}</Setting>`, secret);
  kept('<Setting name="Region">eu-west-1-extra</Setting>');
  const token = hex(32);
  gone(`Authorization: ${token}`, token);
  kept("the Authorization: header carries the token");
});

Deno.test("fixtures: stand-ins under a line that says they are fake stay, real values do not", () => {
  kept('The test fixture uses password "test-password-123" and token "test-token".');
  kept('// FAKE credentials for the unit tests\nconst fixture = { password: "demo-password-1" };');
  const pw = "hunter2-Blue";
  gone(`the example password is ${pw}`, pw);
  gone("the staging password is Password123", "Password123");
  const key = chars(ALNUM, 32);
  gone(`// fake fixture\nconst key = "${key}";`, key);
});

Deno.test("after a token: the words after it may name it an id, as words before it do", () => {
  kept(`${chars(ALNUM, 20)} is the objectID that failed to index`);
  kept(`vault token accessor ${chars(ALNUM, 24)}`);
  const token = chars(ALNUM, 23);
  gone(`${token} is the token for prod`, token);
});

Deno.test("answers: a line answering a service's key gives it as a UUID or key-length hex too", () => {
  const key = uuid();
  gone(`ana: need the segment write key\nleo: ${key}\nana: thanks`, key);
  kept(`ana: what is the cache key\nleo: ${uuid()}`);
});

Deno.test("blocks: a service's table or map names its key, a Secret reference names none", () => {
  const key = hex(64);
  gone(`[stripe]\nkey = "${key}"`, key);
  const token = uuid();
  gone(`datadog:\n  token: ${token}`, token);
  kept('[stripe]\nkey = "pk_live_abcdefghijklmnop1234"');
  kept(`cache:\n  key: ${uuid()}`);
  kept("valueFrom:\n  secretKeyRef:\n    name: db-credentials\n    key: password");
});

Deno.test("chat exports: a speaker's line between a question and its answer is read past", () => {
  const pw = "Spring2021$ts";
  gone(`**ana** 10:01\nwhat's the grafana admin password\n**leo** 10:02\n${pw}`, pw);
  const token = hex(64);
  gone(`ana — Today at 10:01\nsend me the api token pls\nleo — Today at 10:02\n${token}`, token);
  kept(
    `ana — Today at 10:01\nwhat's the commit for the token fix?\nleo — Today at 10:02\n${hex(40)}`,
  );
  kept(`Subject: New sign-in to your account\n\nDevice ${chars(ALNUM, 20)} signed in from Berlin.`);
  const hook = hex(32);
  gone(`- [ ] rotate the webhook secret (currently ${hook})`, hook);
});

Deno.test("verbs: a db, wifi or vpn said to use or be set to a password-shaped value", () => {
  gone("the staging db uses Spring2024#wy (user app)", "Spring2024#wy");
  gone("set the wifi to Winter2026?bn for the office AP", "Winter2026?bn");
  kept("fn(db: DatabaseSync, fn: () => Promise<T>): Promise<T> {");
  kept("if (db.isTransaction || !db.isOpen) return;");
  kept("the db is Postgres 15 (not MySQL!)");
});

Deno.test("code: member access, index by name, algorithm and binary type names are no values", () => {
  kept("  const mib = (bytes / (1 << 20)).toFixed(1);");
  kept("  if (nameLike(tokens[i - 1]) && !tokens[i - 1]!.possessive) i--;");
  kept("    operatorToken = env[tokenVar] || undefined;");
  kept(" * Passphrase keys: Argon2id (RFC 9106, v0x13) of the NFC-normalized passphrase,");
  kept("export type DnaKey = { readonly passphrase: string } | { readonly rawKey: Uint8Array };");
  kept('const first = root.kind === "object" ? root.members[0] : undefined;');
  kept(
    'const INSERT_TOKEN_SQL = "INSERT OR IGNORE INTO memory_tokens (token, rid) VALUES (?, ?)";',
  );
  kept("export const DEVICE_C_SECRET: Uint8Array = new Uint8Array(32).fill(0x99);");
  kept("deepEqual(reopened.verifyLog(), [op!.changeId]);");
  gone("password = Winter[2025]", "Winter[2025]");
  gone("password: D9(JT3ZWTXyOjiM](AJehIf_0", "D9(JT3ZWTXyOjiM](AJehIf_0");
  gone("the passphrase is bluemango1992", "bluemango1992");
});

Deno.test("encodings: an aside or word naming the encoding is read past to what names the value", () => {
  kept(`public key (base64): ${base64(32)}`);
  kept(`ETag base64 ${base64(16)}`);
  kept(`Sec-WebSocket-Key: ${base64(16)}`);
  kept(`msgpack frame ${base64(40)}`);
  const key = base64(32);
  gone(`encryption key (base64): ${key}`, key);
});

Deno.test("verbs and rules: letters after 'the db uses', a value under a heading's rule", () => {
  gone("the staging db uses YvaFprFgxQalCec (user app)", "YvaFprFgxQalCec");
  kept("the db uses PostgreSQL");
  const key = uuid();
  gone(`API key\n-------\n${key}`, key);
});
