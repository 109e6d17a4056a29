/**
 * `helix hook`'s warm path through real processes: with the MCP server running on the same
 * home and strand, the hook process hands the call to the server's loopback listener (found in
 * `<home>/run/`, token-checked), so context comes from, and captures land in, the server's open
 * engine (a capture is answered at once and stored just after); a stale discovery file is
 * ignored and removed; another strand, or no server, runs cold as before.
 */
import { equal, match, ok } from "node:assert/strict";
import { join } from "node:path";
import { tempDir } from "../helpers.ts";
import { cli } from "./_cli.ts";
import { payload, transcript } from "./_hooks.ts";
import { ROOT, serverEnv, spawnClient } from "./_stdio.ts";

const WARM = /served by the running server/;

/** `helix hook <event> --debug` as an agent spawns it: the real entry, stdin piped. */
async function hook(
  home: string,
  event: string,
  stdin: string,
  extra: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--quiet", join(ROOT, "cli/main.ts"), "hook", event, "--debug"],
    env: serverEnv(home, extra),
    cwd: home,
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const writer = child.stdin.getWriter();
  await writer.write(new TextEncoder().encode(stdin));
  await writer.close();
  const out = await child.output();
  const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
  return { code: out.code, stdout: text(out.stdout), stderr: text(out.stderr) };
}

async function runFiles(home: string): Promise<string[]> {
  const names: string[] = [];
  try {
    for await (const entry of Deno.readDir(join(home, "run"))) names.push(entry.name);
  } catch {
    // no folder: no server ever ran
  }
  return names.sort();
}

Deno.test("helix hook runs on the running server: context out, captures in, stale files dropped", async () => {
  await using home = await tempDir();
  const helix = cli(home.path);
  equal((await helix(["init"])).code, 0);
  equal(
    (await helix(["add", "--type", "convention", "Money is stored as integer cents."])).code,
    0,
  );
  // A server that died without cleaning up: its port refuses.
  const dead = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const deadPort = (dead.addr as Deno.NetAddr).port;
  dead.close();
  await Deno.mkdir(join(home.path, "run"), { recursive: true });
  await Deno.writeTextFile(
    join(home.path, "run", "hooks-1.json"),
    JSON.stringify({
      version: 1,
      pid: 1,
      port: deadPort,
      token: "f".repeat(64),
      strand: "default",
      started: Date.UTC(2030, 0, 1), // newer than the live server: asked first
    }),
  );
  const { client, call } = await spawnClient(home.path);
  try {
    const files = await runFiles(home.path);
    equal(files.length, 2, `the server wrote its discovery file: ${files}`);
    const cwd = home.path;
    const path = await transcript(home.path);

    const start = await hook(
      home.path,
      "SessionStart",
      await payload("claude_session_start", { cwd, transcript: path }),
    );
    equal(start.code, 0, start.stderr);
    match(start.stderr, WARM);
    const context = JSON.parse(start.stdout).hookSpecificOutput.additionalContext as string;
    match(context, /integer cents/);
    equal((await runFiles(home.path)).includes("hooks-1.json"), false, "stale file removed");

    const stop = await hook(
      home.path,
      "Stop",
      await payload("claude_stop", {
        cwd,
        transcript: path,
        assistant: "We decided to deploy the billing service with Fly.io from now on.",
      }),
    );
    equal(stop.code, 0, stop.stderr);
    equal(stop.stdout, "");
    match(stop.stderr, WARM);
    match(stop.stderr, /capture queued/, "answered at once, captured after");
    let found = "";
    for (let i = 0; i < 100 && !found.includes("Fly.io"); i++) {
      if (i) await new Promise((resolve) => setTimeout(resolve, 50));
      found = JSON.stringify(
        await call("memory_search", { query: "deploy billing Fly.io", scope: "all" }),
      );
    }
    ok(found.includes("Fly.io"), `the server's engine holds the capture: ${found}`);

    // Another strand is not this server's: the hook runs cold (and finds no such strand).
    const other = await hook(
      home.path,
      "SessionStart",
      await payload("claude_session_start", { cwd, transcript: path }),
      { HELIX_STRAND: "other" },
    );
    equal(other.code, 0);
    ok(!WARM.test(other.stderr), other.stderr);

    // The token guards the listener.
    const [mine] = await runFiles(home.path);
    const server = JSON.parse(await Deno.readTextFile(join(home.path, "run", mine!)));
    const denied = await fetch(`http://127.0.0.1:${server.port}/hook`, {
      headers: { authorization: "Bearer wrong" },
    });
    await denied.body?.cancel();
    equal(denied.status, 401);
  } finally {
    await client.close();
  }
  // The server removed its file on exit; the hook runs cold, with the same answer.
  for (let i = 0; i < 100 && (await runFiles(home.path)).length; i++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  equal((await runFiles(home.path)).length, 0);
  const cold = await hook(
    home.path,
    "SessionStart",
    await payload("claude_session_start", { cwd: home.path }),
  );
  equal(cold.code, 0, cold.stderr);
  ok(!WARM.test(cold.stderr));
  match(JSON.parse(cold.stdout).hookSpecificOutput.additionalContext, /Fly\.io/);
});
