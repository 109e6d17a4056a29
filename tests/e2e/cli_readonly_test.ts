/**
 * A strand in a folder this user cannot write still serves reads: `status`, `search`, `list`
 * and `doctor` answer from it, and a write fails as a permission problem (77), not a full disk.
 * As root, a folder is made read-only with `chattr +i` (root ignores modes); otherwise with
 * chmod 0500.
 */
import { equal, match } from "node:assert/strict";
import { join } from "node:path";
import { tempDir } from "../helpers.ts";
import { cli } from "./_cli.ts";

const root = Deno.uid() === 0;

async function run(command: string, args: string[]): Promise<boolean> {
  try {
    return (await new Deno.Command(command, { args, stderr: "null", stdout: "null" }).output())
      .success;
  } catch {
    return false;
  }
}

/** Makes `dir` read-only for this user; false when this machine cannot (no chattr as root). */
async function readOnly(dir: string, on: boolean): Promise<boolean> {
  if (root) return await run("chattr", [on ? "+i" : "-i", dir]);
  await Deno.chmod(dir, on ? 0o500 : 0o700);
  return true;
}

const probe = await Deno.makeTempDir();
const supported = await readOnly(probe, true);
if (supported) await readOnly(probe, false);
await Deno.remove(probe, { recursive: true });

Deno.test({
  name: "a read-only strand folder still serves status, search and list; writes get 77",
  ignore: !supported,
  async fn() {
    await using home = await tempDir();
    const helix = cli(home.path);
    equal((await helix(["add", "Billing uses Postgres for the ledger."])).code, 0);
    const strands = join(home.path, "strands");
    await readOnly(strands, true);
    try {
      equal((await helix(["status"])).code, 0);
      const found = await helix(["search", "postgres ledger", "--json"]);
      equal(found.code, 0, found.stderr);
      equal(found.json().hits.length, 1);
      equal((await helix(["list"])).code, 0);
      // doctor cannot run FTS5's check (it takes the write lock): it says so, and finds nothing wrong.
      const doctor = await helix(["doctor", "--no-model"]);
      equal(doctor.code, 0, doctor.stdout);
      match(doctor.stdout, /full-text index not checked: the strand is read-only here/);
      const write = await helix(["add", "Another memory."]);
      equal(write.code, 77);
      match(write.stderr, /read-only here/);
    } finally {
      await readOnly(strands, false);
    }
  },
});
