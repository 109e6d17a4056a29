/**
 * The `helix` CLI end to end, in process: every command through `run(argv, env, io)` with
 * captured output, a temporary HELIX_HOME, real strands.
 *
 * @module
 */
import { DatabaseSync } from "node:sqlite";
import { join } from "node:path";
import { deepEqual, equal, match, notEqual, ok } from "node:assert/strict";
import { openEngine } from "../../core/mod.ts";
import { tempDir } from "../helpers.ts";
import { cli } from "./_cli.ts";

Deno.test("helix help, version and usage errors", async () => {
  await using home = await tempDir();
  const helix = cli(home.path);
  const help = await helix([]);
  equal(help.code, 0);
  for (const name of ["init", "search", "forget", "import", "export", "connect", "mcp"]) {
    match(help.stdout, new RegExp(`\\b${name}\\b`));
  }
  const searchHelp = await helix(["help", "search"]);
  equal(searchHelp.code, 0);
  match(searchHelp.stdout, /--as-of/);
  equal((await helix(["search", "--help"])).stdout, searchHelp.stdout);
  match((await helix(["--version"])).stdout, /^helix \d+\.\d+\.\d+\n$/);

  const unknown = await helix(["frobnicate"]);
  equal(unknown.code, 64);
  match(unknown.stderr, /unknown command "frobnicate"/);
  const badFlag = await helix(["search", "x", "--frobnicate"]);
  equal(badFlag.code, 64);
  match(badFlag.stderr, /--frobnicate/);
  match(badFlag.stderr, /usage: helix search/);
  const badValue = await helix(["search", "x", "--limit", "many"]);
  equal(badValue.code, 64);
  match(badValue.stderr, /--limit must be an integer/);
});

Deno.test("helix init creates the strand once; read commands refuse a missing one", async () => {
  await using home = await tempDir();
  const helix = cli(home.path);
  const missing = await helix(["status"]);
  equal(missing.code, 66);
  match(missing.stderr, /does not exist \(run `helix init`\)/);

  const created = await helix(["init", "--json"]);
  equal(created.code, 0, created.stderr);
  const info = created.json();
  equal(info.created, true);
  equal(info.path, join(home.path, "strands", "default.db"));
  match(info.strandId, /^[0-9a-f]{32}$/);
  deepEqual(info.embedding, { model: "Xenova/bge-small-en-v1.5", dimension: 384 });
  const again = await helix(["init"]);
  equal(again.code, 0);
  match(again.stdout, /Strand already exists/);
  equal((await helix(["init", "--json"])).json().strandId, info.strandId);

  const other = await helix(["init", "--strand", "work", "--json"]);
  equal(other.json().path, join(home.path, "strands", "work.db"));
});

Deno.test("add, search, show, list, edit, log, forget and recover through the CLI", async () => {
  await using home = await tempDir();
  const helix = cli(home.path, { HELIX_PROJECT: "billing" });
  equal((await helix(["init"])).code, 0);

  const added = await helix([
    "add",
    "Ledger",
    "writes",
    "go",
    "through",
    "`ledger.post()`",
    "only",
    "--type",
    "convention",
    "--importance",
    "8",
    "--tag",
    "ledger,db",
    "--source",
    "docs/adr/0007.md",
    "--json",
  ]);
  equal(added.code, 0, added.stderr);
  const memory = added.json().memory;
  equal(memory.content, "Ledger writes go through `ledger.post()` only");
  equal(memory.type, "convention");
  equal(memory.scope, "project:billing");
  equal(memory.importance, 8);
  deepEqual(memory.tags, ["ledger", "db"]);
  equal(memory.provenance[0].origin, "user-asserted");
  equal(memory.provenance[0].agent, "helix-cli");
  equal(memory.provenance[0].ref, "docs/adr/0007.md");

  const fromStdin = await helix(["add", "-", "--type", "episode", "--at", "2026-11-20"], {
    stdin: "Deploy of billing-svc failed on a missing env var\n",
  });
  equal(fromStdin.code, 0, fromStdin.stderr);
  match(fromStdin.stdout, /^added mem_/);

  const found = await helix(["search", "ledger.post()"]);
  equal(found.code, 0, found.stderr);
  match(found.stdout, new RegExp(memory.id));
  const explained = await helix(["search", "ledger writes", "--explain"]);
  match(explained.stdout, /channels\s+.*bm25 #1/);
  match(explained.stdout, /provenance user-asserted helix-cli docs\/adr\/0007\.md/);
  const json = (await helix(["search", "ledger", "--json"])).json();
  equal(json.hits[0].memory.id, memory.id);
  ok(json.hits[0].explanation.channels.bm25);

  const shown = await helix(["show", memory.id]);
  equal(shown.code, 0);
  match(shown.stdout, /Provenance/);
  match(shown.stdout, /memory\.put/);

  const listed = (await helix(["list", "--type", "convention", "--json"])).json();
  deepEqual(listed.items.map((m: { id: string }) => m.id), [memory.id]);
  const page = await helix(["list", "--limit", "1"]);
  match(page.stderr, /--cursor /);

  const edited = await helix([
    "edit",
    memory.id,
    "--importance",
    "9",
    "--tags",
    "ledger",
    "--json",
  ]);
  equal(edited.code, 0, edited.stderr);
  equal(edited.json().importance, 9);
  deepEqual(edited.json().tags, ["ledger"]);
  equal((await helix(["edit", memory.id])).code, 64);

  const log = (await helix(["log", memory.id, "--json"])).json();
  deepEqual(log.map((e: { kind: string }) => e.kind), ["memory.patch", "memory.put"]);

  const forgotten = await helix(["forget", memory.id, "--json"]);
  equal(forgotten.code, 0);
  equal(forgotten.json().forgotten[0].id, memory.id);
  equal((await helix(["search", "ledger.post()", "--json"])).json().hits.length, 0);
  equal((await helix(["edit", memory.id, "--status", "active"])).code, 0);
  equal((await helix(["search", "ledger.post()", "--json"])).json().hits.length, 1);

  const byQuery = await helix(["forget", "--query", "missing env var", "--json"]);
  equal(byQuery.json().forgotten.length, 1);
  match(byQuery.json().forgotten[0].content, /Deploy of billing-svc/);
});

Deno.test("relate, context and the global flags", async () => {
  await using home = await tempDir();
  const helix = cli(home.path);
  await helix(["init"]);
  const a = (await helix(["add", "Billing uses Postgres 16", "--global", "--json"])).json().memory;
  const b =
    (await helix(["add", "Postgres 16 needs the pg_partman extension", "--global", "--json"]))
      .json().memory;
  const linked = await helix(["relate", a.id, "depends_on", b.id, "--weight", "0.7", "--json"]);
  equal(linked.code, 0, linked.stderr);
  equal(linked.json().relation, "depends_on");
  equal(linked.json().weight, 0.7);
  match((await helix(["show", a.id])).stdout, new RegExp(`depends_on\\s+${b.id}`));
  equal((await helix(["relate", a.id, "frobs", b.id])).code, 64);
  equal((await helix(["relate", "--remove", linked.json().id])).code, 0);
  equal((await helix(["show", a.id, "--json"])).json().edges.length, 0);

  const pack = await helix(["context", "--budget", "200", "--query", "postgres", "--json"]);
  equal(pack.code, 0, pack.stderr);
  ok(pack.json().tokens <= 200);
  match(pack.json().text, /Postgres 16/);
  const text = await helix(["context", "--budget", "200", "--query", "postgres"]);
  equal(text.stdout.trimEnd(), pack.json().text.trimEnd());
  match(text.stderr, /tokens/);

  // Global flags before the command name, and --home overriding HELIX_HOME.
  await using elsewhere = await tempDir();
  const moved = await helix(["--home", elsewhere.path, "--json", "init"]);
  equal(moved.json().path, join(elsewhere.path, "strands", "default.db"));
});

Deno.test("add consolidates and redacts; flags lists contradictions until one is resolved", async () => {
  await using home = await tempDir();
  const helix = cli(home.path);
  await helix(["init"]);
  const pg = (await helix(["add", "Billing uses Postgres", "--project", "billing", "--json"]))
    .json();
  equal(pg.action, "added");
  const again = await helix(["add", "billing uses postgres", "--project", "billing"]);
  match(again.stdout, /^already known mem_billing_postgres_/);

  const token = "ghp_" + "Q1w2E3r4T5y6U7i8O9p0A1s2D3f4G5h6J7k8";
  const secret = await helix(["add", `The deploy bot token is ${token}`, "--project", "billing"]);
  equal(secret.code, 0, secret.stderr);
  match(secret.stdout, /redacted before storing: 1 github_token/);
  ok(!(await helix(["export", "--jsonl"])).stdout.includes(token));

  const none = await helix(["flags", "--project", "billing"]);
  equal(none.stdout, "No open flags.\n");
  const sqlite = await helix(["add", "Billing uses SQLite", "--project", "billing"]);
  match(sqlite.stdout, /flagged: it contradicts mem_billing_postgres_/);
  const flags = await helix(["flags", "--project", "billing", "--json"]);
  equal(flags.code, 0, flags.stderr);
  equal(flags.json().flags.length, 1);
  equal(flags.json().flags[0].older.id, pg.id);
  match(
    (await helix(["flags", "--project", "billing"])).stdout,
    /contradiction database: SQLite vs Postgres[\s\S]*Postgres/,
  );
  equal(flags.json().flags[0].attribute, "database");

  const newer = flags.json().flags[0].newer.id;
  equal((await helix(["forget", newer, "--project", "billing"])).code, 0);
  equal((await helix(["flags", "--project", "billing", "--json"])).json().flags.length, 0);
});

Deno.test("sleep distils recurring episodes with a report, and --undo reverses the run", async () => {
  await using home = await tempDir();
  const helix = cli(home.path);
  await helix(["init"]);
  for (let i = 1; i <= 3; i++) {
    await helix([
      "add",
      `Had to bump the cache key after changing the lockfile (session ${i}).`,
      "--type",
      "episode",
      "--project",
      "web",
    ]);
  }
  const slept = await helix(["sleep", "--project", "web"]);
  equal(slept.code, 0, slept.stderr);
  match(slept.stdout, /distil: 1 rules from 1 recurring episode groups/);
  const run = /helix sleep --undo ([0-9a-f]+)/.exec(slept.stdout)?.[1];
  ok(run, slept.stdout);
  const rules = (await helix(["list", "--type", "convention", "--project", "web", "--json"]))
    .json();
  equal(rules.items[0].content, "Bump the cache key after changing the lockfile.");
  match((await helix(["log", "--kind", "job.run"])).stdout, new RegExp(`distil run ${run}`));
  equal((await helix(["sleep", "--project", "web", "--json"])).json().changed, 0);
  const undone = await helix(["sleep", "--undo", run!, "--project", "web"]);
  equal(undone.code, 0, undone.stderr);
  equal(
    (await helix(["list", "--type", "episode", "--project", "web", "--json"])).json().items.length,
    3,
  );
  equal((await helix(["sleep", "--undo", run!])).code, 65, "a run undoes once (conflict)");
});

Deno.test("doctor --stale flags memories whose cited files changed, and exits 1", async () => {
  await using home = await tempDir();
  await using repo = await tempDir();
  const helix = cli(home.path);
  const here = { cwd: repo.path };
  await Deno.writeTextFile(join(repo.path, "Makefile"), "test:\n\tdeno test\n");
  await helix(["init"], here);
  const added = await helix([
    "add",
    "`make test` runs the suite (see Makefile).",
    "--project",
    "web",
    "--json",
  ], here);
  equal(added.json().memory.attributes.anchors[0].path, "Makefile");
  const clean = await helix(["doctor", "--stale", "--no-model", "--project", "web"], here);
  equal(clean.code, 0, clean.stdout + clean.stderr);
  match(clean.stdout, /✓ stale\s+cited files unchanged/);
  await Deno.writeTextFile(join(repo.path, "Makefile"), "test:\n\tpnpm test\n");
  const stale = await helix(["doctor", "--stale", "--no-model", "--project", "web"], here);
  equal(stale.code, 1);
  match(stale.stdout, /✗ stale\s+1 memories cite changed files/);
  match(stale.stdout, /Makefile changed/);
});

Deno.test("config get/set/unset/list follow flags → env → config.toml → defaults", async () => {
  await using home = await tempDir();
  const helix = cli(home.path);
  const file = join(home.path, "config.toml");
  await Deno.writeTextFile(file, '# my settings\nlog_level = "warn"\n');

  equal((await helix(["config", "get", "log_level"])).stdout, "warn\n");
  const listed = (await helix(["config", "list", "--json"])).json();
  const entry = (key: string) => listed.settings.find((s: { key: string }) => s.key === key);
  equal(entry("log_level").source, "file");
  equal(entry("mcp_port").source, "default");
  equal(entry("embedder").source, "env");

  const set = await helix(["config", "set", "mcp_port", "9100"]);
  equal(set.code, 0, set.stderr);
  equal(await Deno.readTextFile(file), '# my settings\nlog_level = "warn"\nmcp_port = 9100\n');
  equal((await helix(["config", "get", "mcp_port", "--json"])).json().value, 9100);

  const fromEnv = cli(home.path, { HELIX_MCP_PORT: "9200" });
  const overridden = await fromEnv(["config", "get", "mcp_port", "--json"]);
  deepEqual(overridden.json(), { key: "mcp_port", value: 9200, source: "env" });
  match((await fromEnv(["config", "set", "mcp_port", "9300"])).stderr, /takes precedence/);

  equal((await helix(["config", "set", "mcp_port", "huge"])).code, 64);
  equal((await helix(["config", "set", "frobs", "1"])).code, 64);
  const secret = await helix(["config", "set", "HELIX_OPENAI_API_KEY", "sk-nope"]);
  equal(secret.code, 64);
  match(secret.stderr, /environment/);
  ok(!(await Deno.readTextFile(file)).includes("sk-nope"));

  equal((await helix(["config", "unset", "mcp_port"])).code, 0);
  equal(await Deno.readTextFile(file), '# my settings\nlog_level = "warn"\n');
  equal((await helix(["config", "path"])).stdout, `${file}\n`);

  await Deno.writeTextFile(file, 'log_level = "loud"\n');
  const broken = await helix(["status"]);
  equal(broken.code, 64);
  match(broken.stderr, /log_level/);
  await Deno.writeTextFile(file, "log_level = \n");
  const unparsable = await helix(["status"]);
  equal(unparsable.code, 64);
  match(unparsable.stderr, /config\.toml:1/);
});

Deno.test("errors map to exit codes, with --json errors on stdout", async (t) => {
  await using home = await tempDir();
  const helix = cli(home.path);
  await helix(["init"]);

  await t.step("invalid_input → 64", async () => {
    const result = await helix(["add", "x", "--type", "feeling", "--json"]);
    equal(result.code, 64);
    equal(result.json().error.code, "invalid_input");
    match(result.stderr, /type/);
  });
  await t.step("not_found → 66", async () => {
    const result = await helix(["show", "mem_nope_zzzz", "--json"]);
    equal(result.code, 66);
    equal(result.json().error.code, "not_found");
  });
  await t.step("conflict → 65", async () => {
    const m = (await helix(["add", "old fact", "--json"])).json().memory;
    await helix(["forget", m.id]);
    const result = await helix(["add", "new fact", "--supersedes", m.id, "--json"]);
    equal(result.code, 65);
    equal(result.json().error.code, "conflict");
  });
  await t.step("not_a_strand → 65", async () => {
    await Deno.writeTextFile(join(home.path, "strands", "junk.db"), "not sqlite at all".repeat(20));
    const result = await helix(["status", "--strand", "junk"]);
    equal(result.code, 65);
    match(result.stderr, /not a/i);
  });
  await t.step("unsupported_version → 80", async () => {
    const path = join(home.path, "strands", "future.db");
    openEngine({ path, embedder: null }).close();
    const db = new DatabaseSync(path);
    db.exec("UPDATE meta SET value = '999' WHERE key = 'schema_version'");
    db.close();
    const result = await helix(["status", "--strand", "future", "--json"]);
    equal(result.code, 80);
    equal(result.json().error.code, "unsupported_version");
  });
  await t.step(
    "a write that meets another process's lock waits its turn (store_locked → 75 only after 30 s)",
    async () => {
      const path = join(home.path, "strands", "default.db");
      // Another process takes the write lock, says so, and lets go a second later.
      const holder = new Deno.Command(Deno.execPath(), {
        args: [
          "eval",
          `import { DatabaseSync } from "node:sqlite";
         const db = new DatabaseSync(${JSON.stringify(path)});
         db.exec("BEGIN IMMEDIATE");
         console.log("held");
         setTimeout(() => { db.exec("COMMIT"); db.close(); }, 1000);`,
        ],
        stdout: "piped",
      }).spawn();
      const reader = holder.stdout.getReader();
      const { value } = await reader.read();
      equal(new TextDecoder().decode(value).trim(), "held");
      const result = await helix(["add", "written once the lock is free", "--json"]);
      equal(result.code, 0, result.stderr);
      equal(result.json().action, "added");
      reader.releaseLock();
      await holder.stdout.cancel();
      equal((await holder.status).code, 0);
    },
  );
  await t.step(
    "a model other than the pinned one is a pending re-embedding, not an error",
    async () => {
      // It was embedding_mismatch (65) until issue 16: a newly configured model locked the strand.
      const result = await cli(home.path, {
        HELIX_EMBEDDER: "openai",
        HELIX_MODEL: "text-embedding-3-small",
        HELIX_MODEL_DIMENSION: "1536",
        HELIX_OPENAI_BASE_URL: "http://127.0.0.1:9/v1",
      })(["status", "--json"]);
      equal(result.code, 0);
      equal(result.json().embedding.state, "re-embedding with text-embedding-3-small");
    },
  );
  await t.step("anything else (a bug) → 70, the stack only with --debug", async () => {
    const broken = { stdin: undefined, readStdinFails: true };
    const result = await helix(["add", "-"], broken);
    equal(result.code, 70);
    match(result.stderr, /bug in Helix; run again with --debug/);
    const debug = await helix(["add", "-", "--debug"], broken);
    equal(debug.code, 70);
    match(debug.stderr, /at .*\.ts:\d+/);
  });
});

Deno.test("completions print a script for each shell", async () => {
  await using home = await tempDir();
  const helix = cli(home.path);
  for (const shell of ["bash", "zsh", "fish"]) {
    const result = await helix(["completions", shell]);
    equal(result.code, 0);
    match(result.stdout, /search/);
    match(result.stdout, shell === "fish" ? /-l explain/ : /--explain/);
  }
  const bash = (await helix(["completions", "bash"])).stdout;
  const checked = await new Deno.Command("bash", { args: ["-n"], stdin: "piped", stderr: "piped" })
    .spawn();
  const writer = checked.stdin.getWriter();
  await writer.write(new TextEncoder().encode(bash));
  await writer.close();
  const status = await checked.output();
  equal(status.code, 0, new TextDecoder().decode(status.stderr));
  equal((await helix(["completions", "tcsh"])).code, 64);
});

Deno.test("export --jsonl then import reproduces memories and edges; bad lines name their line", async () => {
  await using home = await tempDir();
  const helix = cli(home.path);
  await helix(["init"]);
  const a =
    (await helix(["add", "Use pnpm, not npm", "--type", "convention", "--scope", "web", "--json"]))
      .json().memory;
  const b = (await helix([
    "add",
    "web uses Vite 6",
    "--type",
    "fact",
    "--scope",
    "web",
    "--at",
    "2026-03-01",
    "--json",
  ]))
    .json().memory;
  await helix(["relate", a.id, "related_to", b.id, "--weight", "0.5"]);
  const old = (await helix(["add", "CI runs on Travis", "--scope", "web", "--json"])).json().memory;
  await helix(["add", "CI runs on GitHub Actions", "--scope", "web", "--supersedes", old.id]);

  const exported = await helix(["export", "--jsonl"]);
  equal(exported.code, 0, exported.stderr);
  const lines = exported.stdout.trimEnd().split("\n").map((line) => JSON.parse(line));
  equal(lines.filter((l) => l.content).length, 4);
  const first = lines.find((l) => l.id === a.id);
  equal(first.content, "Use pnpm, not npm");
  equal(first.scope, "project:web");
  equal(first.source.origin, "user-asserted");
  equal(lines.find((l) => l.id === b.id).event_at, "2026-03-01T00:00:00.000Z");
  equal(lines.find((l) => l.id === old.id).status, "superseded");
  ok(lines.some((l) => l.edge?.relation === "related_to"));
  ok(lines.some((l) => l.edge?.relation === "supersedes"));
  equal((await helix(["export"])).code, 64);

  const file = join(home.path, "memories.jsonl");
  const written = await helix(["export", "--jsonl", "--output", file, "--json"]);
  deepEqual(written.json(), { path: file, memories: 4, edges: 2 });

  await using other = await tempDir();
  const fresh = cli(other.path);
  const imported = await fresh(["import", file, "--json"]);
  equal(imported.code, 0, imported.stderr);
  equal(imported.json().memories, 4);
  equal(imported.json().edges, 2);
  equal((await fresh(["export", "--jsonl"])).stdout, exported.stdout);
});

Deno.test("import is all or nothing and reports the bad line; it shows progress on a terminal", async () => {
  await using home = await tempDir();
  const helix = cli(home.path);
  await helix(["add", "already here", "--global"]);
  const before = (await helix(["status", "--json"])).json();

  const good = (i: number) =>
    JSON.stringify({ content: `note ${i}`, type: "fact", scope: "global" });
  const cases: Array<[string, RegExp]> = [
    [`${good(1)}\n{"content": "x"\n${good(3)}\n`, /line 2: not JSON/],
    [`${good(1)}\n\n${good(3)}\n{"content":"y","importance":42}\n`, /line 4: .*importance/],
    [`${good(1)}\n{"content":"z","colour":"red"}\n`, /line 2: unknown field "colour"/],
    [`${good(1)}\n{"edge":{"from":"mem_nope_a","to":"mem_nope_b","relation":"uses"}}\n`, /line 2/],
    [`[1,2]\n`, /line 1: expected a JSON object/],
  ];
  for (const [text, message] of cases) {
    const file = join(home.path, "bad.jsonl");
    await Deno.writeTextFile(file, text);
    const result = await helix(["import", file]);
    notEqual(result.code, 0);
    match(result.stderr, message);
    const after = (await helix(["status", "--json"])).json();
    equal(after.memories, before.memories);
    equal(after.ops, before.ops);
  }
  equal((await helix(["import", join(home.path, "missing.jsonl")])).code, 66);

  const many = Array.from({ length: 3000 }, (_, i) => good(i)).join("\n");
  const shown = await helix(["import", "-"], { stdin: many, tty: true });
  equal(shown.code, 0, shown.stderr);
  match(shown.stderr, /importing .*%.*\/s/);
  match(shown.stdout, /imported 3,000 memories/);
});

Deno.test("forget --hard purges only after a confirmation", async () => {
  await using home = await tempDir();
  const helix = cli(home.path);
  const secret = (await helix(["add", "The staging password rotates on Fridays", "--json"])).json()
    .memory;

  const noTerminal = await helix(["forget", secret.id, "--hard"]);
  equal(noTerminal.code, 1);
  match(noTerminal.stderr, /Aborted: nothing was purged/);
  equal((await helix(["show", secret.id])).code, 0);

  const declined = await helix(["forget", secret.id, "--hard"], { answers: ["n"] });
  equal(declined.code, 1);
  match(declined.stderr, /Purge them from the strand and its history\? \[y\/N\]/);
  equal((await helix(["show", secret.id])).code, 0);

  const accepted = await helix(["forget", secret.id, "--hard", "--json"], { answers: ["yes"] });
  equal(accepted.code, 0, accepted.stderr);
  deepEqual(accepted.json().purged, [secret.id]);
  equal((await helix(["show", secret.id])).code, 66);
  const log = await helix(["log"]);
  ok(!log.stdout.includes("staging password"));

  const other = (await helix(["add", "Rotate the deploy key yearly", "--json"])).json().memory;
  const scripted = await helix(["forget", "--query", "deploy key", "--hard", "--yes", "--json"]);
  deepEqual(scripted.json().purged, [other.id]);
});

Deno.test("doctor passes a healthy strand and fails a tampered one", async () => {
  await using home = await tempDir();
  const helix = cli(home.path);
  const missing = await helix(["doctor", "--no-model"]);
  equal(missing.code, 1);
  match(missing.stdout, /✗ strand/);

  await helix(["add", "Staging lives in eu-west-1", "--global"]);
  const healthy = await helix(["doctor", "--no-model", "--json"]);
  equal(healthy.code, 0, healthy.stdout);
  equal(healthy.json().ok, true);
  ok(healthy.json().checks.some((c: { name: string }) => c.name === "refold"));
  const text = await helix(["doctor"]);
  equal(text.code, 0);
  match(text.stdout, /✓ embedding model\s+none configured/);
  match(text.stdout, /embedder = none \(env HELIX_EMBEDDER\)/);

  const db = new DatabaseSync(join(home.path, "strands", "default.db"));
  db.exec("UPDATE memories SET content = 'Staging lives in us-east-1'");
  db.close();
  const tampered = await helix(["doctor", "--no-model"]);
  equal(tampered.code, 1);
  match(tampered.stdout, /✗ refold/);
  match(tampered.stderr, /problem/);
});

Deno.test("connect merges Helix into each client's existing config; --dry-run writes nothing", async (t) => {
  const clients = ["claude", "cursor", "vscode", "windsurf", "codex", "gemini", "copilot"];
  for (const client of clients) {
    await t.step(client, async () => {
      await using home = await tempDir();
      const project = join(home.path, "work", "billing");
      await Deno.mkdir(project, { recursive: true });
      const helix = cli(home.path);
      const probe = (await helix(["connect", client, "--dry-run", "--json"], { cwd: project }))
        .json();
      equal(probe.change, "added");
      const path: string = probe.path;
      const toml = path.endsWith(".toml");
      const serversKey = client === "vscode" ? "servers" : "mcpServers";
      const existing = toml
        ? '# my codex settings\nmodel = "o4-mini"\n\n[mcp_servers.github]\ncommand = "gh-mcp"\nargs = []\n'
        : `${
          JSON.stringify(
            { theme: "dark", [serversKey]: { github: { command: "gh-mcp", args: [] } } },
            null,
            2,
          )
        }\n`;
      await Deno.mkdir(join(path, ".."), { recursive: true });
      await Deno.writeTextFile(path, existing);

      const dry = await helix(["connect", client, "--dry-run"], { cwd: project });
      equal(dry.code, 0, dry.stderr);
      match(dry.stdout, /Would change/);
      match(dry.stdout, /^\+ .*helix/m);
      equal(await Deno.readTextFile(path), existing, "a dry run writes nothing");

      const done = await helix(["connect", client, "--json"], { cwd: project });
      equal(done.code, 0, done.stderr);
      equal(done.json().change, "added");
      const after = await Deno.readTextFile(path);
      ok(after.includes("gh-mcp"), "the other server stays");
      if (toml) {
        ok(after.startsWith('# my codex settings\nmodel = "o4-mini"\n'), "comments stay");
        match(after, /\[mcp_servers\.helix\]/);
      } else {
        const parsed = JSON.parse(after);
        equal(parsed.theme, "dark");
        deepEqual(parsed[serversKey].github, { command: "gh-mcp", args: [] });
        const entry = parsed[serversKey].helix;
        ok(entry.command.endsWith("deno"), entry.command);
        deepEqual(entry.args.slice(-2), ["--quiet", "mcp"]);
        equal(entry.env?.HELIX_HOME, home.path);
      }
      equal(await Deno.readTextFile(`${path}.helix-backup`), existing);
      const again = await helix(["connect", client], { cwd: project });
      match(again.stdout, /already has Helix/);
    });
  }
  await t.step("an unknown client gets instructions", async () => {
    await using home = await tempDir();
    const result = await cli(home.path)(["connect", "zed"]);
    equal(result.code, 0);
    match(result.stdout, /cannot set up "zed"/);
    match(result.stdout, /"mcpServers"/);
  });
  await t.step("--command overrides the server command", async () => {
    await using home = await tempDir();
    const result = await cli(home.path)([
      "connect",
      "cursor",
      "--command",
      "helix mcp",
      "--dry-run",
      "--json",
    ]);
    deepEqual(
      { command: result.json().entry.command, args: result.json().entry.args },
      { command: "helix", args: ["mcp"] },
    );
  });
});

Deno.test("flush marks a session boundary so consolidation is due; --sleep runs it now", async () => {
  await using home = await tempDir();
  const helix = cli(home.path);
  await helix(["init"]);
  for (let i = 1; i <= 3; i++) {
    await helix(["add", `Had to rerun codegen after pulling (session ${i}).`, "--type", "episode"]);
  }
  equal((await helix(["status", "--json"])).code, 0);
  const flushed = await helix(["flush", "--session", "s1", "--json"]);
  equal(flushed.code, 0, flushed.stderr);
  equal(flushed.json().due, "session_boundary");
  equal(flushed.json().sessionsEnded, 1);
  const slept = await helix(["flush", "--sleep"]);
  equal(slept.code, 0, slept.stderr);
  match(slept.stdout, /distil: 1 rules/);
  equal((await helix(["flush", "--session", "bad scope!"])).code, 64, "invalid input");
});

Deno.test("reembed moves the strand to a newly configured model", async () => {
  await using home = await tempDir();
  const helix = cli(home.path);
  await helix(["init"]);
  equal((await helix(["add", "Deploys need two approvals."])).code, 0);
  const same = await helix(["reembed", "--json"]);
  equal(same.code, 0, same.stderr);
  equal(same.json().switched, false);
});
