import { DatabaseSync } from "node:sqlite";
import { equal, match, notEqual } from "node:assert/strict";
import { getLoadablePath } from "sqlite-vec";
import { vectorExtension } from "./vector_extension.ts";
import { openStrandFile } from "./meta.ts";
import { openDatabase } from "./sqlite.ts";
import { CHECKPOINT_PAGES, withLongRunWalSync } from "./wal.ts";
import { tempDir } from "../../tests/helpers.ts";

Deno.test("vectorExtension() copies the embedded library beside the strand and loads it from there", async () => {
  await using dir = await tempDir();
  equal(vectorExtension(dir.path, getLoadablePath(), false), getLoadablePath());

  // As inside a compiled binary: the package file is not loadable in place.
  const copied = vectorExtension(dir.path, getLoadablePath(), true);
  notEqual(copied, getLoadablePath());
  match(copied, /\/\.helix-lib\/[0-9a-f]{16}\/vec0\.(so|dylib|dll)$/);
  const db = new DatabaseSync(":memory:", { allowExtension: true });
  db.loadExtension(copied);
  match((db.prepare("SELECT vec_version() AS v").get() as { v: string }).v, /^v\d/);
  db.close();

  // A planted or damaged file under that name is replaced, never loaded.
  await Deno.writeTextFile(copied, "not a library");
  equal(vectorExtension(dir.path, getLoadablePath(), true), copied);
  equal(
    (await Deno.readFile(copied)).byteLength,
    (await Deno.readFile(getLoadablePath())).byteLength,
  );
});

Deno.test('openDatabase(""): a private temporary database on disk, with the strand schema and vectors', () => {
  const { db } = openStrandFile("", { embeddingModel: "m", embeddingDimension: 4, now: 0 });
  try {
    const { file } = db.prepare("PRAGMA database_list").get() as { file: string };
    equal(file, "", "no name: SQLite unlinked it");
    const mode = db.prepare("PRAGMA journal_mode").get() as { journal_mode: string };
    equal(mode.journal_mode, "delete", "a file, not memory (which journals in memory)");
    db.prepare("INSERT INTO memory_vectors (rowid, embedding) VALUES (?, ?)")
      .run(1n, new Float32Array([1, 0, 0, 0]));
    const row = db.prepare("SELECT count(*) AS n FROM memory_vectors").get() as { n: number };
    equal(row.n, 1);
  } finally {
    db.close();
  }
});

Deno.test("a strand file runs WAL with synchronous=FULL and checkpoints every CHECKPOINT_PAGES pages, also after a long run", async () => {
  await using dir = await tempDir();
  const db = openDatabase(`${dir.path}/strand.db`);
  try {
    const pragma = (name: string) => Object.values(db.prepare(`PRAGMA ${name}`).get()!)[0];
    equal(pragma("journal_mode"), "wal");
    equal(pragma("synchronous"), 2, "FULL: an acknowledged write survives power loss");
    equal(pragma("wal_autocheckpoint"), CHECKPOINT_PAGES);
    withLongRunWalSync(db, () => equal(pragma("wal_autocheckpoint"), 50_000));
    equal(pragma("wal_autocheckpoint"), CHECKPOINT_PAGES);
  } finally {
    db.close();
  }
});
