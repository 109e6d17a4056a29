/**
 * `deno task bench:ui [--size 100000] [--loads 40] [--write]`: page-load latency of `helix ui`
 * on a large strand, in a real headless Chromium. Each sample is a full load of the app (a new
 * document: HTML, modules, styles, session, the page's API calls) until the page is drawn
 * (`main[data-ready]`), for each main page; p50/p95 over `--loads` loads after three
 * warm-ups. The strand is bench/scale_strand.ts's (kept under bench/.data/ and reused).
 * `--write` records bench/RESULTS-ui.md. Needs HELIX_TEST_CHROMIUM (`.ci/services`).
 *
 * @module
 */
import { parseArgs } from "node:util";
import puppeteer from "puppeteer-core";
import { openEngine } from "../core/mod.ts";
import { serveUi } from "../web/server/serve.ts";
import { log, MACHINE_LINE, summarize, type Timing } from "./measure.ts";
import { buildScaleStrand } from "./scale_strand.ts";
import { synthetic, syntheticEmbedder } from "./synthetic.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: {
    size: { type: "string", default: "100000" },
    loads: { type: "string", default: "40" },
    write: { type: "boolean", default: false },
  },
});
const size = Number(values.size);
const loads = Number(values.loads);
const executablePath = Deno.env.get("HELIX_TEST_CHROMIUM");
if (!executablePath) {
  log('set HELIX_TEST_CHROMIUM (eval "$(.ci/services)")');
  Deno.exit(64);
}
const loadAverage = async () =>
  (await Deno.readTextFile("/proc/loadavg").catch(() => "?")).split(" ")[0];

const { path } = await buildScaleStrand(size);
const engine = openEngine({ path, embedder: syntheticEmbedder(), mustExist: true });
const stats = engine.stats();
log(`[${size}] ${stats.memories} memories, ${stats.edges} edges, ${stats.ops} ops`);
const server = serveUi({ engine });
const browser = await puppeteer.launch({
  executablePath,
  args: ["--no-sandbox", "--headless=new", "--disable-gpu"],
  defaultViewport: { width: 1280, height: 800 },
});
const loadBefore = await loadAverage();
const results: { page: string; timing: Timing }[] = [];
let coldCounts = 0;
const inApp: { page: string; timing: Timing }[] = [];
try {
  const page = await browser.newPage();
  await page.goto(server.url, { waitUntil: "networkidle0" });
  const gen = synthetic();
  const ids = engine.list({ scope: "all", limit: 200 }).items.map((m) => m.id);
  const second = engine.list({ scope: "all", limit: 25 }).nextCursor!;
  // The day after the newest memory became valid: every memory is listed under the as-of rule.
  const newest = engine.list({ scope: "all", limit: 1 }).items[0]!;
  const asOfDate = new Date(Date.parse(newest.validFrom) + 86_400_000).toISOString().slice(0, 10);
  const pages: [string, (i: number) => string, string?][] = [
    ["search (query, all scopes)", (i) => `#/search?q=${encodeURIComponent(gen.query(i))}`],
    [
      "search (query, one project)",
      (i) => `#/search?q=${encodeURIComponent(gen.query(i + 1000))}&scope=project%3Ap3`,
    ],
    ["browse (first page)", () => "#/browse"],
    ["browse (second page)", () => `#/browse?cursor=${encodeURIComponent(second)}&page=2`],
    ["browse (as of a date)", () => `#/browse?asOf=${asOfDate}`],
    ["memory", (i) => `#/memory/${ids[i % ids.length]}`],
    ["history", () => "#/history"],
    ["health (drawn; counts follow)", () => "#/health"],
    ["health (counts filled in, kept since the last op)", () => "#/health", "[data-complete]"],
  ];
  // The counts of the health page read the whole strand once per change of the log.
  const coldStart = performance.now();
  await page.goto(`${server.origin}/?cold#/health`, { waitUntil: "domcontentloaded" });
  await page.waitForSelector("[data-complete]", { timeout: 60_000 });
  coldCounts = performance.now() - coldStart;
  log(`[${size}] health counts, cold: ${coldCounts.toFixed(1)} ms`);
  let n = 0;
  // A hash the page is not on already (the same hash would not navigate); pages ignore `n`.
  const unique = (hash: string, k: number) => `${hash}${hash.includes("?") ? "&" : "?"}n=${k}`;
  for (const [name, hash, ready = "main[data-ready]"] of pages) {
    const samples: number[] = [];
    for (let i = -3; i < loads; i++) {
      const start = performance.now();
      await page.goto(`${server.origin}/?load=${n++}${hash(Math.max(0, i))}`, {
        waitUntil: "domcontentloaded",
      });
      await page.waitForSelector(ready, { timeout: 60_000 });
      if (i >= 0) samples.push(performance.now() - start);
    }
    const timing = summarize(samples);
    results.push({ page: name, timing });
    log(`[${size}] ${name}: p50 ${timing.p50.toFixed(1)} ms, p95 ${timing.p95.toFixed(1)} ms`);
  }
  // Moving between pages inside the app (the document stays; only the page's API calls run),
  // each sample from the page the one before drew.
  for (const [name, hash, ready = "main[data-ready]"] of pages) {
    const samples: number[] = [];
    for (let i = -3; i < loads; i++) {
      const start = performance.now();
      await page.evaluate((target: string) => {
        type Element = { removeAttribute(name: string): void };
        const doc = globalThis as unknown as {
          document: { querySelectorAll(selector: string): Element[] };
          location: { hash: string };
        };
        // What the page before left drawn does not count as this page drawn.
        for (const el of doc.document.querySelectorAll("[data-ready], [data-complete]")) {
          el.removeAttribute("data-ready");
          el.removeAttribute("data-complete");
        }
        doc.location.hash = target;
      }, unique(hash(Math.max(0, i)), n++));
      await page.waitForSelector(ready, { timeout: 60_000 });
      if (i >= 0) samples.push(performance.now() - start);
    }
    const timing = summarize(samples);
    inApp.push({ page: name, timing });
    log(
      `[${size}] in app, ${name}: p50 ${timing.p50.toFixed(1)} ms, p95 ${timing.p95.toFixed(1)} ms`,
    );
  }
} finally {
  await browser.close();
  await server.close();
  engine.close();
}
const loadAfter = await loadAverage();

if (values.write) {
  const date = new Date().toISOString().slice(0, 10);
  const rows = results.map(({ page, timing }) =>
    `| ${page} | ${timing.p50.toFixed(1)} | ${timing.p95.toFixed(1)} | ${timing.mean.toFixed(1)} |`
  );
  const worst = Math.max(...results.map((r) => r.timing.p95));
  const inAppRows = inApp.map(({ page, timing }) =>
    `| ${page} | ${timing.p50.toFixed(1)} | ${timing.p95.toFixed(1)} | ${timing.mean.toFixed(1)} |`
  );
  const text = `# helix ui page loads

Recorded by \`deno task bench:ui --write\` on ${date}: ${MACHINE_LINE}; load average ${loadBefore}
before and ${loadAfter} after (the machine is shared). Strand: bench/scale_strand.ts at
${stats.memories.toLocaleString("en")} memories and ${
    stats.edges.toLocaleString("en")
  } links (synthetic text, 384-d synthetic
vectors, scopes of very different sizes). Each sample is a full load of the app in headless Chromium
(\`--headless=new\`, 1280×800): a new document, its modules and styles, the session call and the
page's API calls, until the page is drawn (\`main[data-ready]\`); ${loads} loads per page after
three warm-ups, all on one UI server (\`serveUi\`, in process).

| page | p50 ms | p95 ms | mean ms |
| --- | ---: | ---: | ---: |
${rows.join("\n")}

Moving to each page inside the app (the link a user clicks: the document stays, the page's API
calls run and it is drawn), each time from the page drawn before:

| page | p50 ms | p95 ms | mean ms |
| --- | ---: | ---: | ---: |
${inAppRows.join("\n")}

The health page draws at once and fills in its counts (memories by status and type, vectors,
the worker's state and runs, the growth per day or week), which read the whole strand: ${
    coldCounts.toFixed(0)
  } ms the first
time after a change of the log (one cold load), then kept until the log changes (the row above).

Target: every page's p95 under 300 ms at 10^5 memories. Worst full-load p95 here:
${worst.toFixed(1)} ms (${worst < 300 ? "met" : "not met"}); worst in-app p95:
${Math.max(...inApp.map((r) => r.timing.p95)).toFixed(1)} ms.
`;
  await Deno.writeTextFile(new URL("./RESULTS-ui.md", import.meta.url), text);
}
