/**
 * Secrets written in prose (issue 16, item 5), end to end: each shape below is written through
 * `engine.write` into a real SQLite strand, and its secret appears neither in the stored memory
 * nor in the strand file or its write-ahead log, while the words around it stay. Hashes, ids,
 * digests, data URIs, paths and identifiers written the same way are stored untouched.
 *
 * Secrets are built at run time so no scanner mistakes this file for a leak.
 *
 * @module
 */
import { deepEqual, equal, ok } from "node:assert/strict";
import { ALNUM, base64, chars, hex, LOWER, UPPER } from "../../core/redact/examples_testing.ts";
import { tempEngine } from "../helpers.ts";

const SYMBOLS = "!#$%^&*+=?~@";
/** A password of `n` characters with symbols, digits and both cases. */
const password = (n: number) => "Q7#" + chars(ALNUM + SYMBOLS, n - 3);
const awsSecret = chars(ALNUM + "+/", 39) + "Z";
const putty = [
  "PuTTY-User-Key-File-3: ssh-ed25519",
  "Encryption: none",
  "Comment: deploy@ci",
  "Public-Lines: 2",
  "AAAAC3NzaC1lZDI1NTE5AAAAI" + chars(ALNUM, 39),
  chars(ALNUM, 4),
  "Private-Lines: 1",
];
const puttyPrivate = "AAAAI" + chars(ALNUM + "+/", 43);

interface Case {
  readonly name: string;
  readonly text: string;
  readonly secret: string;
  readonly keep: readonly string[];
}

function cases(): Case[] {
  const out: Case[] = [];
  const add = (name: string, secret: string, text: (s: string) => string, keep: string[]) =>
    out.push({ name, secret, text: text(secret), keep });
  add("a vendor key named in a sentence", hex(32), (s) => `the Datadog API key for prod is ${s}`, [
    "Datadog API key for prod",
  ]);
  add(
    "a DB password with symbols named in a sentence",
    password(16),
    (s) => `the staging DB password for the reporting user is ${s}`,
    ["staging DB password"],
  );
  add(
    "a value before its label",
    password(18),
    (s) => `we passed ${s} as the client secret and the OAuth flow worked`,
    ["as the client secret"],
  );
  add(
    "an AWS secret next to an innocent word",
    awsSecret,
    (s) => `the auth service uses ${s} for signing`,
    ["the auth service uses", "for signing"],
  );
  add(
    "Password=…; in a connection string",
    "Summer" + chars("0123456789", 4) + "ab",
    (s) => `{"Default": "Server=sql.internal;Database=core;User Id=svc_billing;Password=${s};"}`,
    [
      "Server=sql.internal",
      "User Id=svc_billing",
    ],
  );
  for (const lead of ["&", "*", "@"]) {
    add(
      `a value starting with ${lead}`,
      lead + chars(ALNUM, 8) + "=" + chars(ALNUM, 5),
      (s) => `- **Password:** ${s}\n- **Host:** 10.9.44.43`,
      ["**Host:** 10.9.44.43"],
    );
  }
  add("a spaced label", hex(32), (s) => `api key: ${s}`, ["api key:"]);
  add("a letters-only mixed-case password in an assignment", "vETTtfl" + chars(UPPER, 3) + "rGyI", (
    s,
  ) => `const db = { host: "db.internal", password: ${s}, port: 5432 };`, [
    'host: "db.internal"',
    "port: 5432",
  ]);
  add(
    "a PuTTY private key",
    puttyPrivate,
    (s) => [...putty, s, "Private-MAC: " + hex(64)].join("\n"),
    ["PuTTY-User-Key-File-3"],
  );
  add(
    "a random token as a URL's user name",
    chars(ALNUM, 40),
    (s) => `git remote set-url origin https://${s}@git.example.com/acme/web.git`,
    [
      "git.example.com/acme/web.git",
    ],
  );
  add("a password in Chinese prose", password(15), (s) => `数据库密码是${s}`, ["数据库密码是"]);
  add(
    "a password in German prose",
    password(15),
    (s) => `Das Passwort für den Server lautet ${s}`,
    [
      "Das Passwort für den Server lautet",
    ],
  );
  add(
    "a password on the line after its label",
    password(17),
    (s) => `password for the uat db is below\n${s}`,
    ["password for the uat db is below"],
  );
  return out;
}

const NEGATIVES = [
  `git checkout ${hex(40)} -- src/auth/password.ts`,
  `The preprod deploy is pinned to ${hex(40)} until the token migration lands.`,
  `The workspace ${hex(8)}-${hex(4)}-4${hex(3)}-a${hex(3)}-${hex(12)} was migrated.`,
  `The file's sha256 is ${hex(64)}, it matches the release page.`,
  `"integrity": "sha512-${base64(64)}"`,
  `<img src="data:image/png;base64,${base64(90)}">`,
  "/Users/priya/src/acme/node_modules/.pnpm/@babel+core@7.24.0/node_modules/@babel/core/lib/index.js",
  "passwordResetTokenTtl and apiKeyHeaderName are now read from config.",
  "The password policy requires 12 characters; rotate the API key before 2025-12-01.",
  "Token usage: 845 input / 509 output",
  `New rows get a KSUID like 2${chars(ALNUM, 26)}.`,
  "Add this deploy key to the repo: ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI" + chars(ALNUM, 43) +
  " deploy@ci",
  `The Vault token is in 1Password under "dev / export worker" (${LOWER.slice(0, 3)}).`,
];

function readOrEmpty(path: string): string {
  try {
    return new TextDecoder("latin1").decode(Deno.readFileSync(path));
  } catch {
    return "";
  }
}

Deno.test("engine.write redacts secrets written in prose and keeps the words around them", async (t) => {
  for (const c of cases()) {
    await t.step(c.name, async () => {
      await using strand = await tempEngine({ project: "prose-secrets" });
      const result = await strand.engine.write({ content: c.text });
      const content = result.memory.content;
      ok(!content.includes(c.secret), `${c.name} leaked: ${content}`);
      ok(content.includes("[REDACTED:"), `${c.name}: ${content}`);
      ok(result.redacted.length > 0, c.name);
      for (const keep of c.keep) ok(content.includes(keep), `${c.name} lost "${keep}": ${content}`);
      const bytes = readOrEmpty(strand.path) + readOrEmpty(`${strand.path}-wal`);
      ok(bytes.length > 0 && !bytes.includes(c.secret), `${c.name}: in the strand file or WAL`);
    });
  }
});

Deno.test("engine.write stores hashes, ids, digests, data URIs, paths and identifiers untouched", async () => {
  await using strand = await tempEngine({ project: "prose-negatives" });
  for (const text of NEGATIVES) {
    const result = await strand.engine.write({ content: text });
    deepEqual(result.redacted, [], text);
    equal(result.memory.content, text);
  }
});
