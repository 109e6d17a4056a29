/**
 * `helix sync compact` through real processes: a relay process and machines that sync. With a
 * paired machine that has not acknowledged the snapshot, compact names it, sends nothing and
 * exits 75; once it has synced a change, compact drops the covered deltas at the relay; a
 * machine that only runs `helix sync` acknowledges the snapshot once and no longer holds it up. On a
 * team strand (`--strand team-<name>`) a member's compact exits 77, an admin's compacts, and
 * a member that joins afterwards starts from the snapshot and finds the team's memories.
 */
import { equal, match } from "node:assert/strict";
import { join } from "node:path";
import { device, pair, startRelay } from "./_sync.ts";

type Device = ReturnType<typeof device>;

Deno.test({
  name: "helix sync compact: pending machines named (exit 75), then the relay drops the deltas",
  sanitizeResources: false,
  async fn() {
    await using relay = await startRelay("sqlite");
    const root = await Deno.makeTempDir({ prefix: "helix-compact-" });
    try {
      const laptop = device(join(root, "laptop"), "laptop");
      const desktop = device(join(root, "desktop"), "desktop");
      const help = await laptop.helix("sync", "--help");
      equal(help.code, 0);
      match(help.stdout, /compact\s+\(admins\)/);
      for (const text of ["Invoices are numbered per tenant.", "Refunds need two approvals."]) {
        equal((await laptop.helix("add", text, "--global")).code, 0);
      }
      equal((await laptop.helix("sync", "init", "--relay", relay.url)).code, 0);
      equal((await pair(laptop, desktop)).joined.code, 0);
      equal((await laptop.helix("sync", "snapshot")).code, 0);
      const held = await laptop.helix("sync", "compact");
      equal(held.code, 75, held.stderr);
      match(held.stdout, /not compacted: 1 device has not acknowledged/);
      match(held.stdout, /desktop/);
      const json = await laptop.helix("sync", "compact", "--json");
      equal(json.code, 75);
      equal(JSON.parse(json.stdout).pending[0].name, "desktop");

      equal((await desktop.helix("add", "Payouts settle on Fridays.", "--global")).code, 0);
      equal((await desktop.helix("sync")).code, 0);
      // A new snapshot covers the desktop's change, which its own cursor has not passed.
      equal((await laptop.helix("sync", "snapshot")).code, 0);
      const done = await laptop.helix("sync", "compact", "--json");
      equal(done.code, 0, done.stderr);
      const report = JSON.parse(done.stdout);
      equal(report.kind, "compacted");
      equal(report.dropped > 0, true);
      // The desktop was behind its own last delta: it starts from the snapshot and goes on.
      const pulled = await desktop.helix("sync", "pull");
      equal(pulled.code, 0, pulled.stderr);
      match(pulled.stdout, /started from snapshot [0-9a-f]{12} \(the relay compacted its log/);
      const found = await desktop.helix("search", "refund approvals");
      match(found.stdout, /two approvals/);
    } finally {
      await Deno.remove(root, { recursive: true });
    }
  },
});

Deno.test({
  name: "helix sync compact: a machine that only runs `helix sync` acknowledges the snapshot once",
  sanitizeResources: false,
  async fn() {
    await using relay = await startRelay("sqlite");
    const root = await Deno.makeTempDir({ prefix: "helix-compact-ack-" });
    try {
      const laptop = device(join(root, "laptop"), "laptop");
      const reader = device(join(root, "reader"), "reader");
      equal((await laptop.helix("add", "Invoices are numbered per tenant.", "--global")).code, 0);
      equal((await laptop.helix("sync", "init", "--relay", relay.url)).code, 0);
      equal((await pair(laptop, reader)).joined.code, 0);
      equal((await laptop.helix("add", "Refunds need two approvals.", "--global")).code, 0);
      equal((await laptop.helix("sync")).code, 0);
      equal((await laptop.helix("sync", "snapshot")).code, 0);
      const held = await laptop.helix("sync", "compact");
      equal(held.code, 75, held.stderr);
      match(held.stdout, /reader/);

      const logBefore = (await laptop.helix("log")).stdout;
      // The reader never writes: one `helix sync` acknowledges the snapshot, the next does not.
      const first = await reader.helix("sync");
      equal(first.code, 0, first.stderr);
      match(first.stdout, /pushed 0 changes, acknowledged the snapshot through \d+/);
      const second = await reader.helix("sync", "--json");
      equal(second.code, 0, second.stderr);
      const report = JSON.parse(second.stdout);
      equal(report.push.uploaded, 0);
      equal(report.push.acknowledged, undefined);
      const status = await reader.helix("sync", "status");
      match(status.stdout, /unpushed\s+0/);

      const done = await laptop.helix("sync", "compact", "--json");
      equal(done.code, 0, done.stderr);
      equal(JSON.parse(done.stdout).kind, "compacted");
      // The laptop applied the acknowledgement (compact pulls first): no entry in its log.
      equal((await laptop.helix("log")).stdout, logBefore);
      equal((await reader.helix("sync")).code, 0);
      match((await reader.helix("search", "refund approvals")).stdout, /two approvals/);
    } finally {
      await Deno.remove(root, { recursive: true });
    }
  },
});

async function invite(admin: Device, joiner: Device, as: string) {
  const { code, done } = await admin.invite(
    ["team", "invite", "--yes"],
    /helix team join '([^']+)'/,
  );
  const joined = await joiner.helix("team", "join", code, "--as", as, "--yes");
  equal((await done).code, 0);
  equal(joined.code, 0, joined.stderr);
}

Deno.test({
  name:
    "helix sync compact on a team strand: a member exits 77; an admin compacts; a new member joins",
  sanitizeResources: false,
  async fn() {
    await using relay = await startRelay("sqlite");
    const root = await Deno.makeTempDir({ prefix: "helix-compact-team-" });
    try {
      const ada = device(join(root, "ada"), "ada-laptop");
      const bo = device(join(root, "bo"), "bo-laptop");
      const cy = device(join(root, "cy"), "cy-laptop");
      const strand = ["--strand", "team-acme"];
      equal(
        (await ada.helix("team", "create", "acme", "--relay", relay.url, "--as", "ada")).code,
        0,
      );
      await invite(ada, bo, "bo");
      equal((await ada.helix("add", "Deploys need a green build.", ...strand)).code, 0);
      equal((await ada.helix("sync")).code, 0);
      equal((await bo.helix("sync")).code, 0);
      equal((await bo.helix("add", "Reviews need two approvals.", ...strand)).code, 0);
      equal((await bo.helix("sync")).code, 0);
      equal((await ada.helix("sync", "snapshot", ...strand)).code, 0);
      const refused = await bo.helix("sync", "compact", ...strand);
      equal(refused.code, 77, refused.stdout);
      match(refused.stderr, /only an admin/);
      const done = await ada.helix("sync", "compact", ...strand, "--json");
      equal(done.code, 0, done.stderr);
      equal(JSON.parse(done.stdout).kind, "compacted");
      await invite(ada, cy, "cy");
      equal((await cy.helix("sync")).code, 0);
      const found = await cy.helix("search", "reviews approvals", ...strand);
      match(found.stdout, /two approvals/);
    } finally {
      await Deno.remove(root, { recursive: true });
    }
  },
});
