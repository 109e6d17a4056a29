/**
 * The dashboard's health page covers team strands (docs/ui.md): with a team, a section per team
 * strand says who keeps it and how its sync stands, and the counting part gives its memories,
 * vectors and worker; a strand in no team shows no such section.
 */
import { equal, ok } from "node:assert/strict";
import { openEngine, openWorkspace } from "../../core/mod.ts";
import { serveUi } from "../../web/server/serve.ts";
import { tempEngine } from "../helpers.ts";
import { BROWSER_TEST, launchBrowser, openUi, waitForText } from "./_ui.ts";

// deno-lint-ignore no-explicit-any
declare const document: any;

Deno.test({
  ...BROWSER_TEST,
  name: "helix ui: the health page has a section per team strand, with its keeper and counts",
  async fn() {
    await using strand = await tempEngine();
    const team = openEngine({ path: ":memory:" });
    const workspace = openWorkspace({
      personal: strand.engine,
      teams: { teams: [{ name: "acme", strand: "team-acme" }], shares: { billing: "acme" } },
      open: { acme: team },
    });
    await workspace.write({ content: "I prefer short answers.", type: "preference" });
    await team.write({ content: "Billing stores money as integer cents.", scope: "global" });
    await team.write({ content: "Refunds go through the ledger service.", scope: "global" });
    const server = serveUi({ engine: workspace });
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      await page.goto(server.url, { waitUntil: "networkidle0" });
      await page.goto(`${server.origin}/#/health`, { waitUntil: "networkidle0" });
      await waitForText(page, "main", "Team strands (1)");
      await waitForText(page, "section[aria-label='Team acme']", "Kept by");
      // An unsynced team strand: nobody can be named its keeper.
      await waitForText(page, "section[aria-label='Team acme']", "unknown (not synced here");
      await page.waitForSelector(".counts-region[data-complete='true']");
      const counts = await page.evaluate(() =>
        document.querySelector("section[aria-label='Team acme counts']")?.textContent ?? ""
      ) as string;
      ok(/Memories\s*2/.test(counts), counts);
    } finally {
      await browser.close();
      await server.close();
      workspace.close();
    }
  },
});

Deno.test({
  ...BROWSER_TEST,
  name: "helix ui: without teams the health page has no team section",
  async fn() {
    await using ui = await openUi(async (engine) => {
      await engine.write({ content: "Payouts run at 06:00 UTC." });
    });
    await ui.visit("#/health");
    await ui.page.waitForSelector(".counts-region[data-complete='true']");
    const text = await ui.page.evaluate(() => document.querySelector("main").textContent) as string;
    equal(/Team strands/.test(text), false);
  },
});
