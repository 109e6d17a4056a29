/**
 * A hard forget leaves no sealed copy of the forgotten memory on any synced machine: the
 * envelopes a machine keeps only for `sync repair` (other machines' as received, its own once
 * acknowledged) are encrypted under keys the machine holds, so they go with the purge, on the
 * machine that forgets and on every machine that pulls the purge. What comes after is kept again.
 */
import { equal, ok } from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { join } from "node:path";
import { world } from "./fixtures/adversary_world.ts";

function copies(dir: string, name: string): { kept: number; acked: number } {
  const db = new DatabaseSync(join(dir, `${name}.db`), { readOnly: true });
  try {
    const count = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
    return {
      kept: count("SELECT count(*) AS n FROM sync_kept"),
      acked: count("SELECT count(*) AS n FROM sync_outbox WHERE acked = 1"),
    };
  } finally {
    db.close();
  }
}

Deno.test("a hard forget drops the sealed copies kept for repair, here and on every machine that pulls it", async () => {
  const w = await world("app");
  try {
    const { a, b, relay } = w;
    const secret = await a.write({ content: "The staging root password is hunter2-Blue-77." });
    await a.write({ content: "Staging is rebuilt every Monday." });
    await a.sync({ relay });
    await b.sync({ relay });
    ok(copies(w.dir, "b").kept > 0, "B keeps A's envelopes for repair");
    ok(copies(w.dir, "a").acked > 0, "A keeps its own acknowledged envelopes");

    a.purge([secret.id]);
    await a.sync({ relay });
    equal(copies(w.dir, "a").acked, 1, "only the purge's own envelope, acknowledged since");
    await b.sync({ relay });
    equal(copies(w.dir, "b").kept, 0, "B dropped every envelope from before the purge");
    equal(b.stateHash(), a.stateHash());

    await a.write({ content: "Staging backups run at 02:00." });
    await a.sync({ relay });
    await b.sync({ relay });
    equal(copies(w.dir, "b").kept, 1, "what comes after is kept again");
    equal(b.stateHash(), a.stateHash());
  } finally {
    await w.close();
  }
});
