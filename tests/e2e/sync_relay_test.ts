/**
 * Issue 17, through real processes: a relay process on loopback (SQLite and Deno KV), and
 * three devices, each `helix` in its own HELIX_HOME. They pair with safety numbers, write,
 * sync and find each other's memories; a hard forget purges on every device; and the relay's
 * database holds no plaintext, no device id and no clock (T9).
 */
import { deepEqual, equal, match, ok } from "node:assert/strict";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { DELTA_HEADER_LENGTH, padme } from "@helix/core";
import { startRelay as startRelayWith } from "../../relay/testing/process.ts";
import { device, pair, startRelay } from "./_sync.ts";

const CANARY = "quokka-canary-7Rw2";

for (const storage of ["sqlite", "kv"] as const) {
  Deno.test({
    name: `three devices sync through a real relay process (${storage})`,
    sanitizeResources: false,
    async fn() {
      await using relay = await startRelay(storage);
      const root = await Deno.makeTempDir({ prefix: "helix-sync-" });
      const laptop = device(join(root, "laptop"), "laptop");
      const desktop = device(join(root, "desktop"), "desktop");
      const ci = device(join(root, "ci"), "ci-box");

      const first = await laptop.helix(
        "add",
        `The ${CANARY} payments service stores money as integer cents.`,
        "--global",
        "--type",
        "convention",
        "--json",
      );
      equal(first.code, 0, first.stderr);
      const firstId = JSON.parse(first.stdout).id as string;
      const init = await laptop.helix("sync", "init", "--relay", relay.url, "--json");
      equal(init.code, 0, init.stderr);
      equal(JSON.parse(init.stdout).uploaded, 1);

      const { invited, joined } = await pair(laptop, desktop);
      equal(joined.code, 0, joined.stderr);
      equal(invited.code, 0, invited.stderr);
      const numbers = [invited.stderr, joined.stderr].map((t) =>
        /Safety number with .*: (\d{3} \d{3})/.exec(t)?.[1]
      );
      ok(numbers[0], invited.stderr);
      equal(numbers[0], numbers[1], "both machines show the same safety number");

      const written = await desktop.helix(
        "add",
        "Deploys to production go out from the release branch on Tuesdays.",
        "--global",
        "--json",
      );
      equal(written.code, 0, written.stderr);
      equal((await desktop.helix("sync")).code, 0);
      const pulled = await laptop.helix("sync", "--json");
      equal(pulled.code, 0, pulled.stderr);
      equal(JSON.parse(pulled.stdout).pull.applied, 1);
      const found = await laptop.helix("search", "release branch deploys", "--json");
      match(found.stdout, /release branch on Tuesdays/);

      const third = await pair(laptop, ci);
      equal(third.joined.code, 0, third.joined.stderr);
      const listed = await ci.helix("list", "--scope", "all", "--json");
      const contents = JSON.parse(listed.stdout).items.map((m: { content: string }) => m.content);
      equal(contents.length, 2, listed.stdout);
      const status = JSON.parse((await ci.helix("sync", "status", "--json")).stdout);
      deepEqual(status.devices.map((d: { name: string }) => d.name).sort(), [
        "ci-box",
        "desktop",
        "laptop",
      ]);
      equal(status.unpushed, 0);
      equal(status.quarantined, 0);

      // A hard forget purges on every device.
      const purge = await laptop.helix("forget", firstId, "--hard", "--yes");
      equal(purge.code, 0, purge.stderr);
      equal((await laptop.helix("sync")).code, 0);
      for (const other of [desktop, ci]) {
        equal((await other.helix("sync")).code, 0);
        const shown = await other.helix("show", firstId);
        equal(shown.code, 66, `${other.name}: ${shown.stdout}`);
      }

      // The three machines show the same fingerprint.
      const prints = [];
      for (const d of [laptop, desktop, ci]) {
        const verified = await d.helix("sync", "verify", "--json");
        equal(verified.code, 0, verified.stderr);
        prints.push(JSON.parse(verified.stdout).fingerprint);
      }
      for (const d of [laptop, desktop, ci]) {
        prints.push(
          JSON.parse((await d.helix("sync", "verify", "--offline", "--json")).stdout).fingerprint,
        );
      }
      equal(new Set(prints).size, 1, prints.join(" "));
      match(prints[0], /^[0-9a-f]{4}(-[0-9a-f]{4}){5}$/);

      // A second relay process witnesses the strand: each machine leaves its signed statement
      // there and checks the others'; an honest relay raises nothing.
      await using witness = await startRelay(storage);
      for (const d of [laptop, desktop]) {
        const set = await d.helix("sync", "witness", witness.url);
        equal(set.code, 0, set.stderr);
        match(set.stdout, /witness\s+http:\/\/127\.0\.0\.1/);
      }
      for (const d of [laptop, desktop, laptop]) equal((await d.helix("sync")).code, 0);
      const witnessed = await desktop.helix("sync", "--json");
      equal(witnessed.code, 0, witnessed.stderr);
      const exchange = JSON.parse(witnessed.stdout).witness;
      equal(exchange.checked, 1, witnessed.stdout);
      equal(exchange.alarms, 0);
      equal(
        JSON.parse((await desktop.helix("sync", "status", "--json")).stdout).witness,
        witness.url,
      );
      equal((await desktop.helix("sync", "witness", "--off")).stdout.trim(), "no witness");

      // helix doctor reports sync with no alarms.
      const doctor = await ci.helix("doctor", "--no-model", "--json");
      const syncCheck = JSON.parse(doctor.stdout).checks.find((c: { name: string }) =>
        c.name === "sync"
      );
      equal(syncCheck?.ok, true, doctor.stdout);

      // Repair on a relay that lost nothing re-sends everything as no-ops.
      const repaired = await laptop.helix("sync", "repair", "--yes", "--json");
      equal(repaired.code, 0, repaired.stderr);
      equal(JSON.parse(repaired.stdout).restored, 0);
      // The hard forget above dropped the copies kept for repair of what came before it.
      ok(JSON.parse(repaired.stdout).present >= 1);

      // The CI box is retired: removed with a new key, it can no longer sync; the others can.
      const removed = await laptop.helix("device", "remove", "ci-box", "--yes", "--json");
      equal(removed.code, 0, removed.stderr);
      equal(JSON.parse(removed.stdout).epoch, 1);
      equal((await ci.helix("sync")).code, 77, "the removed machine is refused");
      equal((await desktop.helix("sync")).code, 0);
      const listed2 = await desktop.helix("device", "list", "--json");
      deepEqual(
        JSON.parse(listed2.stdout).devices.map((d: { name: string }) => d.name).sort(),
        ["desktop", "laptop"],
      );

      // T9: the relay's files hold no plaintext, no device id, no clock.
      await relay.stop();
      const ids = [laptop, desktop, ci].map((d) =>
        JSON.parse(Deno.readTextFileSync(join(d.home, "keys", "device.json"))).publicKey as string
      );
      const statusIds = status.devices.map((d: { id: string }) => d.id) as string[];
      for await (const entry of Deno.readDir(relay.data)) {
        const bytes = await Deno.readFile(join(relay.data, entry.name));
        const text = new TextDecoder("latin1").decode(bytes);
        ok(!text.includes(CANARY), `${entry.name} holds the canary`);
        ok(!text.includes("integer cents") && !text.includes("release branch"), entry.name);
        for (const id of [...ids, ...statusIds]) {
          ok(!text.includes(id), `${entry.name} holds a device id`);
        }
        ok(!/\d{15}-\d{5}/.test(text), `${entry.name} holds a clock`);
      }
      if (storage === "sqlite") {
        // Only padded sizes: every sealed plaintext is a PADMÉ length.
        const db = new DatabaseSync(join(relay.data, "relay.sqlite"), { readOnly: true });
        const sizes = db.prepare("SELECT length(bytes) AS n FROM deltas").all() as { n: number }[];
        db.close();
        ok(sizes.length >= 3, `${sizes.length} deltas`);
        for (const { n } of sizes) {
          const plaintext = n - DELTA_HEADER_LENGTH - 16 - 64;
          equal(padme(plaintext), plaintext, `a delta of ${n} bytes is not padded`);
        }
      }
    },
  });
}

Deno.test({
  name:
    "a relay with an operator token refuses to create strands without it; HELIX_RELAY_TOKEN passes",
  sanitizeResources: false,
  async fn() {
    const token = "op-token-" + crypto.randomUUID();
    await using relay = await startRelayWith({
      env: { RELAY_OPERATOR: token },
      args: ["--token-env", "RELAY_OPERATOR"],
    });
    const root = await Deno.makeTempDir({ prefix: "helix-token-" });
    const without = device(join(root, "a"), "a");
    const refused = await without.helix("sync", "init", "--relay", relay.url);
    equal(refused.code, 77, refused.stderr);
    match(refused.stderr, /operator token/);
    const withToken = device(join(root, "b"), "b", { HELIX_RELAY_TOKEN: token });
    const created = await withToken.helix("sync", "init", "--relay", relay.url);
    equal(created.code, 0, created.stderr);
  },
});
