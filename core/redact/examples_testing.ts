/**
 * Helpers of the redaction tests: random tokens of given alphabets (seeded), one realistic
 * example per secret type, and the `gone` / `kept` assertions.
 *
 * @module
 */
import { equal, ok } from "node:assert/strict";
import { seededRandom } from "../../tests/fixtures/random.ts";
import { redact } from "./redact.ts";
import type { SecretType } from "./types.ts";

/**
 * Asserts that redacting `text` removes `secret`, and every 12-character run of it, and that a
 * second pass changes nothing; returns the redacted text.
 */
export const gone = (text: string, secret: string): string => {
  const out = redact(text).text;
  ok(!out.includes(secret), out);
  for (let i = 0; i + 12 <= secret.length; i++) ok(!out.includes(secret.slice(i, i + 12)), out);
  equal(redact(out).text, out, "a second pass changes nothing");
  return out;
};

/** Asserts that redacting `text` leaves it as it is. */
export const kept = (text: string): void => equal(redact(text).text, text);

// Tokens are built at run time so no scanner mistakes this file for a leak.
const random = seededRandom(4242);
export const LOWER = "abcdefghijklmnopqrstuvwxyz";
export const UPPER = LOWER.toUpperCase();
export const DIGITS = "0123456789";
export const ALNUM = LOWER + UPPER + DIGITS;
export const B64URL = ALNUM + "-_";
/** `n` random characters of `alphabet` (seeded). */
export const chars = (alphabet: string, n: number) =>
  Array.from({ length: n }, () => alphabet[Math.floor(random() * alphabet.length)]).join("");
/** `n` random hex digits. */
export const hex = (n: number) => chars("0123456789abcdef", n);
/** Base64 of `bytes` random bytes. */
export const base64 = (bytes: number) =>
  btoa(
    Array.from({ length: bytes }, () => String.fromCharCode(Math.floor(random() * 256))).join(""),
  );
export const b64url = (text: string) =>
  btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
export const pemBody = (lines: number) =>
  Array.from({ length: lines }, () => base64(48)).join("\n");

/** One example per type: the text, and the secret that must disappear from it. */
/** One example per secret type: a text holding a fresh secret, and the secret. */
export const EXAMPLES: Record<SecretType, () => [string, string]> = {
  "aws_access_key": () => {
    const id = "AKIA" + chars(UPPER + "234567", 16);
    return [`aws_access_key_id = ${id}`, id];
  },
  "aws_secret_key": () => {
    const key = chars(ALNUM + "+/", 40);
    return [`[default]\naws_secret_access_key = ${key}\nregion = eu-west-1`, key];
  },
  "aws_session_token": () => {
    const token = "IQoJb3JpZ2luX2VjE" + chars(ALNUM + "+/", 400);
    return [`aws_session_token = ${token}`, token];
  },
  "gcp_api_key": () => {
    const key = "AIza" + chars(B64URL, 35);
    return [
      `curl "https://maps.googleapis.com/maps/api/geocode/json?address=Paris&key=${key}"`,
      key,
    ];
  },
  "gcp_service_account_key": () => {
    const body = pemBody(4).replaceAll("\n", "\\n");
    const key = `-----BEGIN PRIVATE KEY-----\\n${body}\\n-----END PRIVATE KEY-----\\n`;
    return [`{"type": "service_account", "project_id": "acme", "private_key": "${key}"}`, body];
  },
  "gcp_oauth_client_secret": () => {
    const secret = "GOCSPX-" + chars(B64URL, 28);
    return [
      `{"web": {"client_id": "123.apps.googleusercontent.com", "client_secret": "${secret}"}}`,
      secret,
    ];
  },
  "google_oauth_token": () => {
    const token = "ya29." + chars(B64URL, 150);
    return [`access token: ${token}`, token];
  },
  "azure_storage_key": () => {
    const key = base64(64);
    return [
      `DefaultEndpointsProtocol=https;AccountName=stacme;AccountKey=${key};EndpointSuffix=core.windows.net`,
      key,
    ];
  },
  "azure_shared_access_key": () => {
    const key = base64(32);
    return [
      `Endpoint=sb://acme.servicebus.windows.net/;SharedAccessKeyName=Root;SharedAccessKey=${key}`,
      key,
    ];
  },
  "azure_sas_signature": () => {
    const sig = encodeURIComponent(base64(32));
    return [`https://acme.blob.core.windows.net/c/f.csv?sv=2022-11-02&sp=r&sig=${sig}`, sig];
  },
  "azure_client_secret": () => {
    const secret = chars(ALNUM, 3) + "8Q~" + chars(ALNUM + "_~.-", 34);
    return [`client secret ${secret} expires in 180 days`, secret];
  },
  "digitalocean_token": () => {
    const token = "dop_v1_" + hex(64);
    return [`doctl auth init -t ${token}`, token];
  },
  "heroku_api_key": () => {
    const key = "HRKU-AA" + chars(B64URL, 58);
    return [`heroku auth:token\n${key}`, key];
  },
  "github_token": () => {
    const token = "ghp_" + chars(ALNUM, 36);
    return [`git clone https://x:${token}@github.com/acme/web.git`, token];
  },
  "github_fine_grained_pat": () => {
    const token = "github_pat_" + chars(ALNUM, 22) + "_" + chars(ALNUM, 59);
    return [`GH_TOKEN=${token} gh pr list`, token];
  },
  "gitlab_token": () => {
    const token = "glpat-" + chars(B64URL, 20);
    return [
      `curl --header "PRIVATE-TOKEN: ${token}" https://gitlab.example.com/api/v4/projects`,
      token,
    ];
  },
  "npm_token": () => {
    const token = "npm_" + chars(ALNUM, 36);
    return [`//registry.npmjs.org/:_authToken=${token}`, token];
  },
  "npmrc_auth_token": () => {
    const token = crypto.randomUUID();
    return [`//registry.npmjs.org/:_authToken=${token}\nalways-auth=true`, token];
  },
  "pypi_token": () => {
    const token = "pypi-AgEIcHlwaS5vcmc" + chars(B64URL, 150);
    return [`twine upload -u __token__ -p ${token} dist/*`, token];
  },
  "docker_hub_token": () => {
    const token = "dckr_pat_" + chars(B64URL, 27);
    return [`echo ${token} | docker login -u acme --password-stdin`, token];
  },
  "vault_token": () => {
    const token = "hvs." + chars(B64URL, 90);
    return [`export VAULT_ADDR=https://vault:8200 VAULT_TOKEN=${token}`, token];
  },
  "databricks_token": () => {
    const token = "dapi" + hex(32);
    return [`databricks configure --token ${token}`, token];
  },
  "openai_api_key": () => {
    const key = "sk-proj-" + chars(B64URL, 74) + "T3BlbkFJ" + chars(B64URL, 74);
    return [`client = OpenAI(api_key="${key}")`, key];
  },
  "anthropic_api_key": () => {
    const key = "sk-ant-api03-" + chars(B64URL, 93) + "AA";
    return [`curl https://api.anthropic.com/v1/messages -H "x-api-key: ${key}"`, key];
  },
  "openrouter_api_key": () => {
    const key = "sk-or-v1-" + hex(64);
    return [`OPENROUTER_API_KEY=${key}`, key];
  },
  "groq_api_key": () => {
    const key = "gsk_" + chars(ALNUM, 52);
    return [`Groq(api_key="${key}")`, key];
  },
  "replicate_token": () => {
    const token = "r8_" + chars(ALNUM, 37);
    return [`the replicate one: ${token}`, token];
  },
  "huggingface_token": () => {
    const token = "hf_" + chars(LOWER + UPPER, 34);
    return [`huggingface-cli login --token ${token}`, token];
  },
  "slack_token": () => {
    const token = `xoxb-${chars(DIGITS, 12)}-${chars(DIGITS, 13)}-${chars(ALNUM, 24)}`;
    return [`app = App(token="${token}")`, token];
  },
  "slack_webhook": () => {
    const secret = chars(ALNUM, 24);
    return [
      `webhook: https://hooks.slack.com/services/T${chars(UPPER, 8)}/B${
        chars(UPPER, 10)
      }/${secret}`,
      secret,
    ];
  },
  "discord_bot_token": () => {
    const token = b64url("1234567890123456789") + "." + chars(B64URL, 6) + "." + chars(B64URL, 38);
    return [`client.login("${token}")`, token];
  },
  "discord_webhook": () => {
    const secret = chars(B64URL, 68);
    return [`https://discord.com/api/webhooks/123456789012345678/${secret}`, secret];
  },
  "telegram_bot_token": () => {
    const token = `123456789:AA${chars(B64URL, 33)}`;
    return [`https://api.telegram.org/bot${token}/sendMessage`, token];
  },
  "twilio_api_key": () => {
    const key = "SK" + hex(32);
    return [`Twilio API key ${key} created`, key];
  },
  "sendgrid_api_key": () => {
    const key = "SG." + chars(B64URL, 22) + "." + chars(B64URL, 43);
    return [`sg = SendGridAPIClient("${key}")`, key];
  },
  "mailgun_api_key": () => {
    const key = "key-" + hex(32);
    return [`curl -s --user 'api:${key}' https://api.mailgun.net/v3/domains`, key];
  },
  "stripe_secret_key": () => {
    const key = "sk_live_" + chars(ALNUM, 99);
    return [`stripe.api_key = "${key}"`, key];
  },
  "stripe_webhook_secret": () => {
    const secret = "whsec_" + chars(ALNUM, 32);
    return [`STRIPE_WEBHOOK_SECRET=${secret}`, secret];
  },
  "shopify_token": () => {
    const token = "shpat_" + hex(32);
    return [`X-Shopify-Access-Token: ${token}`, token];
  },
  "square_token": () => {
    const token = "EAAA" + chars(B64URL, 60);
    return [`square access token ${token}`, token];
  },
  "age_secret_key": () => {
    const key = "AGE-SECRET-KEY-1" + chars("QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L", 58);
    return [`# created: 2024-05-01\n${key}`, key];
  },
  "linear_api_key": () => {
    const key = "lin_api_" + chars(ALNUM, 40);
    return [`new LinearClient({ apiKey: "${key}" })`, key];
  },
  "postman_api_key": () => {
    const key = `PMAK-${hex(24)}-${hex(34)}`;
    return [`newman run collection.json --postman-api-key ${key}`, key];
  },
  "sentry_token": () => {
    const token = "sntryu_" + hex(64);
    return [`sentry-cli --auth-token ${token} releases new 1.2.3`, token];
  },
  "grafana_token": () => {
    const token = `glsa_${chars(ALNUM, 32)}_${hex(8)}`;
    return [`grafana token ${token}`, token];
  },
  "new_relic_key": () => {
    const key = "NRAK-" + chars(UPPER + DIGITS, 27);
    return [`newrelic profiles add --apiKey ${key}`, key];
  },
  "buildkite_token": () => {
    const token = "bkua_" + hex(40);
    return [`buildkite-agent start --token ${token}`, token];
  },
  "sonarqube_token": () => {
    const token = "squ_" + hex(40);
    return [`sonar-scanner -Dsonar.token=${token}`, token];
  },
  "mapbox_secret_token": () => {
    const token = "sk." + b64url('{"u":"acme","a":"clx1y2z3"}') + "." + chars(B64URL, 22);
    return [`MAPBOX_DOWNLOADS_TOKEN=${token}`, token];
  },
  "vendor_token": () => {
    const token = "hcaik_" + chars(LOWER + DIGITS, 58);
    return [`exporter headers: {"x-honeycomb-team": "${token}"}`, token];
  },
  "jwt": () => {
    const token = `${b64url('{"alg":"HS256","typ":"JWT"}')}.${
      b64url('{"sub":"42","iat":1700000000}')
    }.${b64url(atob(base64(32)))}`;
    return [`Authorization: Bearer ${token}`, token];
  },
  "pem_private_key": () => {
    const body = pemBody(8);
    return [`-----BEGIN RSA PRIVATE KEY-----\n${body}\n-----END RSA PRIVATE KEY-----`, body];
  },
  "openssh_private_key": () => {
    const body = pemBody(5);
    return [
      `-----BEGIN OPENSSH PRIVATE KEY-----\n${body}\n-----END OPENSSH PRIVATE KEY-----`,
      body,
    ];
  },
  "pgp_private_key": () => {
    const body = pemBody(10);
    return [
      `-----BEGIN PGP PRIVATE KEY BLOCK-----\n\n${body}\n=AbCd\n-----END PGP PRIVATE KEY BLOCK-----`,
      body,
    ];
  },
  "database_url_password": () => {
    const password = chars(ALNUM, 20);
    return [`DATABASE_URL=postgres://app:${password}@db.internal:5432/app`, password];
  },
  "url_password": () => {
    const password = chars(ALNUM, 16);
    return [`export HTTPS_PROXY=http://proxy:${password}@proxy.corp.example.com:3128`, password];
  },
  "authorization_bearer": () => {
    const token = chars(ALNUM, 40);
    return [`curl -H "Authorization: Bearer ${token}" https://api.example.com/v1/me`, token];
  },
  "authorization_basic": () => {
    const credentials = btoa(`admin:${chars(ALNUM, 14)}`);
    return [`Authorization: Basic ${credentials}`, credentials];
  },
  "session_cookie": () => {
    const session = chars(ALNUM, 40);
    return [`Cookie: theme=dark; sessionid=${session}; lang=en`, session];
  },
  "cli_secret_flag": () => {
    const password = `${chars(ALNUM, 10)}!`;
    return [`./admin create-user --email ana@example.com --password ${password}`, password];
  },
  "env_secret": () => {
    const password = `${chars(ALNUM, 12)}#9`;
    return [`NODE_ENV=production\nDB_PASSWORD=${password}\nPORT=3000`, password];
  },
  "secret_assignment": () => {
    const password = chars(ALNUM, 18);
    return [`database:\n  user: app\n  password: ${password}\n`, password];
  },
  "high_entropy": () => {
    const token = chars(ALNUM, 40);
    return [`const client = new VendorClient("${token}");`, token];
  },
};
