import { deepEqual, equal } from "node:assert/strict";
import { anchorsFor, anchorsOf } from "./anchors.ts";
import { fileMentions, MAX_FILE_MENTIONS } from "./file_mentions.ts";
import type { FileProbe } from "../ports.ts";

const HASH_A = "a".repeat(64);
const HASH_B = "b".repeat(64);
const COMMIT = "0123456789abcdef0123456789abcdef01234567";

/** An in-memory probe over `files` (path → hash) that counts its reads. */
function fakeProbe(files: Record<string, string>, commit: string | null = COMMIT) {
  const reads: string[] = [];
  let commits = 0;
  const probe: FileProbe = {
    root: "/repo",
    hash(path) {
      reads.push(path);
      return Promise.resolve(files[path] ?? null);
    },
    commit() {
      commits++;
      return Promise.resolve(commit);
    },
  };
  return { probe, reads, commits: () => commits };
}

Deno.test("fileMentions() finds the relative paths a memory cites", async (t) => {
  const cases: Array<[string, string[]]> = [
    ["the retry logic lives in src/billing/retry.ts", ["src/billing/retry.ts"]],
    ["`scripts/deploy.sh` needs AWS_PROFILE", ["scripts/deploy.sh"]],
    ["Bump the version in package.json.", ["package.json"]],
    ["./lib/x.py parses the feed", ["lib/x.py"]],
    ["The Dockerfile pins node 20", ["Dockerfile"]],
    ["CI is .github/workflows/ci.yml", [".github/workflows/ci.yml"]],
    ["Run ./configure first", ["configure"]],
    ["Secrets go in .env.local, never .env; see .gitignore", [".env.local", ".env", ".gitignore"]],
    ["docker/Dockerfile and .github/CODEOWNERS", ["docker/Dockerfile", ".github/CODEOWNERS"]],
    ["Makefile, README.md, Cargo.lock and deno.json", [
      "Makefile",
      "README.md",
      "Cargo.lock",
      "deno.json",
    ]],
    ["_helpers.ts and pkg/__init__.py", ["_helpers.ts", "pkg/__init__.py"]],
    ["a directory and any extension: assets/logo.png", ["assets/logo.png"]],
    ["`bin/helix` and scripts/release have no extension", ["bin/helix", "scripts/release"]],
    ["Next routes: app/[id]/page.tsx", ["app/[id]/page.tsx"]],
    ["Unicode: docs/café/menü.md", ["docs/café/menü.md"]],
  ];
  for (const [text, expected] of cases) {
    await t.step(text, () => deepEqual(fileMentions(text), expected));
  }
});

Deno.test("fileMentions() strips markup, punctuation and line suffixes", async (t) => {
  const cases: Array<[string, string[]]> = [
    ["(see src/a.ts).", ["src/a.ts"]],
    ["**src/d.py** is bold", ["src/d.py"]],
    ["[retry](src/billing/retry.ts)", ["src/billing/retry.ts"]],
    ["Error at src/a.ts:42:7, then src/b.ts:9.", ["src/a.ts", "src/b.ts"]],
    ["src/b.ts#L10-L20 and lib/c.go#main", ["src/b.ts", "lib/c.go"]],
    ["\"package.json\" and 'tsconfig.json'", ["package.json", "tsconfig.json"]],
    ["retry.ts's backoff", ["retry.ts"]],
    ["--config=deno.json or DENO_CONFIG=deno.jsonc", ["deno.json", "deno.jsonc"]],
    ["src//a.ts and src/./b.ts", ["src/a.ts", "src/b.ts"]],
    ["`deno test -A core/x_test.ts`", ["core/x_test.ts"]],
    ["```sh\n./scripts/release --dry-run\ncat config/app.conf\n```", [
      "scripts/release",
      "config/app.conf",
    ]],
  ];
  for (const [text, expected] of cases) {
    await t.step(text, () => deepEqual(fileMentions(text), expected));
  }
});

Deno.test("fileMentions() leaves URLs, absolute paths, versions and prose alone", async (t) => {
  const cases: string[] = [
    "We decided to use Postgres for billing.",
    "See https://github.com/acme/x/blob/main/src/a.ts for details",
    "Vendored from github.com/acme/x/a.ts and deno.land/x/y/mod.ts",
    "file:///home/ada/x.ts and //cdn.example.com/app.js",
    "e.g. this, i.e. that, etc.",
    "Upgrade to v1.2.3, then 1.2.3-beta.1, python3.11 or node@18",
    "Dates 2024/01/15 and ratios 24/7, 1/2",
    "and/or, read/write, TCP/IP, client/server, km/h",
    "/usr/bin/env bash and /etc/hosts",
    "~/.ssh/config and $HOME/.bashrc and ${ROOT}/a.ts and %APPDATA%/x.json",
    "C:\\Users\\ada\\x.ts",
    "../other/repo/a.ts",
    "src/billing/ is a folder, so is ./lib/",
    "globs: src/**/*.ts and *.json",
    "files ending in .ts or .py",
    "bob@example.com and @types/node/index.d.ts and npm:zod@4",
    "Built with Node.js, Next.js and Vue.js",
    "call response.json() and JSON.parse(text)",
    "process.env.HOME and os.path.join",
    "--frozen-lockfile -rf",
    "#123 and C# and issue #42",
  ];
  for (const text of cases) {
    await t.step(text, () => deepEqual(fileMentions(text), []));
  }
});

Deno.test("fileMentions() deduplicates in first-seen order and keeps at most 10", () => {
  deepEqual(fileMentions("src/a.ts, ./src/a.ts and `src/a.ts` then b.ts"), ["src/a.ts", "b.ts"]);
  const many = Array.from({ length: 30 }, (_, i) => `src/file_${i}.ts`).join(" ");
  const found = fileMentions(many);
  equal(found.length, MAX_FILE_MENTIONS);
  equal(found[0], "src/file_0.ts");
  equal(found[9], "src/file_9.ts");
});

Deno.test("anchorsFor() anchors the mentioned files that exist, with the commit", async () => {
  const { probe, reads, commits } = fakeProbe({ "src/retry.ts": HASH_A, "deno.json": HASH_B });
  const anchors = await anchorsFor(
    "src/retry.ts backs off; deno.json pins it; scripts/gone.sh was removed",
    probe,
  );
  deepEqual(anchors, [
    { path: "src/retry.ts", sha256: HASH_A, commit: COMMIT },
    { path: "deno.json", sha256: HASH_B, commit: COMMIT },
  ]);
  deepEqual(reads, ["src/retry.ts", "deno.json", "scripts/gone.sh"]);
  equal(commits(), 1);
});

Deno.test("anchorsFor() omits the commit outside git and asks nothing without mentions", async () => {
  const outside = fakeProbe({ "deno.json": HASH_A }, null);
  deepEqual(await anchorsFor("see deno.json", outside.probe), [
    { path: "deno.json", sha256: HASH_A },
  ]);
  const none = fakeProbe({});
  deepEqual(await anchorsFor("Postgres for billing", none.probe), []);
  deepEqual(await anchorsFor("scripts/gone.sh", none.probe), []);
  deepEqual(none.reads, ["scripts/gone.sh"]);
  equal(none.commits(), 0);
});

Deno.test("anchorsOf() keeps well-formed anchors and ignores the rest", async (t) => {
  const good = { path: "src/a.ts", sha256: HASH_A, commit: COMMIT };
  const absent = { path: "b.sh", sha256: null };
  await t.step("well-formed anchors pass, in order", () => {
    deepEqual(anchorsOf({ anchors: [good, absent] }), [good, absent]);
  });
  await t.step("no or non-array anchors", () => {
    deepEqual(anchorsOf({}), []);
    deepEqual(anchorsOf({ anchors: null }), []);
    deepEqual(anchorsOf({ anchors: { path: "a.ts", sha256: HASH_A } }), []);
  });
  await t.step("malformed entries are skipped one by one", () => {
    const bad: unknown[] = [
      null,
      "src/a.ts",
      [good],
      { sha256: HASH_A },
      { path: "", sha256: HASH_A },
      { path: "/etc/passwd", sha256: HASH_A },
      { path: "../x.ts", sha256: HASH_A },
      { path: "a/./b.ts", sha256: HASH_A },
      { path: "C:/x.ts", sha256: HASH_A },
      { path: "a\\b.ts", sha256: HASH_A },
      { path: "a.ts", sha256: "A".repeat(64) },
      { path: "a.ts", sha256: "abc" },
      { path: "a.ts" },
      { path: "a.ts", sha256: HASH_A, commit: 7 },
      { path: "a.ts", sha256: HASH_A, commit: "HEAD" },
    ];
    deepEqual(anchorsOf({ anchors: [...bad, good] }), [good]);
  });
  await t.step("a repeated path keeps its first entry", () => {
    deepEqual(anchorsOf({ anchors: [good, { path: "src/a.ts", sha256: HASH_B }] }), [good]);
  });
});
