/**
 * `helix ui` as a user runs it: the real binary serves on 127.0.0.1, prints its one-time
 * URL, trades it for a session, and stops on Ctrl-C.
 *
 * @module
 */
import { equal, match, ok } from "node:assert/strict";
import { cli } from "./_cli.ts";
import { tempDir } from "../helpers.ts";

const ROOT = new URL("../../", import.meta.url).pathname;

Deno.test("helix ui --help and a bad --port", async () => {
  await using home = await tempDir();
  const helix = cli(home.path);
  const help = await helix(["ui", "--help"]);
  equal(help.code, 0);
  match(help.stdout, /usage: helix ui \[--port <port>\] \[--no-open\]/);
  const bad = await helix(["ui", "--port", "70000"]);
  equal(bad.code, 64);
  match(bad.stderr, /--port must be an integer/);
});

Deno.test({
  name: "helix ui --no-open serves the strand on 127.0.0.1 behind its one-time URL",
  sanitizeResources: false,
  async fn() {
    await using home = await tempDir();
    const helix = cli(home.path);
    equal((await helix(["init"])).code, 0);
    equal((await helix(["add", "Deploys need two approvals."])).code, 0);
    const child = new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", "--quiet", "--lock=deno.lock", "cli/main.ts", "ui", "--no-open"],
      cwd: ROOT,
      env: { HELIX_HOME: home.path, HELIX_EMBEDDER: "none", NO_COLOR: "1" },
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    try {
      const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
      let printed = "";
      while (!/token=[0-9a-f]{64}/.test(printed)) {
        const { value, done } = await reader.read();
        if (done) break;
        printed += value;
      }
      reader.releaseLock();
      const url = /http:\/\/127\.0\.0\.1:\d+\/\?token=[0-9a-f]{64}/.exec(printed)?.[0];
      ok(url, printed);
      const origin = new URL(url).origin;
      const refused = await fetch(`${origin}/api/memories`);
      equal(refused.status, 401);
      await refused.body?.cancel();
      const first = await fetch(url, { redirect: "manual" });
      equal(first.status, 303);
      await first.body?.cancel();
      const cookie = (first.headers.get("set-cookie") ?? "").split(";")[0]!;
      const list = await fetch(`${origin}/api/memories`, { headers: { cookie } });
      equal(list.status, 200);
      equal((await list.json()).items[0].content, "Deploys need two approvals.");
    } finally {
      child.kill("SIGINT");
      const status = await child.status;
      await child.stdout.cancel().catch(() => {});
      const stderr = await new Response(child.stderr).text();
      equal(status.code, 0, stderr);
    }
  },
});
