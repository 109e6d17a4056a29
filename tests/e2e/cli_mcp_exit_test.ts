/**
 * `helix mcp` exits with the code of its failure from the table every command uses, not 1:
 * a bad setting is usage (64), a file that is not a strand is a data problem (65), a port in
 * use is "retry later" (75).
 */
import { equal } from "node:assert/strict";
import { join } from "node:path";
import { tempDir } from "../helpers.ts";
import { cli } from "./_cli.ts";

Deno.test("helix mcp exit codes follow the table", async () => {
  await using home = await tempDir();
  const helix = cli(home.path, { HELIX_LOG_LEVEL: "error" });
  equal((await helix(["mcp", "--http", "--port", "99999"])).code, 64, "a port out of range");

  await Deno.mkdir(join(home.path, "strands"), { recursive: true });
  await Deno.writeTextFile(join(home.path, "strands", "other.db"), "not a strand");
  equal((await helix(["mcp", "--strand", "other"])).code, 65, "a file that is not a strand");

  using listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = String((listener.addr as Deno.NetAddr).port);
  equal((await helix(["mcp", "--http", "--port", port])).code, 75, "a port in use");
});
