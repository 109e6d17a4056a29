/**
 * Tests of the mechanisms that decide a secret in prose, one per test: what a value is (its
 * shape), what binds it to a label on either side, what names a secret without the word
 * "password", what stands alone, and the negative evidence that keeps identifiers, code and
 * files as they are.
 *
 * @module
 */
import { ok } from "node:assert/strict";
import { redact } from "./redact.ts";
import { ALNUM, chars, gone, hex, kept, LOWER } from "./examples_testing.ts";

Deno.test("value shape: a semicolon inside a run is the value's, equal random groups are a code", () => {
  gone(
    "db creds for db-eu1: user grafana, pass U4!(H5,:r;Jrr&zdNy+Ovq{",
    "U4!(H5,:r;Jrr&zdNy+Ovq{",
  );
  gone("la contraseña del usuario deploy es I%4@02K2T$;VY[*cHy:2i+", "I%4@02K2T$;VY[*cHy:2i+");
  gone("| prod | admin / %Meadow4;bishop |", "%Meadow4;bishop");
  gone(
    "use the app-specific password gfmy-zkpj-udmz-uvao with the ci apple id",
    "gfmy-zkpj-udmz-uvao",
  );
  const recovery = Array.from({ length: 8 }, () => chars("0123456789", 6)).join("-");
  gone(`BitLocker recovery key ${recovery}`, recovery);
  gone("She said the passphrase was purple-monkey-dishwasher-42", "purple-monkey-dishwasher-42");
  kept("the password for the eu-west-1 box is in the vault");
  kept("graph TD\n  A[checkout] -->|API key| B(Netlify)\n  B --> C{valid?}");
});

Deno.test("binding: a value before 'is the … key' is that key's, a commit before it is not", () => {
  const key = hex(32);
  gone(`${key} is the datadog api key we use in dev; the app key lives in 1password`, key);
  kept(`${hex(40)} is the commit that rotated the api key`);
  kept(`${hex(40)} is where we rotated the API key`);
});

Deno.test("labels: a service's name, a bare key's position, a purpose, an MFA seed, an opener", () => {
  const dd = hex(32);
  gone(`* Datadog: ${dd}\n* PagerDuty: see vault`, dd);
  const cell = hex(32);
  gone(`| service | env | key |\n|---|---|---|\n| Datadog | prod | ${cell} |`, cell);
  const chat = hex(32);
  gone(`key's ${chat}, it's the Datadog one`, chat);
  const cookie = hex(64);
  gone(`Key for signing cookies: ${cookie}.`, cookie);
  gone("The 2FA seed for the shared ops account is X7WT5PKHRG43B2EG.", "X7WT5PKHRG43B2EG");
  gone("Runbook step 4: unlock the keystore with SilverOrangeNebula.", "SilverOrangeNebula");
  const resend = `re_${chars(ALNUM, 8)}_${chars(ALNUM, 24)}`;
  gone(`Note to self — resend.com key for the side project: ${resend}`, resend);
  kept(`Sentry: issue ${hex(32)} regressed`);
  kept(`| file | key |\n|---|---|\n| app.js | ${hex(40)} |`);
  kept(`Stripe: ch_${chars(ALNUM, 24)}`);
  kept(`Twilio: AC${hex(32)}`);
  kept("Cache restored from key: node-cache-Linux-x64-npm-" + hex(64));
});

Deno.test("pairs and cues: 'Service: user, value', 'no spaces, case matters'", () => {
  const out =
    redact("Accounts\n1) Jenkins: admin, PurpleMarbleZephyr\n2) Nexus: deployer, Crimson2005#x")
      .text;
  ok(!out.includes("PurpleMarbleZephyr") && !out.includes("Crimson2005#x"), out);
  gone("it's CobaltPickleCastle (no spaces, case matters)", "CobaltPickleCastle");
  gone("so here: falconharbor1972  (vpn, same user as before)", "falconharbor1972");
  kept("the enum value PendingReviewApproval is case-sensitive");
  kept("Use AcmeAdminPortal (same login as staging)");
  kept("pods: api-7d4b9c8f5d-x2k9p, worker-5c6d7e8f9a-q8w7e");
});

Deno.test("standing alone: a generated password is redacted, code and crypt hashes are not", () => {
  gone("Does anyone know why u_l$ZX_YFf$b?9 no longer works for the staging DB?", "u_l$ZX_YFf$b?9");
  gone("数据库密码是e@PIA^95N*4x^~u5^I", "e@PIA^95N*4x^~u5^I");
  kept("const seconds = ((ctx.io.now() - started) / 1000).toFixed(1);");
  kept("ids match `[A-Za-z0-9_-]{8,64}` or the route #/browse?asOf=2026-11-12");
  kept("ivan:$apr1$jDbxkZ76$GJPd8COC61IIHZY0EwPTtO");
});

Deno.test("known formats: PuTTY keys indented or flattened, a DSN's key, files and defaults", () => {
  const priv = "AAAAIQ" + chars(ALNUM, 38) + "==";
  gone(
    "ppk: |\n  PuTTY-User-Key-File-3: ecdsa-sha2-nistp256\n  Encryption: none\n  Public-Lines: 1\n" +
      `  AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTY\n  Private-Lines: 1\n  ${priv}\n` +
      `  Private-MAC: ${hex(64)}`,
    priv,
  );
  const flat = "AAAAIC" + chars(ALNUM, 42);
  gone(
    "PuTTY-User-Key-File-3: ssh-ed25519 Encryption: none Public-Lines: 1 " +
      `AAAAC3NzaC1lZDI1NTE5AAAAI${chars(ALNUM, 20)} Private-Lines: 1 ${flat} Private-MAC: ${
        hex(64)
      }`,
    flat,
  );
  const dsn = hex(32);
  gone(`SENTRY_DSN: https://${dsn}@o241624.ingest.sentry.io/2842955`, dsn);
  kept(`"thumbnail": "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAA${chars(ALNUM + "+/", 90)}"`);
  kept("password: changeme   # local keycloak only, docker-compose.dev.yml");
  kept("password=${DB_PASSWORD:-postgres}");
  kept(`backup codes for ${chars(LOWER, 6)} are in the safe`);
});

Deno.test("lower-case services and a key given next: generated values only, never code", () => {
  const brevo = `xkeysib-${hex(64)}-${chars(ALNUM, 16)}`;
  gone(`fix: use new brevo key ${brevo}`, brevo);
  const smtp = "I3YNe5dkBgkJThgB";
  gone(`sendinblue smtp key is ${smtp}`, smtp);
  const fc = `fc-${hex(32)}`;
  gone(`switched the scraper to firecrawl, key ${fc}, 500 credits`, fc);
  gone("ok here it is: elc!IhPqL!kNB (dont share pls)", "elc!IhPqL!kNB");
  kept(`etag key ${hex(32)}`);
  kept(`content key ${hex(64)}`);
  kept("tracking key UA-48718260-1 and analytics key G-PZZLVT5NS0");
  kept("registry key HKLM\\Software\\Acme");
  kept("gpg key 3AA5C34371567BD2 expired");
  kept("key commitment = HMAC-SHA-256(`k_commit`, header bytes before the commit field)");
  kept("const cache = `${path}.exact-${(key >>> 0).toString(36)}`;");
  kept('const key = name.toLowerCase().replace(/\\.$/, "").slice(0, 3);');
});

Deno.test("more languages name a password; 'log in with' binds one with symbols", () => {
  for (
    const text of [
      "ο κωδικός του admin είναι harbor7-Maple-31",
      "डेटाबेस का पासवर्ड harbor7-Maple-31 है",
      "كلمة المرور هي harbor7-Maple-31",
      "הסיסמה היא harbor7-Maple-31",
      "รหัสผ่านคือharbor7-Maple-31",
    ]
  ) gone(text, "harbor7-Maple-31");
  gone("login with UbBg!qOxx?iZ (user: ops)", "UbBg!qOxx?iZ");
  kept("sign in with Office365 or log in with GitHub");
  kept("we authenticate with OAuth2-PKCE flows");
});
