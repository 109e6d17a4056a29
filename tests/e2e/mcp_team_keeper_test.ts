/**
 * The keeper of a team strand follows the roster while the servers run (`server/team_keeper.ts`):
 * when the admin who kept it steps down, its server stops the team's worker at its next sync
 * and the new admin's server starts one at its own, with no restart.
 */
import { equal, ok } from "node:assert/strict";
import { join } from "node:path";
import { device, startRelay } from "./_sync.ts";
import { logs, spawnClient, type StdioClient } from "./_stdio.ts";

Deno.test({
  name: "the team's keeper moves to the new admin's server when the old one steps down",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    await using relay = await startRelay();
    const root = await Deno.makeTempDir({ prefix: "helix-team-keeper-" });
    const ada = device(join(root, "ada"), "ada-laptop");
    const bo = device(join(root, "bo"), "bo-laptop");
    const servers: StdioClient[] = [];
    const ok0 = async (who: typeof ada, ...args: string[]) => {
      const ran = await who.helix(...args);
      equal(ran.code, 0, ran.stderr);
    };
    try {
      await ok0(ada, "team", "create", "acme", "--relay", relay.url, "--as", "ada");
      const { code, done } = await ada.invite(
        ["team", "invite", "--yes"],
        /helix team join '([^']+)'/,
      );
      await ok0(bo, "team", "join", code, "--as", "bo", "--yes");
      equal((await done).code, 0);
      // Both admins are heard from: each wrote to the team strand and synced.
      const strand = ["--strand", "team-acme"];
      await ok0(ada, "add", "Payouts run at 06:00 UTC.", "--global", ...strand);
      await ok0(bo, "add", "Refunds go through the ledger service.", "--global", ...strand);
      await ok0(ada, "sync", ...strand);
      await ok0(bo, "sync", ...strand);
      await ok0(ada, "sync", ...strand);

      const env = { HELIX_SYNC_INTERVAL: "1", HELIX_SYNC_CHECK: "0.2", HELIX_LOG_LEVEL: "info" };
      for (const who of [ada, bo]) servers.push(await spawnClient(who.home, env));
      const [adaServer, boServer] = servers as [StdioClient, StdioClient];
      await logs(adaServer, /keeping team strand[^\n]*acme/);
      await logs(boServer, /team strand kept by another machine[^\n]*acme/);

      // Bo becomes an admin and Ada steps down, while both servers run.
      await ok0(ada, "team", "role", "bo", "admin");
      await ok0(ada, "team", "role", "ada", "member");
      await logs(adaServer, /team strand handed to another machine[^\n]*acme/);
      // Bo's server gives Ada's time to sync and stop (two sync intervals), then keeps it.
      await logs(boServer, /taking over team strand[^\n]*acme/);
      await logs(boServer, /keeping team strand[^\n]*acme/);
      ok(!/team strand handed/.test(boServer.logged()));
    } finally {
      for (const server of servers) await server.client.close();
      await Deno.remove(root, { recursive: true });
    }
  },
});
