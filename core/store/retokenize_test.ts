/**
 * Migration 9 through the engine: a strand written under the old token rules (tokens as
 * stored before, schema 8) is retokenized when it opens, and agrees with a rebuild from the
 * log, which `helix doctor` checks.
 */
import { DatabaseSync } from "node:sqlite";
import { join } from "node:path";
import { deepEqual, equal, ok } from "node:assert/strict";
import { fixedClock, openEngine } from "../mod.ts";
import { tempDir, TODAY } from "../../tests/helpers.ts";

Deno.test("opening a schema-8 strand rebuilds memory_tokens with the new rules; doctor and rebuild agree", async () => {
  await using dir = await tempDir();
  const path = join(dir.path, "s.db");
  const options = { path, embedder: null, clock: fixedClock(TODAY), project: "api" };
  const first = openEngine(options);
  const { id } = await first.write({ content: "CI needs `export ZQ47RX=1` before the e2e suite." });
  first.close();

  // What a strand of schema 8 held: only the pair, as the old rules stored it, and none of the
  // later tables.
  const db = new DatabaseSync(path);
  db.exec(`DROP TABLE transfer_runs;
    DROP TABLE sync_strand; DROP TABLE sync_epochs; DROP TABLE sync_roster;
    DROP TABLE sync_outbox; DROP TABLE sync_chains; DROP TABLE sync_applied;
    DROP TABLE sync_pending; DROP TABLE sync_quarantine; DROP TABLE sync_received;
    DROP TABLE sync_log; DROP TABLE sync_alarms; DROP TABLE sync_kept;
    DELETE FROM memory_tokens;
    INSERT INTO memory_tokens (token, rid) SELECT 'zq47rx=1', rid FROM memories;
    UPDATE meta SET value = '8' WHERE key = 'schema_version';`);
  db.close();

  const tokensOf = () => {
    const probe = new DatabaseSync(path, { readOnly: true });
    try {
      return (probe.prepare("SELECT token FROM memory_tokens ORDER BY token").all() as {
        token: string;
      }[]).map((r) => r.token);
    } finally {
      probe.close();
    }
  };
  const engine = openEngine(options);
  try {
    ok(engine.meta.schemaVersion >= 9);
    const migrated = tokensOf();
    deepEqual(migrated, ["e2e", "export zq47rx=1", "zq47rx", "zq47rx=1"]);
    const { hits } = await engine.search({ query: "zq47rx" });
    equal(hits[0]?.memory.id, id);
    const inspection = await engine.inspect();
    ok(inspection.ok, JSON.stringify(inspection.checks.filter((c) => !c.ok)));
    ok(engine.rebuild().identical);
    deepEqual(tokensOf(), migrated, "the fold writes the same tokens as the migration");
  } finally {
    engine.close();
  }
});
