/**
 * Tests of redaction, one behaviour at a time: every secret type, readable results, counts,
 * overlaps, context, and what is left alone.
 *
 * @module
 */
import { deepEqual, equal, ok, throws } from "node:assert/strict";
import { redact } from "./redact.ts";
import { placeholder, SECRET_TYPES, type SecretType } from "./types.ts";
import { ALNUM, base64, chars, EXAMPLES, hex, UPPER } from "./examples_testing.ts";

Deno.test("SECRET_TYPES lists at least 30 catalogue formats plus high_entropy, each once", () => {
  equal(new Set(SECRET_TYPES).size, SECRET_TYPES.length);
  ok(SECRET_TYPES.includes("high_entropy"));
  ok(SECRET_TYPES.length - 1 >= 30, `${SECRET_TYPES.length - 1} catalogue types`);
});

Deno.test("placeholder() is [REDACTED:<type>] and rejects unknown types", () => {
  for (const type of SECRET_TYPES) equal(placeholder(type), `[REDACTED:${type}]`);
  throws(() => placeholder("nope" as SecretType), RangeError);
});

Deno.test("redact() recognises every catalogue type", async (t) => {
  for (const type of SECRET_TYPES) {
    await t.step(type, () => {
      const [text, secret] = EXAMPLES[type]();
      const result = redact(text);
      ok(result.text.includes(placeholder(type)), `${type}: ${result.text}`);
      ok(!result.text.includes(secret), `${type} leaked: ${result.text}`);
      ok(result.redactions.some((r) => r.type === type));
    });
  }
});

Deno.test("redact() keeps variable names and URLs readable", () => {
  equal(redact("export API_KEY='k3y-V4lue-9x'").text, "export API_KEY='[REDACTED:env_secret]'");
  equal(
    redact("mongodb+srv://admin:Pa55w0rd-x@cluster0.x7k2m.mongodb.net/?retryWrites=true").text,
    "mongodb+srv://admin:[REDACTED:database_url_password]@cluster0.x7k2m.mongodb.net/?retryWrites=true",
  );
  equal(
    redact('{"user": "app", "password": "c0rrect-h0rse"}').text,
    '{"user": "app", "password": "[REDACTED:secret_assignment]"}',
  );
  equal(
    redact("psql --host db --password=Tr0ub4dor").text,
    "psql --host db --password=[REDACTED:cli_secret_flag]",
  );
});

Deno.test("redact() counts by type, sorted by type name, and totals", () => {
  const key = "AKIA" + chars(UPPER + "234567", 16);
  const result = redact(`DB_PASSWORD=hunter2x\nSMTP_PASSWORD=s3cret-1\nid ${key}`);
  deepEqual(result.redactions, [
    { type: "aws_access_key", count: 1 },
    { type: "env_secret", count: 2 },
  ]);
  equal(result.total, 3);
  deepEqual(redact("nothing to see here"), {
    text: "nothing to see here",
    redactions: [],
    total: 0,
  });
  deepEqual(redact(""), { text: "", redactions: [], total: 0 });
});

Deno.test("redact() resolves overlaps: the most specific match wins", () => {
  const [, openai] = EXAMPLES.openai_api_key();
  equal(redact(`OPENAI_API_KEY=${openai}`).text, "OPENAI_API_KEY=[REDACTED:openai_api_key]");
  const [, jwt] = EXAMPLES.jwt();
  equal(redact(`Authorization: Bearer ${jwt}`).text, "Authorization: Bearer [REDACTED:jwt]");
  const [pem] = EXAMPLES.pem_private_key();
  const inEnv = redact(`PRIVATE_KEY="${pem.replaceAll("\n", "\\n")}"`);
  deepEqual(inEnv.redactions, [{ type: "pem_private_key", count: 1 }]);
  ok(
    inEnv.text.startsWith(
      'PRIVATE_KEY="-----BEGIN RSA PRIVATE KEY-----\\n[REDACTED:pem_private_key]',
    ),
  );
  const [, gitlab] = EXAMPLES.gitlab_token();
  equal(
    redact(`https://oauth2:${gitlab}@gitlab.com/acme/web.git`).text,
    "https://oauth2:[REDACTED:gitlab_token]@gitlab.com/acme/web.git",
  );
  // The same input always gives the same output.
  const text = `token=${openai}\n${pem}`;
  equal(redact(text).text, redact(text).text);
});

Deno.test("redact() uses context: secret-named keys redact, hash and id keys protect", () => {
  const digest = hex(40);
  equal(redact(`api_key = "${digest}"`).text, 'api_key = "[REDACTED:secret_assignment]"');
  equal(redact(`"sha": "${digest}"`).text, `"sha": "${digest}"`);
  const random = chars(ALNUM, 32);
  equal(redact(`request_id=${random}`).text, `request_id=${random}`);
  equal(redact(`"integrity": "sha512-${base64(64)}"`).total, 0);
});

Deno.test("redact() leaves references, placeholders and prose alone", () => {
  for (
    const text of [
      'password = os.environ["DB_PASSWORD"]',
      "apiKey: process.env.OPENAI_API_KEY,",
      "token: ${{ secrets.NPM_TOKEN }}",
      "def login(username: str, password: str) -> bool:",
      "PASSWORD_MIN_LENGTH=12",
      "max_tokens: 4096",
      "API_KEY=your-api-key-here",
      "OPENAI_API_KEY=sk-...",
      "password: <your password>",
      "The token is refreshed automatically; the password is stored in 1Password.",
      "docker login --password-stdin",
      "DATABASE_URL=postgres://user:${DB_PASSWORD}@db:5432/app",
      "const pass = score >= GATE_CUTOFF;",
      "const PER_TOKEN = 1_000;",
      '{"vocab": {"secret": 1854, "password": 1858}}',
      "permissions:\n  id-token: write\n  contents: read",
      'e("billing.rotate_webhook_secret", "related_to", "billing.env.webhook_secret")',
    ]
  ) {
    equal(redact(text).total, 0, text);
  }
});

Deno.test("redact() leaves hashes, ids and encoded data alone", () => {
  for (
    const text of [
      `commit ${hex(40)} (HEAD -> main)`,
      `request ${crypto.randomUUID()} finished`,
      `${hex(64)}  dist/app.tar.gz`,
      `image: nginx@sha256:${hex(64)}`,
      `<img src="data:image/png;base64,${btoa("\x89PNG\r\n\x1a\n" + atob(base64(120)))}">`,
      `echo ${btoa("hello from the build server, nothing secret here")}`,
      "getUserAccountSettingsForOrganization(orgId, AbstractSingletonProxyFactoryBean)",
      "https://github.com/acme/web/blob/main/src/app.ts#L42",
      "web-7d4b9c8f5d-x2k9p   1/1   Running",
      `golang.org/x/net v0.20.0 h1:${base64(32)}`,
    ]
  ) {
    equal(redact(text).total, 0, text);
  }
});

Deno.test("redact() rejects non-strings", () => {
  throws(() => redact(undefined as unknown as string), TypeError);
});

Deno.test("redact() takes a password that starts with a sigil, not a YAML alias or a bind parameter", () => {
  for (
    const text of ["secret = *Lq7Pz9x2Kv", "client_secret: @Rk4mZ8pQ2w", "password=&Zt7qLp2#w"]
  ) {
    const out = redact(text).text;
    ok(out.includes("[REDACTED:secret_assignment]"), out);
  }
  for (
    const text of [
      "password: *default_db_password",
      "db_password: *db_creds",
      "WHERE password = @userPassword",
      "secret: &secretAnchor",
    ]
  ) equal(redact(text).text, text);
});

Deno.test("redact() keeps what only looks like a secret: ARNs, placeholders, a key's own word, files a command printed", () => {
  for (
    const text of [
      "secret lives at arn:aws:secretsmanager:eu-west-1:123456789012:secret:prod/db-AbC123",
      "api_key: xxxx-xxxx-xxxx-test  # dummy for unit tests",
      'const fixture = { user: "alice", password: "password" };',
      "kubectl get cm web -o jsonpath='{.binaryData.logo}' returned kMvepgVx9X8ypreJefc8HHRwG606xffzs/yi9yYzjFgCvCtQVE0CWGFXQbPP",
    ]
  ) equal(redact(text).text, text);
  // The same shapes holding a secret are still taken.
  ok(redact("api_key: xk4f-9Qw2-mZ7p-Lr8t").text.includes("[REDACTED:"));
  ok(
    redact("the token command printed kMvepgVx9X8ypreJefc8HHRwG606xffzs/yi9yYzjFgCvCtQVE0C").text
      .includes("[REDACTED:"),
  );
});

Deno.test("redact() takes passwords typed with loose brackets, under psql's header, and given in answer", () => {
  for (
    const [text, secret] of [
      [
        "works with password D9(JT3ZWTXyOjiM](AJehIf_0 until we move to keys",
        "D9(JT3ZWTXyOjiM](AJehIf_0",
      ],
      ["password: D9(JT3ZWTXyOjiM](AJehIf_0", "D9(JT3ZWTXyOjiM](AJehIf_0"],
      [
        " usename  | passwd\n----------+------------------\n readonly | KggWzgGekRlpTdv\n(1 row)",
        "KggWzgGekRlpTdv",
      ],
      [
        "> what's the rabbit pw for staging?\nit's Bergen_3923!cobalt but don't paste it",
        "Bergen_3923!cobalt",
      ],
    ]
  ) {
    const out = redact(text!).text;
    ok(!out.includes(secret!), out);
  }
  // Code, plain tables, answers without a value and the pairs after a value stay.
  equal(redact(" id | name\n----+------\n 1 | Widget-Pro-9000\n(1 row)").total, 0);
  equal(redact("api_token: \"{{ lookup('env', 'API_TOKEN') }}\"").total, 0);
  equal(
    redact("> what's the deploy key for staging?\nit's the one in 1Password, ask Priya").total,
    0,
  );
  ok(
    redact("Server=db;User Id=app;Password=Xy9(kQ2mZ7pLr8t;TrustServerCertificate=True").text
      .endsWith(";TrustServerCertificate=True"),
  );
});

Deno.test("redact() keeps the name of a pair and the host of a URL around the secret it takes", () => {
  const ini = redact("[client]\nuser=grafana\npassword=Xy9(kQ2mZ7pLr8t\nhost=db-4.int").text;
  ok(ini.includes("password=[REDACTED:") && ini.endsWith("\nhost=db-4.int"), ini);
  const url = redact(
    "git clone https://gitlab+deploy-token-46:glpat-Rk4mZ8pQ2wXy9Lq7Pz9x@gitlab.com/tallow/infra.git",
  ).text;
  ok(url.endsWith("@gitlab.com/tallow/infra.git") && !url.includes("glpat-Rk4m"), url);
});
