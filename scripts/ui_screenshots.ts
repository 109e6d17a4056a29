/**
 * `deno task ui:screenshots`: refreshes the screenshots of `helix ui`'s main pages in
 * `docs/ui/` (a demo strand from `scripts/ui_demo.ts`, headless Chromium at 1280×800, one
 * narrow page at 390×844 and one page in dark mode). Needs HELIX_TEST_CHROMIUM (see
 * `.ci/services`).
 *
 * @module
 */
import { join } from "node:path";
import puppeteer from "puppeteer-core";
import { fixedClock, openEngine } from "../core/mod.ts";
import { serveUi } from "../web/server/serve.ts";
import { seedDemo } from "./ui_demo.ts";

const executablePath = Deno.env.get("HELIX_TEST_CHROMIUM");
if (!executablePath) {
  Deno.stderr.writeSync(
    new TextEncoder().encode('set HELIX_TEST_CHROMIUM (eval "$(.ci/services)")\n'),
  );
  Deno.exit(64);
}
const out = new URL("../docs/ui/", import.meta.url).pathname;
const dir = await Deno.makeTempDir({ prefix: "helix-ui-shots-" });
// The demo is written over three weeks, up to 2026-11-22 (the health page's growth).
const clock = fixedClock(Date.UTC(2026, 10, 2, 12));
const engine = openEngine({
  path: join(dir, "strand.db"),
  clock,
  project: "github.com/acme/web-app",
});
const browser = await puppeteer.launch({
  executablePath,
  args: ["--no-sandbox", "--headless=new", "--disable-gpu", "--hide-scrollbars"],
});
try {
  const ids = await seedDemo(engine, clock);
  const server = serveUi({ engine });
  const page = await browser.newPage();
  await page.setViewport({ width: 1280, height: 800 });
  await page.goto(server.url, { waitUntil: "networkidle0" });
  const shoot = async (
    name: string,
    hash: string,
    prepare?: () => Promise<void>,
    fullPage = false,
  ) => {
    await page.goto(`${server.origin}/${hash}`, { waitUntil: "networkidle0" });
    await page.waitForSelector("main section");
    await prepare?.();
    await page.screenshot({ path: join(out, `${name}.png`), fullPage });
  };
  const clickFirst = (selector: string) => async () => {
    await page.click(selector);
    await page.waitForNetworkIdle();
  };
  await shoot("search", "#/search?q=pnpm+lockfile+CI", clickFirst(".why-toggle"));
  await shoot("browse", "#/browse?status=any");
  await shoot("browse-asof", "#/browse?asOf=2026-11-12");
  await shoot("memory", `#/memory/${ids.edited}`, undefined, true);
  await shoot("links", `#/memory/${ids.linked}`, async () => {
    await page.evaluate(() => {
      // deno-lint-ignore no-explicit-any
      (globalThis as any).document.querySelector(".graph")?.scrollIntoView({ block: "center" });
    });
  });
  await shoot("quarantined", `#/memory/${ids.quarantined}`);
  await shoot("settle", "#/health", async () => {
    const flag = await page.$("a[href^='#/settle?edge=']");
    if (flag) {
      await flag.click();
      await page.waitForNetworkIdle();
    }
  });
  await shoot("resolve", "#/resolve");
  await shoot("history", "#/history");
  await shoot("health", "#/health", async () => {
    await page.waitForSelector(".counts-region[data-complete=true]");
  }, true);
  await page.emulateMediaFeatures([{ name: "prefers-color-scheme", value: "dark" }]);
  await shoot("memory-dark", `#/memory/${ids.edited}`);
  await page.emulateMediaFeatures([{ name: "prefers-color-scheme", value: "light" }]);
  await page.setViewport({ width: 390, height: 844 });
  await shoot("search-narrow", "#/search?q=deploy+approvals", clickFirst(".why-toggle"));
  await shoot("memory-narrow", `#/memory/${ids.linked}`, undefined, true);
  await server.close();
} finally {
  await browser.close();
  engine.close();
  await Deno.remove(dir, { recursive: true });
}
