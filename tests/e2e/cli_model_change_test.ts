/**
 * Changing the embedding model never locks the strand: after `helix config set model …`,
 * `status` and `search` keep working (keywords, exact tokens and the graph) with the
 * re-embedding pending, until `helix reembed` moves the strand — which, offline, waits.
 */
import { equal, match, ok } from "node:assert/strict";
import { tempDir } from "../helpers.ts";
import { cli } from "./_cli.ts";

Deno.test("a newly configured model leaves status and search working, re-embedding pending", async () => {
  await using home = await tempDir();
  // A real embedder configuration that cannot download its model here: writes store no vectors.
  const helix = cli(home.path, { HELIX_EMBEDDER: "transformers", HELIX_ALLOW_DOWNLOAD: "false" });
  equal((await helix(["init"])).code, 0);
  equal((await helix(["add", "Billing uses Postgres for the ledger."])).code, 0);
  equal((await helix(["config", "set", "model", "Xenova/all-MiniLM-L6-v2"])).code, 0);

  const status = await helix(["status"]);
  equal(status.code, 0, status.stderr);
  match(status.stdout, /re-embedding with Xenova\/all-MiniLM-L6-v2 pending: helix reembed/);
  const found = await helix(["search", "postgres ledger", "--json"]);
  equal(found.code, 0, found.stderr);
  equal(found.json().hits.length, 1);
  match(found.json().channels.vector, /re-embedding with Xenova\/all-MiniLM-L6-v2/);

  const reembed = await helix(["reembed"]);
  equal(reembed.code, 75, "offline, the re-embedding waits for the model");
  const again = await helix(["status", "--json"]);
  equal(again.code, 0);
  ok(again.json().embedding.state.startsWith("re-embedding with Xenova/all-MiniLM-L6-v2"));
});
