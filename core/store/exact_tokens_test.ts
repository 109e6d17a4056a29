import { deepEqual } from "node:assert/strict";
import { exactTokens } from "./exact_tokens.ts";

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
    ["crate::db::pool and @scope/pkg", ["crate::db::pool", "@scope/pkg", "pkg"]],
  ];
  for (const [text, expected] of cases) {
    await t.step(text, () => deepEqual(exactTokens(text), expected));
  }
});

Deno.test("exactTokens() caps the tokens kept per memory", () => {
  const many = Array.from({ length: 200 }, (_, i) => `file_${i}.ts`).join(" ");
  deepEqual(exactTokens(many).length, 64);
});
