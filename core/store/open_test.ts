import { DatabaseSync } from "node:sqlite";
import { join } from "node:path";
import { deepEqual, equal, ok, throws } from "node:assert/strict";
import { isHelixError, openEngine, SCHEMA_VERSION } from "../mod.ts";
import { tempDir } from "../../tests/helpers.ts";

Deno.test("openEngine() creates the strand with WAL, pinned meta and the schema version", async () => {
  await using dir = await tempDir();
  const path = join(dir.path, "nested", "strands", "default.db");
  const engine = openEngine({ path });
  const { meta } = engine;
  equal(meta.schemaVersion, SCHEMA_VERSION);
  ok(/^[0-9a-f]{32}$/.test(meta.strandId));
  ok(/^[0-9a-f]{32}$/.test(meta.deviceId));
  equal(meta.embeddingModel, "Xenova/bge-small-en-v1.5");
  equal(meta.embeddingDimension, 384);
  engine.close();

  const db = new DatabaseSync(path);
  equal((db.prepare("PRAGMA journal_mode").get() as { journal_mode: string }).journal_mode, "wal");
  const tables =
    (db.prepare("SELECT name FROM sqlite_master WHERE type IN ('table') ORDER BY name").all() as {
      name: string;
    }[]).map((r) => r.name);
  for (
    const name of [
      "meta",
      "ops",
      "memories",
      "edges",
      "provenance",
      "memories_fts",
      "memory_vectors",
      "memory_tokens",
    ]
  ) {
    ok(tables.includes(name), name);
  }
  db.close();

  const reopened = openEngine({ path });
  deepEqual(reopened.meta, meta, "reopening keeps the pins");
  reopened.close();
});

Deno.test("a file that is not SQLite is refused with not_a_strand and left untouched", async () => {
  await using dir = await tempDir();
  const path = join(dir.path, "notes.db");
  const text = "these are my notes, not a database\n".repeat(50);
  await Deno.writeTextFile(path, text);
  throws(() => openEngine({ path }), (e) => isHelixError(e, "not_a_strand"));
  equal(await Deno.readTextFile(path), text);
  throws(
    () => openEngine({ path: dir.path }),
    (e) => isHelixError(e, "not_a_strand"),
    "a directory",
  );
});

Deno.test("another application's SQLite database is refused with not_a_strand", async () => {
  await using dir = await tempDir();
  const path = join(dir.path, "app.db");
  const db = new DatabaseSync(path);
  db.exec(
    "CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO users (name) VALUES ('ada')",
  );
  db.close();
  throws(() => openEngine({ path }), (e) => isHelixError(e, "not_a_strand"));
  const check = new DatabaseSync(path);
  equal(
    (check.prepare("SELECT count(*) AS n FROM sqlite_master").get() as { n: number }).n,
    1,
    "nothing was added",
  );
  check.close();
});

Deno.test("a strand from a newer schema is refused with unsupported_version", async () => {
  await using dir = await tempDir();
  const path = join(dir.path, "future.db");
  openEngine({ path }).close();
  const db = new DatabaseSync(path);
  db.prepare("UPDATE meta SET value = ? WHERE key = 'schema_version'").run(
    String(SCHEMA_VERSION + 1),
  );
  db.close();
  throws(
    () => openEngine({ path }),
    (e) => isHelixError(e, "unsupported_version") && /upgrade Helix/.test(e.message),
  );
});

Deno.test("a strand held under an exclusive lock gets store_locked, not a hang", async () => {
  await using dir = await tempDir();
  const path = join(dir.path, "locked.db");
  openEngine({ path }).close();
  const holder = new DatabaseSync(path);
  holder.exec("PRAGMA locking_mode = EXCLUSIVE; BEGIN EXCLUSIVE;");
  try {
    // Returning at all is the point: the busy timeout gives up, with a retryable error.
    throws(
      () => openEngine({ path, busyTimeoutMs: 200 }),
      (e) => isHelixError(e, "store_locked") && /another process holds the strand/.test(e.message),
    );
  } finally {
    holder.exec("COMMIT");
    holder.close();
  }
  openEngine({ path }).close();
});

Deno.test("a write blocked by another writer past the busy timeout gets store_locked and changes nothing", async () => {
  await using dir = await tempDir();
  const path = join(dir.path, "busy.db");
  const engine = openEngine({ path, busyTimeoutMs: 100 });
  const before = engine.stateHash();
  const holder = new DatabaseSync(path);
  holder.exec("BEGIN IMMEDIATE");
  try {
    await engine.write({ content: "blocked" }).then(
      () => ok(false, "the write should fail"),
      (e) => ok(isHelixError(e, "store_locked"), String(e)),
    );
  } finally {
    holder.exec("ROLLBACK");
    holder.close();
  }
  equal(engine.stateHash(), before);
  equal((await engine.write({ content: "after the lock is gone" })).action, "added");
  engine.close();
});

Deno.test("mustExist refuses to create a strand", async () => {
  await using dir = await tempDir();
  const path = join(dir.path, "missing.db");
  throws(() => openEngine({ path, mustExist: true }), (e) => isHelixError(e, "not_found"));
  ok(!(await Deno.stat(path).then(() => true, () => false)), "no file was created");
});
