/**
 * `helix ui` in a real headless Chromium: the strand's growth plotted on the health page,
 * a memory's confidence over time beside its salience, and browsing the strand as of a date.
 *
 * @module
 */
import { deepEqual, equal, ok } from "node:assert/strict";
import { BROWSER_TEST, openUi, seriousViolations, waitForText } from "./_ui.ts";

// deno-lint-ignore no-explicit-any
declare const document: any;

const DAY = 86_400_000;

Deno.test({
  name: "helix ui: the health page plots the strand's growth, with a table and a label",
  ...BROWSER_TEST,
  async fn() {
    await using ui = await openUi(async (engine, clock) => {
      await engine.write({ content: "Deploys need two approvals." });
      await engine.write({ content: "The staging database is Postgres 16." });
      clock.advance(2 * DAY);
      const { id } = await engine.write({ content: "Run `pnpm install --frozen-lockfile`." });
      await engine.write({ content: "Money is stored as integer cents." });
      await engine.write({ content: "The release branch is cut every Tuesday." });
      await engine.forget({ id });
    });
    await ui.visit("#/health");
    await ui.page.waitForSelector(".counts-region[data-complete=true]");
    const label = await ui.page.$eval("svg.plot.growth", (s) => s.getAttribute("aria-label"));
    ok(label?.includes("to 5"), `the plot's text alternative names the total: ${label}`);
    equal(await ui.page.$eval("svg.plot.growth", (s) => s.getAttribute("role")), "img");
    const points = await ui.page.$eval(
      "svg.plot.growth .line",
      (l) => l.getAttribute("points").split(" ").length,
    );
    equal(points, 3, "the zero before the first day, then one point per day");
    const rows = await ui.page.$$eval(
      ".growth-table tbody tr",
      (trs) => trs.map((tr) => [...tr.querySelectorAll("th, td")].map((c) => c.textContent ?? "")),
    );
    deepEqual(rows, [
      ["2026-11-22", "2", "0", "2"],
      ["2026-11-24", "3", "1", "5"],
    ]);
    for (const scheme of ["light", "dark"]) {
      await ui.page.emulateMediaFeatures([{ name: "prefers-color-scheme", value: scheme }]);
      await ui.visit("#/health");
      await ui.page.waitForSelector(".counts-region[data-complete=true]");
      await ui.page.locator(".growth-table summary").click();
      const violations = await seriousViolations(ui.page);
      ok(violations.length === 0, `${scheme} health page:\n${violations.join("\n")}`);
    }
    const stroke = await ui.page.$eval(
      "svg.plot.growth .line",
      // deno-lint-ignore no-explicit-any
      (l) => (globalThis as any).getComputedStyle(l).stroke,
    );
    equal(stroke, "rgb(108, 182, 255)", "dark mode draws the line in the dark accent");
  },
});

Deno.test({
  name: "helix ui: a memory page plots its confidence over time beside its salience",
  ...BROWSER_TEST,
  async fn() {
    let id = "";
    await using ui = await openUi(async (engine, clock) => {
      id = (await engine.write({
        content: "The API rate limit is 100 requests a minute.",
        confidence: 0.6,
      })).id;
      clock.advance(3 * DAY);
      await engine.patch(id, { confidence: 0.9 });
    });
    await ui.visit(`#/memory/${id}`);
    const headings = await ui.page.$$eval(
      ".plots h2",
      (hs) => hs.map((h) => h.textContent ?? ""),
    );
    deepEqual(headings, ["Salience", "Confidence"]);
    const label = await ui.page.$eval(
      "svg.plot.confidence",
      (s) => s.getAttribute("aria-label"),
    );
    equal(label, "Confidence over time: 0.6, then 0.9 (now 0.9)");
    const values = await ui.page.$$eval(
      ".confidence-table meter",
      (ms) => ms.map((m) => Number(m.getAttribute("value"))),
    );
    deepEqual(values, [0.6, 0.9]);
    ok(await ui.page.$("svg.plot:not(.confidence)"), "the salience plot is still there");
    const violations = await seriousViolations(ui.page);
    ok(violations.length === 0, violations.join("\n"));
  },
});

Deno.test({
  name: "helix ui: browse as of a date shows the strand as it was then",
  ...BROWSER_TEST,
  async fn() {
    let old = "";
    let current = "";
    await using ui = await openUi(async (engine, clock) => {
      old = (await engine.write({ content: "Deploys need one approval." })).id;
      clock.advance(10 * DAY);
      await engine.patch(old, { status: "superseded", validTo: clock.now() });
      current = (await engine.write({ content: "Deploys need two approvals." })).id;
    });
    await ui.visit("#/browse");
    await waitForText(ui.page, "table.list", current);
    ok(!(await ui.page.$eval("table.list", (t) => t.textContent ?? "")).includes(old));
    // The date field, as a person would fill it: the strand five days after the first write.
    await ui.page.evaluate(() => {
      document.querySelector("#filter-asOf").value = "2026-11-27";
    });
    await ui.page.locator(".filters button[type=submit]").click();
    await waitForText(ui.page, "table.list caption", "as of 2026-11-27");
    ok(ui.page.url().includes("asOf=2026-11-27"));
    const text = await ui.page.$eval("table.list", (t) => t.textContent ?? "");
    ok(text.includes(old), "the memory valid then is listed");
    ok(text.includes("superseded"), "with the status it holds now");
    ok(!text.includes(current), "a memory written later is not");
    equal(await ui.page.$eval("#filter-asOf", (i) => i.value), "2026-11-27");
    await ui.visit("#/browse?asOf=2026-12-15");
    await waitForText(ui.page, "table.list", current);
    ok(!(await ui.page.$eval("table.list", (t) => t.textContent ?? "")).includes(old));
  },
});
