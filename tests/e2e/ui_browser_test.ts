/**
 * `helix ui` in a real headless Chromium: search and the why of a hit, edit then undo,
 * confirming a quarantined memory, and an accessibility scan (axe-core) of the main pages.
 *
 * @module
 */
import { deepEqual, equal, ok } from "node:assert/strict";
import { BROWSER_TEST, clickButton, openUi, seriousViolations, waitForText } from "./_ui.ts";

// deno-lint-ignore no-explicit-any
declare const document: any;

Deno.test({
  name: "helix ui: a search hit opens its why (channels, ranks, fused score, decay)",
  ...BROWSER_TEST,
  async fn() {
    await using ui = await openUi(async (engine) => {
      await engine.write({
        content: "Run `pnpm install --frozen-lockfile` in CI.",
        type: "convention",
      });
      await engine.write({ content: "The staging database is Postgres 16.", type: "fact" });
    });
    await ui.visit("#/search?q=frozen-lockfile");
    await waitForText(ui.page, ".summary", "1 hit");
    await clickButton(ui.page, "Why?");
    await waitForText(ui.page, ".why", "Fused score");
    const rows = await ui.page.$$eval(
      ".channels tbody tr",
      (trs) => trs.map((tr) => [...tr.querySelectorAll("th, td")].map((c) => c.textContent ?? "")),
    );
    const exact = rows.find((r) => r[0]!.startsWith("Exact"));
    equal(exact?.[1], "#1", "the exact-identifier channel ranked it first");
    const expanded = await ui.page.$eval(".why-toggle", (b) => b.getAttribute("aria-expanded"));
    equal(expanded, "true");
    const decay = await ui.page.$eval(
      "meter[aria-label=decay]",
      (m) => Number(m.getAttribute("value")),
    );
    ok(decay > 0 && decay <= 1);
  },
});

Deno.test({
  name: "helix ui: an edit shows an undo that puts the old text back",
  ...BROWSER_TEST,
  async fn() {
    let id = "";
    await using ui = await openUi(async (engine) => {
      id = (await engine.write({ content: "Deploys need one approval.", type: "convention" })).id;
    });
    await ui.visit(`#/memory/${id}`);
    await clickButton(ui.page, "Edit");
    await ui.page.locator("#edit-content").fill("Deploys need two approvals.");
    await clickButton(ui.page, "Save");
    await waitForText(ui.page, "#status", "Saved");
    await waitForText(ui.page, ".memory-content", "two approvals");
    equal(ui.engine.get(id).content, "Deploys need two approvals.");
    await clickButton(ui.page, "Undo", "#status");
    await waitForText(ui.page, "#status", "Undone");
    await waitForText(ui.page, ".memory-content", "one approval");
    equal(ui.engine.get(id).content, "Deploys need one approval.");
    const diff = await ui.page.$eval(".diff-out", (d) => d.textContent ?? "");
    ok(diff.includes("one") && diff.includes("two"), "the versions diff shows both texts");
  },
});

Deno.test({
  name: "helix ui: confirming a quarantined memory lets recall show it, with an undo",
  ...BROWSER_TEST,
  async fn() {
    let id = "";
    await using ui = await openUi(async (engine) => {
      id = (await engine.write({
        content: "The release branch is cut every Tuesday.",
        status: "quarantined",
      })).id;
    });
    await ui.visit("#/browse?status=quarantined");
    await waitForText(ui.page, "table.list", id);
    await ui.visit(`#/memory/${id}`);
    await waitForText(ui.page, ".note", "Quarantined");
    await clickButton(ui.page, "Confirm");
    await waitForText(ui.page, "#status", "Confirmed");
    await waitForText(ui.page, ".badge", "active");
    equal(ui.engine.get(id).status, "active");
    const { hits } = await ui.engine.search({ query: "release branch Tuesday" });
    deepEqual(hits.map((h) => h.memory.id), [id]);
    await clickButton(ui.page, "Undo", "#status");
    await waitForText(ui.page, ".badge", "quarantined");
    equal(ui.engine.get(id).status, "quarantined");
  },
});

Deno.test({
  name: "helix ui: no serious or critical accessibility violation on the main pages (axe-core)",
  ...BROWSER_TEST,
  async fn() {
    let id = "";
    await using ui = await openUi(async (engine) => {
      id = (await engine.write({ content: "Use `pnpm` in this repository.", type: "convention" }))
        .id;
      const other = await engine.write({ content: "CI caches the pnpm store between runs." });
      engine.relate({ from: other.id, to: id, relation: "mentions" });
    });
    for (const hash of ["#/search?q=pnpm", `#/memory/${id}`, "#/browse", "#/history", "#/health"]) {
      await ui.visit(hash);
      if (hash.startsWith("#/search")) await clickButton(ui.page, "Why?");
      const violations = await seriousViolations(ui.page);
      ok(violations.length === 0, `${hash}:\n${violations.join("\n")}`);
    }
    await ui.page.emulateMediaFeatures([{ name: "prefers-color-scheme", value: "dark" }]);
    await ui.visit(`#/memory/${id}`);
    const dark = await seriousViolations(ui.page);
    ok(dark.length === 0, `dark memory page:\n${dark.join("\n")}`);
  },
});

Deno.test({
  name: "helix ui: the keyboard alone searches and opens a hit's why",
  ...BROWSER_TEST,
  async fn() {
    await using ui = await openUi(async (engine) => {
      await engine.write({ content: "Money is stored as integer cents in `amount_cents`." });
    });
    await ui.visit("#/browse");
    await ui.page.keyboard.press("/");
    await waitForText(ui.page, "main h1", "Search");
    await ui.page.waitForFunction(() => document.activeElement?.id === "q");
    await ui.page.keyboard.type("amount_cents");
    await ui.page.keyboard.press("Enter");
    await waitForText(ui.page, ".summary", "1 hit");
    // Tab from the search box until the Why? button has the focus, then open it.
    for (let i = 0; i < 20; i++) {
      const focused = await ui.page.evaluate(() => document.activeElement?.textContent ?? "");
      if (focused === "Why?") break;
      await ui.page.keyboard.press("Tab");
    }
    await ui.page.keyboard.press("Enter");
    await waitForText(ui.page, ".why", "Exact identifiers");
  },
});
