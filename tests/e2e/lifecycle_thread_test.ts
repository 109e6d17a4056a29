/**
 * The real server's lifecycle thread: it works off a backlog on its own engine while the
 * server answers tool calls, and a server killed mid-run (SIGKILL: no cleanup at all) leaves a
 * run that the next start resumes and finishes, ending where an uninterrupted run ends.
 */
import { equal, ok } from "node:assert/strict";
import { join } from "node:path";
import { type Engine, openEngine, type WriteInput } from "../../core/mod.ts";
import { tempDir } from "../helpers.ts";
import { ROOT, serverEnv, spawnClient } from "./_stdio.ts";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `done()` holds; a watchdog fails the test instead of hanging. */
async function until(done: () => boolean, what: string): Promise<void> {
  for (let i = 0; !done(); i++) {
    if (i > 6_000) throw new Error(`gave up waiting for ${what}`);
    await sleep(20);
  }
}

/** Pairs of conflicting facts and recurring episodes: a backlog of several hundred slices. */
function backlog(pairs: number): WriteInput[] {
  const inputs: WriteInput[] = [];
  for (let i = 0; i < pairs; i++) {
    inputs.push({ content: `Service s${i} listens on port ${3000 + i}.`, type: "fact" });
    inputs.push({ content: `Service s${i} listens on port ${30000 + i}.`, type: "fact" });
  }
  for (let g = 0; g < 20; g++) {
    for (let k = 0; k < 4; k++) {
      inputs.push({
        content: `Had to clear the cache ${g} before the deploy (session ${k}).`,
        type: "episode",
      });
    }
  }
  return inputs;
}

function open(home: string): Engine {
  return openEngine({ path: join(home, "strands", "default.db"), project: "api" });
}

/** What a finished run leaves: contradiction flags and archived episodes. */
function outcome(engine: Engine): { flags: number; archived: number } {
  return {
    flags: engine.flags({ scope: "all", limit: 500 }).filter((f) => f.kind === "contradiction")
      .length,
    archived: engine.list({ scope: "all", statuses: ["archived"], limit: 1000 }).items.length,
  };
}

Deno.test("the lifecycle thread works off a backlog while the server answers", async () => {
  await using home = await tempDir();
  const seed = open(home.path);
  await seed.writeMany(backlog(60));
  seed.close();
  const { client, call } = await spawnClient(home.path, { HELIX_PROJECT: "api" });
  try {
    let answered = 0;
    const watcher = open(home.path);
    try {
      while (watcher.lifecycle().due !== null || outcome(watcher).archived === 0) {
        const found = await call("memory_search", { query: "which port does s7 listen on" });
        ok(found.results.length > 0);
        answered++;
        if (answered > 20_000) throw new Error("the backlog was never worked off");
      }
      equal(outcome(watcher).flags, 60);
      equal(outcome(watcher).archived, 80);
    } finally {
      watcher.close();
    }
    ok(answered > 0, "tool calls were answered during the run");
  } finally {
    await client.close();
  }
});

Deno.test("a server killed mid-run resumes the run at the next start and finishes it", async () => {
  await using reference = await tempDir();
  const whole = open(reference.path);
  await whole.writeMany(backlog(400));
  await whole.sleep({ reason: "importance_budget" });
  const expected = outcome(whole);
  whole.close();

  await using home = await tempDir();
  const seed = open(home.path);
  await seed.writeMany(backlog(400));
  seed.close();
  const child = new Deno.Command(Deno.execPath(), {
    args: ["task", "--quiet", "mcp"],
    cwd: ROOT,
    env: serverEnv(home.path, { HELIX_PROJECT: "api" }),
    stdin: "piped",
    stdout: "null",
    stderr: "null",
  }).spawn();
  // A client says hello (the server warms up, then starts the worker), and stays connected.
  const writer = child.stdin.getWriter();
  const line = (message: unknown) => new TextEncoder().encode(`${JSON.stringify(message)}\n`);
  await writer.write(line({
    jsonrpc: "2.0",
    id: 0,
    method: "initialize",
    params: {
      protocolVersion: "2025-06-18",
      capabilities: {},
      clientInfo: { name: "t", version: "1" },
    },
  }));
  await writer.write(line({ jsonrpc: "2.0", method: "notifications/initialized" }));
  const watcher = open(home.path);
  try {
    // Kill it mid-run.
    await until(() => watcher.lifecycle().openRunSince !== null, "the run to start");
    await until(() => watcher.history({ kinds: ["job.run"], limit: 3 }).length >= 2, "a slice");
    child.kill("SIGKILL");
    await child.status;
    await writer.close().catch(() => {});
    equal(watcher.lifecycle().due, "resume", "the killed run is due again");
    ok(outcome(watcher).flags < expected.flags, "it was killed before it finished");

    const { client } = await spawnClient(home.path, { HELIX_PROJECT: "api" });
    try {
      await until(() => watcher.lifecycle().due === null, "the resumed run to finish");
    } finally {
      await client.close();
    }
    equal(outcome(watcher).flags, expected.flags);
    equal(outcome(watcher).archived, expected.archived);
    ok((await watcher.inspect()).ok, "the strand passes helix doctor");
  } finally {
    watcher.close();
  }
});
