import { deepEqual, equal } from "node:assert/strict";
import { exactTokens, queryTokens } from "./exact_tokens.ts";

Deno.test("exactTokens() keeps code tokens and leaves prose alone", async (t) => {
  const cases: Array<[string, string[]]> = [
    ["We decided to use Postgres for billing.", []],
    ["Set BILLING_WEBHOOK_SECRET in .env", ["billing_webhook_secret", ".env"]],
    ["useSessionStore() holds auth", ["usesessionstore"]],
    ["HTTPServer and ECONNRESET", ["httpserver", "econnreset"]],
    ["Mongo E11000, node v20.11", ["e11000", "v20.11", "v20"]],
    ["pass --frozen-lockfile or -rf", ["--frozen-lockfile", "frozen-lockfile", "-rf"]],
    ["see .github/workflows/deploy.yml.", [".github/workflows/deploy.yml", "deploy.yml"]],
    ["RetryPolicy.with_jitter", ["retrypolicy.with_jitter", "retrypolicy", "with_jitter"]],
    ["Run `alembic upgrade head` first", ["alembic upgrade head"]],
    ["crate::db::pool and Foo::Bar", ["crate::db::pool", "foo::bar"]],
  ];
  for (const [text, expected] of cases) {
    await t.step(text, () => deepEqual(exactTokens(text), expected));
  }
});

Deno.test("exactTokens() indexes both sides of an assignment, and real identifier shapes", async (t) => {
  const cases: Array<[string, string[]]> = [
    // Env assignments: the pair as today, the name, and a value of three characters or more.
    ["export ZQ47RX=1", ["zq47rx=1", "zq47rx"]],
    ["DEPLOY_ENV=staging npm run deploy", ["deploy_env=staging", "deploy_env", "staging"]],
    ["export FOO=bar", ["foo=bar", "foo", "bar"]],
    ["KEY=\"two words\" and TOKEN='abc123'", ["key", "token=abc123", "token", "abc123"]],
    ["Set $DATABASE_URL first", ["database_url", "$database_url"]],
    // CLI flags with a value.
    [
      "node --max-old-space-size=4096 app.js",
      [
        "--max-old-space-size=4096",
        "max-old-space-size=4096",
        "--max-old-space-size",
        "max-old-space-size",
        "4096",
        "app.js",
      ],
    ],
    ["--env=production", ["--env=production", "env=production", "--env", "production"]],
    // `KEY: value` when the key is code-like and the value looks like one; prose stays out.
    ["NODE_ENV: production", ["node_env=production", "node_env", "production"]],
    ["PORT: 8080", ["port=8080", "port", "8080"]],
    ["runs-on: ubuntu-latest", ["runs-on=ubuntu-latest", "runs-on", "ubuntu-latest"]],
    ["Note: see the docs. TODO: fix this", ["todo"]],
    ["auth-svc: the identity provider", ["auth-svc"]],
    ["permissions:\n  id-token: write\n  contents: read", ["id-token=write", "id-token", "write"]],
    // Dotted keys, URLs with their parameters, connection strings.
    ["set a.b.c=1 in config", ["a.b.c=1", "a.b.c"]],
    [
      "GET https://api.example.com/v2/items?page=2&sort=desc",
      [
        "https://api.example.com/v2/items?page=2&sort=desc",
        "https://api.example.com/v2/items",
        "api.example.com",
        "items",
        "page=2",
        "page",
        "sort=desc",
        "sort",
        "desc",
      ],
    ],
    [
      "DATABASE_URL=postgres://app@db.internal:5432/main",
      [
        "database_url=postgres://app@db.internal:5432/main",
        "database_url",
        "postgres://app@db.internal:5432/main",
        "db.internal:5432",
        "db.internal",
        "main",
      ],
    ],
    // Packages at a version, bare versions.
    [
      "install @scope/pkg@1.2.3 and lodash@4.17.21",
      [
        "@scope/pkg@1.2.3",
        "@scope/pkg",
        "pkg",
        "1.2.3",
        "lodash@4.17.21",
        "lodash",
        "4.17.21",
      ],
    ],
    ["upgrade to 1.2.3, then 10.0.1-rc.1", ["1.2.3", "10.0.1-rc.1"]],
    // Ticket ids and names without digits, in CAPS or camelCase.
    ["ticket ABC-123 and ZQHKX", ["abc-123", "zqhkx"]],
    ["useSessionStore and QueryClient", ["usesessionstore", "queryclient"]],
    // Comparisons and arrows are not assignments.
    ["a == b and x => y and x>=1", []],
  ];
  for (const [text, expected] of cases) {
    await t.step(text, () => deepEqual(exactTokens(text), expected));
  }
});

Deno.test("exactTokens() is case-insensitive: the case of a name does not change its tokens", () => {
  deepEqual(exactTokens("export zq47rx=1"), exactTokens("export ZQ47RX=1"));
  deepEqual(exactTokens("ZQ47RX"), ["zq47rx"]);
  deepEqual(exactTokens("zq47rx"), ["zq47rx"]);
});

Deno.test("queryTokens() looks up a one-word query whatever its case, and prose not at all", () => {
  deepEqual(queryTokens("ZQHKX"), ["zqhkx"]);
  deepEqual(queryTokens("zqhkx"), ["zqhkx"]);
  deepEqual(queryTokens("usesessionstore"), ["usesessionstore"]);
  deepEqual(queryTokens("ZQ47RX=1"), ["zq47rx=1", "zq47rx"]);
  deepEqual(queryTokens("why did the deploy fail"), []);
  deepEqual(queryTokens("is"), []);
});

Deno.test("exactTokens() caps the tokens kept per memory", () => {
  const many = Array.from({ length: 200 }, (_, i) => `file_${i}.ts`).join(" ");
  equal(exactTokens(many).length, 64);
});
