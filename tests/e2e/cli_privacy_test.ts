/**
 * Memories are private and durable on disk: a new Helix home is owner-only (0700), a strand and
 * its write-ahead files are 0600, a home or strand left looser by an older version is tightened
 * at the next command, and a write is on disk before it is acknowledged (`durability: full`).
 */
import { equal } from "node:assert/strict";
import { join } from "node:path";
import { openEngine } from "../../core/mod.ts";
import { tempDir } from "../helpers.ts";
import { cli } from "./_cli.ts";

const mode = async (path: string) => (await Deno.stat(path)).mode! & 0o777;

Deno.test("a new home is 0700, and the strand and its WAL are 0600", async () => {
  await using dir = await tempDir();
  const home = join(dir.path, "fresh-home");
  const helix = cli(home);
  equal((await helix(["add", "The deploy key lives in the vault."])).code, 0);
  equal(await mode(home), 0o700);
  equal(await mode(join(home, "strands")), 0o700);
  const strand = join(home, "strands", "default.db");
  equal(await mode(strand), 0o600);
  // While a writer has it open, the write-ahead log and its index exist: both private.
  const engine = openEngine({ path: strand });
  try {
    await engine.write({ content: "Rotate the deploy key every quarter." });
    equal(await mode(`${strand}-wal`), 0o600);
    equal(await mode(`${strand}-shm`), 0o600);
  } finally {
    engine.close();
  }
});

Deno.test("a home and strand left readable by others are made private at the next command", async () => {
  await using dir = await tempDir();
  const home = join(dir.path, "old-home");
  const helix = cli(home);
  equal((await helix(["init"])).code, 0);
  const strand = join(home, "strands", "default.db");
  await Deno.chmod(home, 0o755);
  await Deno.chmod(strand, 0o644);
  equal((await helix(["status"])).code, 0);
  equal(await mode(home), 0o700);
  equal(await mode(strand), 0o600);
});

Deno.test("writes are durable: status reports full durability", async () => {
  await using dir = await tempDir();
  const helix = cli(dir.path);
  equal((await helix(["init"])).code, 0);
  const status = await helix(["status", "--json"]);
  equal(status.json().durability, "full");
});
