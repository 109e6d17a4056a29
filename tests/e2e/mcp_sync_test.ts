/**
 * The MCP server syncs by itself once its machine is paired (issue 17): a memory written by an
 * agent over MCP reaches the other machine without any sync command on the server's side, one
 * written on the other machine shows up in the server's search, no tool call waits on sync,
 * and the strand manifest reports the sync state. A server whose agent only reads acknowledges
 * the relay's latest snapshot by itself, so the other machine can compact.
 */
import { equal, ok } from "node:assert/strict";
import { join } from "node:path";
import { device, pair, startRelay } from "./_sync.ts";
import { spawnClient } from "./_stdio.ts";

/** Polls `probe` once a second (the server syncs only while its agent is quiet for 0.5 s). */
async function eventually<T>(what: string, probe: () => Promise<T | null>): Promise<T> {
  for (let i = 0; i < 40; i++) {
    const found = await probe();
    if (found !== null) return found;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(`${what} did not happen`);
}

Deno.test({
  name: "the MCP server pushes an agent's writes and pulls the other machine's, in the background",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    await using relay = await startRelay("sqlite");
    const root = await Deno.makeTempDir({ prefix: "helix-mcp-sync-" });
    const laptop = device(join(root, "laptop"), "laptop");
    const desktop = device(join(root, "desktop"), "desktop");
    await laptop.helix("add", "The first memory, to create the strand.", "--global");
    equal((await laptop.helix("sync", "init", "--relay", relay.url)).code, 0);
    equal((await pair(laptop, desktop)).joined.code, 0);

    const server = await spawnClient(desktop.home, {
      HELIX_SYNC_INTERVAL: "1",
      HELIX_SYNC_CHECK: "0.2",
      HELIX_DEVICE_NAME: "desktop",
    });
    try {
      const written = await server.call("memory_write", {
        content: "The desktop builds the Android app with Gradle 8.",
        type: "fact",
        scope: "global",
      });
      ok(written.id);
      const seen = await eventually("the desktop's write reaching the laptop", async () => {
        await laptop.helix("sync", "pull");
        const shown = await laptop.helix("show", written.id as string);
        return shown.code === 0 ? shown.stdout : null;
      });
      ok(seen.includes("Gradle 8"));

      await laptop.helix("add", "The laptop's CI cache lives in the ci-cache bucket.", "--global");
      equal((await laptop.helix("sync", "push")).code, 0);
      const hits = await eventually("the laptop's write in the server's search", async () => {
        const found = await server.call("memory_search", { query: "ci-cache bucket" });
        const list = found.results as { content: string }[];
        return list.some((r) => r.content.includes("ci-cache")) ? list : null;
      });
      ok(hits.length > 0);

      const manifest = await server.client.readResource({ uri: "helix://strand/manifest" });
      const body = JSON.parse((manifest.contents[0] as { text: string }).text);
      equal(body.sync.enabled, true);
      equal(body.sync.devices, 2);
      equal(body.sync.quarantined, 0);
    } finally {
      await server.client.close();
    }
  },
});

Deno.test({
  name: "an MCP server whose agent never writes acknowledges a snapshot; the admin compacts",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    await using relay = await startRelay("sqlite");
    const root = await Deno.makeTempDir({ prefix: "helix-mcp-ack-" });
    const laptop = device(join(root, "laptop"), "laptop");
    const desktop = device(join(root, "desktop"), "desktop");
    await laptop.helix("add", "Invoices are numbered per tenant.", "--global");
    equal((await laptop.helix("sync", "init", "--relay", relay.url)).code, 0);
    equal((await pair(laptop, desktop)).joined.code, 0);
    await laptop.helix("add", "Refunds need two approvals.", "--global");
    equal((await laptop.helix("sync", "snapshot")).code, 0);
    equal((await laptop.helix("sync", "compact")).code, 75, "the desktop holds it up");

    const server = await spawnClient(desktop.home, {
      HELIX_SYNC_INTERVAL: "1",
      HELIX_SYNC_CHECK: "0.2",
      HELIX_DEVICE_NAME: "desktop",
    });
    try {
      const done = await eventually("the laptop compacting", async () => {
        const compacted = await laptop.helix("sync", "compact", "--json");
        return compacted.code === 0 ? JSON.parse(compacted.stdout) : null;
      });
      equal(done.kind, "compacted");
      await eventually("the laptop's memory in the server's search", async () => {
        const found = await server.call("memory_search", { query: "refund approvals" });
        const list = found.results as { content: string }[];
        return list.some((r) => r.content.includes("two approvals")) ? list : null;
      });
    } finally {
      await server.client.close();
      await Deno.remove(root, { recursive: true }).catch(() => {});
    }
  },
});
