/**
 * `helix sync snapshot` through real processes: a relay process, a machine that writes, syncs
 * and uploads a snapshot, and a new machine that joins with `helix sync join`, starts from it
 * (its output says so) and finds the memories.
 */
import { equal, match } from "node:assert/strict";
import { join } from "node:path";
import { device, pair, startRelay } from "./_sync.ts";

Deno.test({
  name: "helix sync snapshot, then a machine that joins starts from it",
  sanitizeResources: false,
  async fn() {
    await using relay = await startRelay("sqlite");
    const root = await Deno.makeTempDir({ prefix: "helix-snapshot-" });
    try {
      const laptop = device(join(root, "laptop"), "laptop");
      const desktop = device(join(root, "desktop"), "desktop");
      for (const text of ["Invoices are numbered per tenant.", "Refunds need two approvals."]) {
        equal((await laptop.helix("add", text, "--global")).code, 0);
      }
      equal((await laptop.helix("sync", "init", "--relay", relay.url)).code, 0);
      const made = await laptop.helix("sync", "snapshot", "--json");
      equal(made.code, 0, made.stderr);
      const report = JSON.parse(made.stdout);
      equal(report.parts, 1);
      equal(report.latest, true);
      const { joined } = await pair(laptop, desktop);
      equal(joined.code, 0, joined.stderr);
      match(joined.stdout, /Started from snapshot [0-9a-f]{12}/);
      const found = await desktop.helix("search", "refund approvals");
      equal(found.code, 0, found.stderr);
      match(found.stdout, /two approvals/);
    } finally {
      await Deno.remove(root, { recursive: true });
    }
  },
});
