import { equal, throws } from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { withBulkCache } from "./bulk_cache.ts";

const cacheOf = (db: DatabaseSync) =>
  (db.prepare("PRAGMA cache_size").get() as { cache_size: number }).cache_size;

Deno.test("withBulkCache() sets the cache for the run and restores it, even when the run throws", () => {
  const db = new DatabaseSync(":memory:");
  db.exec("PRAGMA cache_size = -8000");
  equal(withBulkCache(db, 256, () => cacheOf(db)), -262144);
  equal(cacheOf(db), -8000);
  throws(() =>
    withBulkCache(db, 64, () => {
      throw new Error("boom");
    })
  );
  equal(cacheOf(db), -8000);
  db.close();
});
