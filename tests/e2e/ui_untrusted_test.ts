/**
 * Memory content is untrusted: in a real browser, memories holding HTML, `<script>`,
 * `javascript:` links and control characters render as text and run nothing; a browser
 * without the token, and a page of another origin, change nothing.
 *
 * @module
 */
import { equal, ok } from "node:assert/strict";
import { BROWSER_TEST, openUi, waitForText } from "./_ui.ts";

// deno-lint-ignore no-explicit-any
declare const document: any;

const HOSTILE = [
  `<img src=x onerror="window.__pwned='img'"> Deploy notes with an image.`,
  `<script>window.__pwned='script'</script> Deploy notes with a script.`,
  `Deploy notes: [click](javascript:window.__pwned='link') or javascript:alert(1)`,
  "Deploy notes in \x1b[31mred\x1b[0m with a bell \x07 and \u202egnp.exe reversed.",
];

/** What the page shows and runs: anything an injection would have left behind. */
function pageFacts() {
  return {
    pwned: (globalThis as unknown as { __pwned?: string }).__pwned ?? null,
    markup: document.querySelectorAll("main script, main img, main iframe, main object").length,
    scriptLinks: document.querySelectorAll('a[href^="javascript:"], a[href^="data:"]').length,
    text: document.querySelector("main").textContent as string,
  };
}

Deno.test({
  name: "helix ui: HTML, <script>, javascript: links and control characters render as text",
  ...BROWSER_TEST,
  async fn() {
    const ids: string[] = [];
    await using ui = await openUi(async (engine) => {
      for (const content of HOSTILE) {
        ids.push((await engine.write({ content, source: { origin: "user-asserted" } })).id);
      }
    });
    const dialogs: string[] = [];
    ui.page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const pages = [
      "#/browse?status=any",
      "#/search?q=deploy+notes&status=any",
      ...ids.map((id) => `#/memory/${id}`),
    ];
    for (const hash of pages) {
      await ui.visit(hash);
      if (hash.startsWith("#/search")) await waitForText(ui.page, ".summary", "hits");
      const facts = await ui.page.evaluate(pageFacts);
      equal(facts.pwned, null, `${hash}: no injected code ran`);
      equal(facts.markup, 0, `${hash}: no element came from memory content`);
      equal(facts.scriptLinks, 0, `${hash}: no javascript: or data: link`);
      ok(
        !["\x07", "\x1b", "\u202e"].some((c) => facts.text.includes(c)),
        `${hash}: control characters are escaped`,
      );
    }
    await ui.visit(`#/memory/${ids[1]}`);
    const shown = await ui.page.$eval(".memory-content", (el) => el.textContent ?? "");
    equal(shown, HOSTILE[1], "the script tag is shown as the text it is");
    await ui.visit(`#/memory/${ids[3]}`);
    const escaped = await ui.page.$eval(".memory-content", (el) => el.textContent ?? "");
    ok(escaped.includes("\\u{001b}[31mred") && escaped.includes("\\u{202e}gnp.exe"), escaped);
    equal(dialogs.length, 0, "no alert opened");
  },
});

Deno.test({
  name: "helix ui: a browser without the token and a page of another origin change nothing",
  ...BROWSER_TEST,
  async fn() {
    let id = "";
    await using ui = await openUi(async (engine) => {
      id = (await engine.write({ content: "Deploys need two approvals." })).id;
    });
    // Another browser profile: no cookie, no token.
    const stranger = await ui.browser.createBrowserContext();
    const page = await stranger.newPage();
    const response = await page.goto(`${ui.server.origin}/api/memories`);
    equal(response?.status(), 401);
    const home = await page.goto(`${ui.server.origin}/`);
    equal(home?.status(), 401);
    ok(!(await page.content()).includes(id));
    await stranger.close();

    // A page on another port of 127.0.0.1 (same site, so the SameSite=Strict cookie goes along)
    // posts to the dashboard with the signed-in browser.
    const target = `${ui.server.origin}/api/memories/${id}/forget`;
    const foreign = Deno.serve(
      { hostname: "127.0.0.1", port: 0, onListen: () => {} },
      () =>
        new Response(
          `<!doctype html><title>start</title><script>
          fetch(${JSON.stringify(target)}, { method: "POST", mode: "no-cors",
            credentials: "include", headers: { "content-type": "text/plain" }, body: "{}" })
            .finally(() => fetch(${
            JSON.stringify(target)
          }, { method: "POST", credentials: "include",
              headers: { "content-type": "application/json", "x-helix-csrf": "guess" }, body: "{}" }))
            .catch(() => {}).finally(() => { document.title = "done"; });
        </script>`,
          { headers: { "content-type": "text/html" } },
        ),
    );
    try {
      await ui.page.goto(`http://127.0.0.1:${foreign.addr.port}/`);
      await ui.page.waitForFunction(() => document.title === "done", { timeout: 5_000 });
    } finally {
      await foreign.shutdown();
    }
    equal(ui.engine.get(id).status, "active", "the foreign page forgot nothing");
    equal(ui.engine.history({ id }).length, 1);
  },
});
