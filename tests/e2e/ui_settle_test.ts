/**
 * `helix ui` in a real headless Chromium: settling a contradiction side by side, and rolling
 * the strand back to a point after a preview (both undoable).
 *
 * @module
 */
import { equal, ok } from "node:assert/strict";
import { fixedClock, openEngine } from "../../core/mod.ts";
import { TODAY } from "../helpers.ts";
import { BROWSER_TEST, clickButton, openUi, waitForText } from "./_ui.ts";

const HOUR = 3_600_000;

Deno.test({
  name: "helix ui: a contradiction is settled side by side, and the undo reopens it",
  ...BROWSER_TEST,
  async fn() {
    let postgres = "";
    let mysql = "";
    let edge = "";
    await using ui = await openUi(async (engine) => {
      postgres = (await engine.write({ content: "The staging database is Postgres 15." })).id;
      mysql = (await engine.write({ content: "The staging database is MySQL 8." })).id;
      const existing = engine.flags({ scope: "all" })[0];
      edge = existing?.edge.id ??
        engine.relate({ from: mysql, to: postgres, relation: "contradicts" }).id;
    });
    const [flag] = ui.engine.flags({ scope: "all" });
    ok(flag, "the strand has an open contradiction");
    await ui.visit("#/health");
    await waitForText(ui.page, "main", "Contradictions (1)");
    await ui.page.locator(`a[href="#/settle?edge=${encodeURIComponent(edge)}"]`).click();
    await waitForText(ui.page, "main", "Keep newer");
    const newer = flag.newer.id;
    const older = flag.older.id;
    await clickButton(ui.page, "Keep newer");
    await waitForText(ui.page, "#status", "superseded");
    await waitForText(ui.page, "main", "This contradiction is settled");
    equal(ui.engine.get(older).status, "superseded");
    equal(ui.engine.get(newer).status, "active");
    equal(ui.engine.flags({ scope: "all" }).length, 0);
    await clickButton(ui.page, "Undo", "#status");
    await waitForText(ui.page, "#status", "Undone");
    equal(ui.engine.get(older).status, "active");
    equal(ui.engine.flags({ scope: "all" }).length, 1, "the flag is open again");
  },
});

Deno.test({
  name: "helix ui: rolling back to a point shows what it changes first, then does it",
  ...BROWSER_TEST,
  async fn() {
    let id = "";
    let added = "";
    await using ui = await openUi(async (engine) => {
      id = (await engine.write({ content: "Deploys need one approval." })).id;
      await engine.patch(id, { content: "Deploys need no approval." });
      added = (await engine.write({ content: "Friday deploys are fine." })).id;
    });
    const put = ui.engine.history({ id }).at(-1)!.changeId;
    await ui.visit("#/history");
    await ui.page.type("#cmp-from", put.slice(0, 12));
    await clickButton(ui.page, "Compare");
    await waitForText(ui.page, ".compare-out", "Changed (1)");
    const compared = await ui.page.$eval(".compare-out", (el) => el.textContent ?? "");
    ok(compared.includes("Added (1)") && compared.includes("no approval"), compared);
    await ui.page.locator(`button[aria-label="Roll back to here… (${put.slice(0, 12)})"]`).click();
    await waitForText(ui.page, ".plan", "would");
    const plan = await ui.page.$eval(".plan", (el) => el.textContent ?? "");
    ok(plan.includes(`forget (1): ${added}`), plan);
    ok(plan.includes(`patch back (1): ${id}`), plan);
    equal(ui.engine.get(id).content, "Deploys need no approval.", "a preview changes nothing");
    await clickButton(ui.page, "Roll back", ".plan");
    await waitForText(ui.page, "#status", "Rolled back");
    equal(ui.engine.get(id).content, "Deploys need one approval.");
    equal(ui.engine.get(added).status, "forgotten");
    await clickButton(ui.page, "Undo", "#status");
    await waitForText(ui.page, "#status", "Rollback undone");
    equal(ui.engine.get(id).content, "Deploys need no approval.");
    equal(ui.engine.get(added).status, "active");
  },
});

Deno.test({
  name: "helix ui: linking two memories and unlinking them, each undone",
  ...BROWSER_TEST,
  async fn() {
    let a = "";
    let b = "";
    await using ui = await openUi(async (engine) => {
      a = (await engine.write({ content: "CI runs `pnpm install --frozen-lockfile`." })).id;
      b = (await engine.write({ content: "The lockfile is `pnpm-lock.yaml`." })).id;
    });
    await ui.visit(`#/memory/${a}`);
    await ui.page.select("#link-relation", "depends_on");
    await ui.page.type("#link-to", b);
    await clickButton(ui.page, "Link");
    await waitForText(ui.page, "#status", "Linked");
    await waitForText(ui.page, ".edges", b);
    const [edge] = ui.engine.edgesOf(a);
    equal(edge?.relation, "depends_on");
    equal(edge?.to, b);
    await clickButton(ui.page, "Undo", "#status");
    await waitForText(ui.page, "#status", "Undone");
    equal(ui.engine.edgesOf(a).length, 0, "the undo removed the new link");
    await clickButton(ui.page, "Undo", "#status");
    await waitForText(ui.page, ".edges", b);
    equal(ui.engine.edgesOf(a).length, 1, "undoing the undo links them again");
    await clickButton(ui.page, "Unlink", ".edges");
    await waitForText(ui.page, "#status", "Unlinked");
    equal(ui.engine.edgesOf(a).length, 0);
    await clickButton(ui.page, "Undo", "#status");
    await waitForText(ui.page, ".edges", b);
    equal(ui.engine.edgesOf(a)[0]?.relation, "depends_on", "the unlink was undone");
  },
});

Deno.test({
  name: "helix ui: a merge conflict shows both sides; keeping one resolves it, with an undo",
  ...BROWSER_TEST,
  async fn() {
    let id = "";
    await using ui = await openUi(async (engine, clock) => {
      const other = openEngine({ path: ":memory:", clock: fixedClock(TODAY + 1) });
      try {
        id = (await engine.write({ content: "The API listens on port 8080.", type: "fact" })).id;
        other.mergeOps(engine.ops());
        clock.advance(HOUR);
        await engine.patch(id, { content: "The API listens on port 9090." });
        await other.patch(id, { content: "The API listens on port 7070." });
        engine.mergeOps(other.ops());
      } finally {
        other.close();
      }
    });
    equal(ui.engine.conflicts()[0]?.kind, "text", "the merge left a text conflict open");
    await ui.visit("#/health");
    await ui.page.locator(`a[href="#/resolve?memory=${encodeURIComponent(id)}"]`).click();
    await waitForText(ui.page, "main", "Keep side 2");
    const sides = await ui.page.$$eval(".side pre", (pres) => pres.map((p) => p.textContent));
    ok(
      sides.some((s) => s?.includes("9090")) && sides.some((s) => s?.includes("7070")),
      `${sides}`,
    );
    const keep = sides.findIndex((s) => s?.includes("7070")) + 1;
    await clickButton(ui.page, `Keep side ${keep}`);
    await waitForText(ui.page, "#status", "Kept one side");
    await waitForText(ui.page, "main", "No conflict is open");
    equal(ui.engine.get(id).content, "The API listens on port 7070.");
    equal(ui.engine.conflicts().length, 0);
    await clickButton(ui.page, "Undo", "#status");
    await waitForText(ui.page, "#status", "Undone");
    ok(ui.engine.get(id).content.includes("<<<<<<<"), "the undo put the conflict block back");
  },
});
