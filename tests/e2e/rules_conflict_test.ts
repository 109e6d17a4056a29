/**
 * A memory with an open merge conflict reaches the rules files agents read (AGENTS.md, …) in
 * the readable form agents get over MCP, never as raw `<<<<<<<` markers.
 */
import { equal, match } from "node:assert/strict";
import { join } from "node:path";
import { openEngine } from "../../core/mod.ts";
import { tempDir } from "../helpers.ts";
import { cli } from "./_cli.ts";

Deno.test("helix rules export shows an unsettled merge conflict readably, without markers", async () => {
  await using home = await tempDir();
  await using repo = await tempDir();
  await new Deno.Command("git", { args: ["init", "-q", repo.path] }).output();
  const helix = cli(home.path);
  const added = await helix(
    ["add", "Deploys run from scripts/deploy.sh on Tuesdays.", "--type", "convention", "--json"],
    { cwd: repo.path },
  );
  equal(added.code, 0, added.stderr);
  const { id } = added.json();
  // The same memory edited on two machines, then merged: a text conflict stays open.
  const laptop = openEngine({ path: join(home.path, "strands", "default.db") });
  const desktop = openEngine({ path: join(home.path, "desktop.db") });
  desktop.mergeOps(laptop.ops());
  await laptop.patch(id, { content: "Deploys run from scripts/release.sh on Tuesdays." });
  await desktop.patch(id, { content: "Deploys run from scripts/ship.sh on Tuesdays." });
  laptop.mergeOps(desktop.ops());
  desktop.close();
  laptop.close();

  equal((await helix(["rules", "export", "--to", "agents"], { cwd: repo.path })).code, 0);
  const written = await Deno.readTextFile(join(repo.path, "AGENTS.md"));
  equal(/<<<<<<<|=======|>>>>>>>/.test(written), false, written);
  match(
    written,
    /unsettled conflict: .*release\.sh.*\|.*ship\.sh|unsettled conflict: .*ship\.sh.*\|.*release\.sh/,
  );
});
