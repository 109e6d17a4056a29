import { deepEqual, equal } from "node:assert/strict";
import { APP_DIR, createStatic } from "./static.ts";

async function appModules(dir: URL, prefix = ""): Promise<string[]> {
  const out: string[] = [];
  for await (const entry of Deno.readDir(dir)) {
    if (entry.isDirectory) {
      out.push(...await appModules(new URL(`${entry.name}/`, dir), `${prefix}${entry.name}/`));
    } else if (entry.name.endsWith(".js")) out.push(`${prefix}${entry.name}`);
  }
  return out.sort();
}

Deno.test("index.html preloads every module of the app (no import waterfall)", async () => {
  const html = await Deno.readTextFile(new URL("index.html", APP_DIR));
  const preloaded = [...html.matchAll(/<link rel="modulepreload" href="\/([^"]+)">/g)]
    .map((m) => m[1]!).sort();
  deepEqual(preloaded, (await appModules(APP_DIR)).filter((m) => m !== "app.js"));
});

Deno.test("createStatic() serves the app's files with their types, and nothing else", async () => {
  const files = createStatic();
  const page = await files("");
  equal(page?.headers.get("content-type"), "text/html; charset=utf-8");
  await page?.body?.cancel();
  const module = await files("pages/search.js");
  equal(module?.headers.get("content-type"), "text/javascript; charset=utf-8");
  await module?.body?.cancel();
  for (
    const path of [
      "../server/api.ts",
      "pages/../../server/api.ts",
      "%2e%2e/deno.json",
      "a/b/c.js",
      "x.ts",
      "missing.js",
    ]
  ) {
    equal(await files(path), null, path);
  }
});

Deno.test("the app never turns a string into markup or code (content is untrusted)", async () => {
  const problems: string[] = [];
  const banned =
    /\.innerHTML\b|\.outerHTML\b|insertAdjacentHTML|document\.write|\beval\(|new Function\(|\.setAttribute\(\s*["'](?:href|src|on\w+|style)["']/;
  for (const module of await appModules(APP_DIR)) {
    const lines = (await Deno.readTextFile(new URL(module, APP_DIR))).split("\n");
    lines.forEach((line, i) => {
      if (banned.test(line)) problems.push(`${module}:${i + 1}: ${line.trim()}`);
    });
  }
  deepEqual(problems, []);
});
