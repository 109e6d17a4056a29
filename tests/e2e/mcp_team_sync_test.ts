/**
 * The MCP server syncs the team strands of its workspace in the background too: an agent's
 * write in a shared project goes to the team strand and reaches the other member without a
 * sync command, and the other member's write shows up in the server's search labelled with
 * the device that wrote it. The team strand is paired with the personal-sync pairing here
 * (`helix --strand team-acme sync init/join`); team invites replace that later.
 */
import { equal, ok } from "node:assert/strict";
import { join } from "node:path";
import { readTeams, withShare, withTeam, writeTeams } from "../../core/mod.ts";
import { device, pair, startRelay } from "./_sync.ts";
import { spawnClient } from "./_stdio.ts";

async function eventually<T>(what: string, probe: () => Promise<T | null>): Promise<T> {
  for (let i = 0; i < 40; i++) {
    const found = await probe();
    if (found !== null) return found;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(`${what} did not happen`);
}

async function shareBilling(home: string): Promise<void> {
  await writeTeams(home, withShare(withTeam(await readTeams(home), "acme"), "billing", "acme"));
}

Deno.test({
  name:
    "the MCP server syncs its team strands: routed writes leave, the other member's arrive labelled",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    await using relay = await startRelay("sqlite");
    const root = await Deno.makeTempDir({ prefix: "helix-mcp-team-sync-" });
    const team = { HELIX_STRAND: "team-acme" };
    const laptop = device(join(root, "laptop"), "laptop", team);
    const desktop = device(join(root, "desktop"), "desktop");
    const desktopTeam = device(desktop.home, "desktop", team);
    await laptop.helix(
      "add",
      "Billing is owned by the payments team.",
      "--scope",
      "project:billing",
    );
    equal((await laptop.helix("sync", "init", "--relay", relay.url)).code, 0);
    equal((await pair(laptop, desktopTeam)).joined.code, 0);
    await desktop.helix("add", "The desktop's own note.", "--global");
    await shareBilling(laptop.home);
    await shareBilling(desktop.home);

    const server = await spawnClient(desktop.home, {
      HELIX_SYNC_INTERVAL: "1",
      HELIX_SYNC_CHECK: "0.2",
      HELIX_DEVICE_NAME: "desktop",
      HELIX_PROJECT: "billing",
    });
    try {
      const written = await server.call("memory_write", {
        content: "Billing refunds are issued from the admin console only.",
        type: "convention",
      });
      equal((written.memory as { strand: string }).strand, "team:acme");
      const seen = await eventually("the desktop's team write reaching the laptop", async () => {
        await laptop.helix("sync", "pull");
        const shown = await laptop.helix("show", written.id as string);
        return shown.code === 0 ? shown.stdout : null;
      });
      ok(seen.includes("admin console"));

      await laptop.helix(
        "add",
        "Billing dunning emails go out on day 3.",
        "--scope",
        "project:billing",
      );
      equal((await laptop.helix("sync", "push")).code, 0);
      const hit = await eventually("the laptop's team write in the server's search", async () => {
        const found = await server.call("memory_search", { query: "dunning emails" });
        const list = found.results as { content: string; strand?: string; member?: string }[];
        return list.find((r) => r.content.includes("dunning")) ?? null;
      });
      equal(hit.strand, "team:acme");
      equal(hit.member, "laptop");
    } finally {
      await server.client.close();
      await Deno.remove(root, { recursive: true });
    }
  },
});
