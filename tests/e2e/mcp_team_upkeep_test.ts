/**
 * One machine keeps a team strand (`server/team_upkeep.ts`): the MCP server of the admin's
 * machine runs the team strand's lifecycle jobs and makes its snapshots, a member's server
 * leaves them to it, so the members' machines never each distil the same episodes into rules
 * of their own, nor upload snapshots in turn.
 */
import { equal, ok } from "node:assert/strict";
import { join } from "node:path";
import { device, startRelay } from "./_sync.ts";
import { logs, spawnClient, type StdioClient } from "./_stdio.ts";

Deno.test({
  name: "the admin's MCP server keeps the team strand; a member's leaves it to that machine",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    await using relay = await startRelay();
    const root = await Deno.makeTempDir({ prefix: "helix-team-upkeep-" });
    const ada = device(join(root, "ada"), "ada-laptop");
    const bo = device(join(root, "bo"), "bo-laptop");
    const servers: StdioClient[] = [];
    try {
      equal(
        (await ada.helix("team", "create", "acme", "--relay", relay.url, "--as", "ada")).code,
        0,
      );
      const { code, done } = await ada.invite(
        ["team", "invite", "--yes"],
        /helix team join '([^']+)'/,
      );
      const joined = await bo.helix("team", "join", code, "--as", "bo", "--yes");
      equal(joined.code, 0, joined.stderr);
      equal((await done).code, 0);

      const strand = ["--strand", "team-acme"];
      equal((await ada.helix("add", "Payouts run at 06:00 UTC.", "--global", ...strand)).code, 0);

      for (const who of [ada, bo]) {
        servers.push(
          await spawnClient(who.home, {
            HELIX_SYNC_INTERVAL: "1",
            HELIX_SYNC_CHECK: "0.2",
            HELIX_SNAPSHOT_EVERY: "1",
            HELIX_LOG_LEVEL: "info",
          }),
        );
      }
      const [adaServer, boServer] = servers as [StdioClient, StdioClient];
      ok((await logs(adaServer, /keeping team strand[^\n]*acme/)).length > 0);
      ok((await logs(boServer, /team strand kept by another machine[^\n]*acme/)).length > 0);
      equal(/keeping team strand/.test(boServer.logged()), false);

      // The keeper also makes the team strand's snapshots, once enough changed; a member's
      // server syncs but never makes one.
      ok((await logs(adaServer, /snapshot made[^\n]*acme/)).length > 0);
      ok((await logs(boServer, /synced[^\n]*acme/)).length > 0);
      equal(/snapshot made/.test(boServer.logged()), false);
    } finally {
      for (const server of servers) await server.client.close();
      await Deno.remove(root, { recursive: true });
    }
  },
});
