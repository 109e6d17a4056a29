/**
 * Migration 17 through the engine: a strand of schema 16 (exact tokens only) gains the parts of
 * its camelCase identifiers when it opens, so `mongo` finds `MongoDB` in memories written
 * before, and the fold agrees with the migration.
 */
import { DatabaseSync } from "node:sqlite";
import { join } from "node:path";
import { deepEqual, equal, ok } from "node:assert/strict";
import { fixedClock, openEngine } from "../mod.ts";
import { tempDir, TODAY } from "../../tests/helpers.ts";

Deno.test("opening a schema-16 strand indexes identifier parts; rebuild agrees", async () => {
  await using dir = await tempDir();
  const path = join(dir.path, "s.db");
  const options = { path, embedder: null, clock: fixedClock(TODAY), project: "api" };
  const first = openEngine(options);
  const { id } = await first.write({ content: "Sessions live in MongoDB behind useSessionStore." });
  first.close();

  const db = new DatabaseSync(path);
  db.exec(`DELETE FROM memory_tokens WHERE token LIKE '~%';
    UPDATE meta SET value = '16' WHERE key = 'schema_version';`);
  db.close();

  const parts = () => {
    const probe = new DatabaseSync(path, { readOnly: true });
    try {
      return (probe.prepare("SELECT token FROM memory_tokens WHERE token LIKE '~%' ORDER BY token")
        .all() as { token: string }[]).map((r) => r.token);
    } finally {
      probe.close();
    }
  };
  const engine = openEngine(options);
  try {
    ok(engine.meta.schemaVersion >= 17);
    const migrated = parts();
    deepEqual(migrated, ["~db", "~mongo", "~session", "~store", "~use"]);
    const { hits } = await engine.search({ query: "mongo" });
    equal(hits[0]?.memory.id, id);
    ok(engine.rebuild().identical);
    deepEqual(parts(), migrated, "the fold writes the same parts as the migration");
  } finally {
    engine.close();
  }
});
