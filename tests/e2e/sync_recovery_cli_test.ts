/**
 * The recovery phrase through the CLI and a real relay process: `helix sync recovery` shows it
 * once; on a new machine `helix sync recover` (phrase from HELIX_RECOVERY_PHRASE) gets the
 * strand back; a wrong phrase exits 77 and uploads nothing.
 */
import { equal, match } from "node:assert/strict";
import { join } from "node:path";
import { device, startRelay } from "./_sync.ts";

Deno.test({
  name: "helix sync recovery, then recover on a new machine through a relay process",
  sanitizeResources: false,
  async fn() {
    await using relay = await startRelay();
    const root = await Deno.makeTempDir({ prefix: "helix-recovery-" });
    const laptop = device(join(root, "laptop"), "laptop");
    equal(
      (await laptop.helix(
        "add",
        "Backups are restored with ./ops/restore.sh --verify.",
        "--global",
      )).code,
      0,
    );
    equal((await laptop.helix("sync", "init", "--relay", relay.url)).code, 0);
    const shown = await laptop.helix("sync", "recovery");
    equal(shown.code, 0, shown.stderr);
    match(shown.stdout, / 1\. \w+/);
    match(
      shown.stdout,
      /helix sync recover --relay http:\/\/127\.0\.0\.1:\d+ --strand-id [0-9a-f]{32}/,
    );
    const made = JSON.parse((await laptop.helix("sync", "status", "--json")).stdout);
    const words = [...shown.stdout.matchAll(/\d+\. (\w+)/g)].map((m) => m[1]).join(" ");
    equal(words.split(" ").length, 24);

    const wrong = device(join(root, "wrong"), "wrong", {
      HELIX_RECOVERY_PHRASE: words.split(" ").reverse().join(" "),
    });
    const refused = await wrong.helix(
      "sync",
      "recover",
      "--relay",
      relay.url,
      "--strand-id",
      made.strandId,
    );
    equal(refused.code === 77 || refused.code === 64, true, refused.stderr);

    const spare = device(join(root, "spare"), "spare", { HELIX_RECOVERY_PHRASE: words });
    const recovered = await spare.helix(
      "sync",
      "recover",
      "--relay",
      relay.url,
      "--strand-id",
      made.strandId,
    );
    equal(recovered.code, 0, recovered.stderr);
    match(recovered.stdout, /recovered/);
    const found = await spare.helix("search", "how do we restore backups", "--json");
    match(found.stdout, /restore\.sh/);
  },
});
