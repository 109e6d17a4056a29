/**
 * Drives `helix ui` in a real headless Chromium (`tests/fixtures/services.ts`): a strand in a
 * temp dir, the UI server over it, a browser signed in through the one-time URL. Tests that
 * need it are ignored when Chromium is not configured, and fail under CI.
 *
 * @module
 */
import puppeteer, { type Browser, type Page } from "puppeteer-core";
import axe from "axe-core";
import type { Engine, fixedClock } from "../../core/mod.ts";
import { serveUi, type UiServer } from "../../web/server/serve.ts";
import { chromium } from "../fixtures/services.ts";
import { tempEngine } from "../helpers.ts";

/** The page's document, for the functions that run in the browser. */
// deno-lint-ignore no-explicit-any
declare const document: any;

/** The Chromium the browser tests run, or undefined (tests are then ignored). */
export const CHROMIUM = chromium().location;

/** Options every browser test shares: puppeteer keeps timers and sockets of its own. */
export const BROWSER_TEST = {
  ignore: CHROMIUM === undefined,
  sanitizeOps: false,
  sanitizeResources: false,
} as const;

/** A signed-in dashboard over a fresh strand. */
export interface UiSession extends AsyncDisposable {
  readonly engine: Engine;
  readonly server: UiServer;
  readonly browser: Browser;
  readonly page: Page;
  /** Goes to an in-app route (`#/search?q=…`) and waits for the page to settle. */
  visit(hash: string): Promise<void>;
}

/** Launches the headless browser (as root: no sandbox). */
export function launchBrowser(): Promise<Browser> {
  return puppeteer.launch({
    executablePath: CHROMIUM!,
    args: ["--no-sandbox", "--headless=new", "--disable-gpu", "--no-first-run"],
    defaultViewport: { width: 1280, height: 800 },
  });
}

/** Opens a strand, lets `seed` fill it, serves the UI and signs a browser in. */
export async function openUi(
  seed: (engine: Engine, clock: ReturnType<typeof fixedClock>) => Promise<void> = async () => {},
): Promise<UiSession> {
  const strand = await tempEngine();
  await seed(strand.engine, strand.clock);
  const server = serveUi({ engine: strand.engine });
  const browser = await launchBrowser();
  const page = await browser.newPage();
  await page.goto(server.url, { waitUntil: "networkidle0" });
  const visit = async (hash: string) => {
    await page.goto(`${server.origin}/${hash}`, { waitUntil: "networkidle0" });
    await page.waitForSelector("main section");
  };
  return {
    engine: strand.engine,
    server,
    browser,
    page,
    visit,
    async [Symbol.asyncDispose]() {
      await browser.close();
      await server.close();
      await strand[Symbol.asyncDispose]();
    },
  };
}

/** Waits until `selector`'s text contains `text`. */
export async function waitForText(page: Page, selector: string, text: string): Promise<void> {
  await page.waitForFunction(
    (s: string, t: string) => document.querySelector(s)?.textContent?.includes(t) ?? false,
    { timeout: 5_000 },
    selector,
    text,
  );
}

/**
 * Clicks the button whose text is `label` (inside `within`, default the whole page).
 *
 * A locator, not a handle: the page re-renders its status line and lists after each action, so a
 * handle taken a moment earlier can be detached by the time it is clicked; the locator finds the
 * button again and retries until it is visible, enabled and still.
 */
export async function clickButton(page: Page, label: string, within = "body"): Promise<void> {
  await page
    .locator(`${within} ::-p-xpath(.//button[normalize-space(.)="${label}"])`)
    .setTimeout(5_000)
    .click();
}

/** The axe-core violations of the current page at impact serious or critical. */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(axe.source);
  const result = await page.evaluate(async () => {
    // deno-lint-ignore no-explicit-any
    const run = (globalThis as any).axe.run;
    const report = await run(document, { resultTypes: ["violations"] });
    return report.violations.map((
      v: { id: string; impact: string; help: string; nodes: { target: string[] }[] },
    ) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(" ")),
    }));
  });
  return (result as { id: string; impact: string; help: string; targets: string[] }[])
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.targets.slice(0, 3).join(", ")})`);
}
