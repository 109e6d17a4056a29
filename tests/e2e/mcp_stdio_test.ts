/**
 * The real server process over stdio: `deno task mcp` spawned by the SDK's stdio client
 * transport on a temporary HELIX_HOME, and two such processes writing one strand at once.
 */
import { equal, match, ok } from "node:assert/strict";
import { join } from "node:path";
import { openEngine } from "../../core/mod.ts";
import { tempDir } from "../helpers.ts";
import { type CallToolResult, Client, StdioClientTransport, type Structured } from "./_client.ts";
import { ROOT, serverEnv, spawnClient } from "./_stdio.ts";

Deno.test("deno task mcp serves the default strand under HELIX_HOME over stdio", async () => {
  await using home = await tempDir();
  const { client, call } = await spawnClient(home.path, { HELIX_PROJECT: "stdio-demo" });
  try {
    const { tools } = await client.listTools();
    equal(tools.length, 8);
    const written = await call("memory_write", {
      content: "The stdio server writes to ~/.helix/strands/default.db.",
      type: "fact",
    });
    equal(written.memory.scope, "project:stdio-demo");
    const found = await call("memory_search", { query: "stdio server strands", explain: true });
    equal(found.results[0].id, written.id);
    ok(found.channels.vector.startsWith("skipped") || found.channels.vector === "disabled");
    const bad =
      (await client.callTool({ name: "memory_search", arguments: { query: 7 } })) as CallToolResult;
    equal(bad.isError, true);
    const again = await call("memory_search", { query: "stdio server" });
    equal(again.results.length, 1, "still serving after a bad call");
  } finally {
    await client.close();
  }
  const engine = openEngine({ path: join(home.path, "strands", "default.db"), mustExist: true });
  try {
    equal(engine.stats().memories, 1, "the memory is in the default strand file");
  } finally {
    engine.close();
  }
});

Deno.test("when its client goes away (stdin closes, no signal), the server records the session end and exits", async () => {
  await using home = await tempDir();
  // Spawned by hand: the SDK client's close() sends SIGTERM 2 s after closing stdin, which
  // would hide a server that ignores the end of its input. `deno run` on the entry the mcp
  // task runs, rather than `deno task`, so a server that hangs can be killed, not orphaned.
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--quiet", "server/main.ts"],
    cwd: ROOT,
    env: serverEnv(home.path, { HELIX_PROJECT: "orphan" }),
    clearEnv: true,
    stdin: "piped",
    stdout: "piped",
    stderr: "null",
  }).spawn();
  const writer = child.stdin.getWriter();
  const lines = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = "";
  const send = (message: unknown) =>
    writer.write(new TextEncoder().encode(`${JSON.stringify(message)}\n`));
  const response = async (id: number): Promise<Structured> => {
    for (;;) {
      for (let end = buffered.indexOf("\n"); end >= 0; end = buffered.indexOf("\n")) {
        const message = JSON.parse(buffered.slice(0, end));
        buffered = buffered.slice(end + 1);
        if (message.id === id) return message;
      }
      const { value, done } = await lines.read();
      if (done) throw new Error(`stdout ended before response ${id}`);
      buffered += value;
    }
  };
  await send({
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: {
      protocolVersion: "2025-06-18",
      capabilities: {},
      clientInfo: { name: "vanishing-client", version: "0" },
    },
  });
  equal((await response(1)).result.serverInfo.name, "helix");
  await send({ jsonrpc: "2.0", method: "notifications/initialized" });
  await send({
    jsonrpc: "2.0",
    id: 2,
    method: "tools/call",
    params: { name: "memory_search", arguments: { query: "anything" } },
  });
  equal((await response(2)).result.isError, undefined);
  await writer.close();
  // Only a guard against a hang: the assertion is that the server exits by itself, not how fast.
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<"still running">((resolve) => {
    timer = setTimeout(() => resolve("still running"), 10_000);
  });
  const outcome = await Promise.race([child.status, deadline]);
  clearTimeout(timer);
  if (outcome === "still running") {
    child.kill("SIGKILL");
    await child.status;
  }
  while (!(await lines.read()).done) { /* drain */ }
  ok(outcome !== "still running", "the server exited by itself after stdin closed");
  equal(outcome.code, 0);
  const engine = openEngine({ path: join(home.path, "strands", "default.db"), mustExist: true });
  try {
    const ends = engine.history({ kinds: ["session.end"] });
    equal(ends.length, 1, "closing stdin ended the session");
    match(ends[0]!.summary, /ended in project:orphan/);
  } finally {
    engine.close();
  }
});

Deno.test("two server processes writing 500 memories each to one strand lose nothing", async () => {
  await using home = await tempDir();
  const a = await spawnClient(home.path, { HELIX_PROJECT: "shared" });
  const b = await spawnClient(home.path, { HELIX_PROJECT: "shared" });
  try {
    const write = async (label: string, call: typeof a.call) => {
      const ids: string[] = [];
      for (let i = 0; i < 500; i++) {
        ids.push(
          (await call("memory_write", {
            content: `${label} wrote memory number ${i}.`,
            tags: [label],
          })).id,
        );
      }
      return ids;
    };
    const [fromA, fromB] = await Promise.all([write("alpha", a.call), write("beta", b.call)]);
    equal(new Set([...fromA, ...fromB]).size, 1_000);
    // The background worker may add its own memories meanwhile (a project profile once the
    // importance budget is spent): those are the only extra ones allowed.
    const listed = new Set<string>();
    let cursor: string | null = null;
    do {
      const page: Structured = await a.call("memory_list", {
        limit: 100,
        ...(cursor ? { cursor } : {}),
      });
      for (const m of page.items) if (m.type !== "profile") listed.add(m.id);
      cursor = page.next_cursor;
    } while (cursor);
    equal(listed.size, 1_000);
    for (const id of [...fromA, ...fromB]) ok(listed.has(id));
  } finally {
    await a.client.close();
    await b.client.close();
  }
  const engine = openEngine({ path: join(home.path, "strands", "default.db"), mustExist: true });
  try {
    const stats = engine.stats();
    equal(stats.memories - (stats.byType.profile ?? 0), 1_000);
    ok(engine.rebuild().identical);
  } finally {
    engine.close();
  }
});

Deno.test("a bad configuration stops the server with a clear message, not a hang", async () => {
  await using home = await tempDir();
  await Deno.writeTextFile(join(home.path, "config.toml"), 'openai_api_key = "sk-not-here"\n');
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["task", "--quiet", "mcp"],
    cwd: ROOT,
    env: serverEnv(home.path),
    clearEnv: true,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  equal(output.code, 1);
  match(new TextDecoder().decode(output.stderr), /secret; set it in the environment/);
  equal(new TextDecoder().decode(output.stdout), "", "nothing but protocol on stdout");
});

Deno.test("registered with deno task --cwd, the server takes the project of the folder it was launched from", async () => {
  await using home = await tempDir();
  await using work = await tempDir();
  await Deno.mkdir(join(work.path, ".git"));
  await Deno.writeTextFile(
    join(work.path, ".git", "config"),
    `[remote "origin"]\n\turl = git@github.com:acme/shop.git\n`,
  );
  const transport = new StdioClientTransport({
    command: Deno.execPath(),
    args: ["task", "--cwd", ROOT, "--quiet", "mcp"],
    cwd: work.path,
    env: serverEnv(home.path),
    stderr: "pipe",
  });
  const client = new Client({ name: "helix-cwd-e2e", version: "1.0.0" });
  await client.connect(transport);
  try {
    const [content] = (await client.readResource({ uri: "helix://strand/manifest" })).contents;
    const manifest = JSON.parse(content && "text" in content ? content.text : "{}");
    equal(manifest.session.project, "project:github.com/acme/shop");
    equal(manifest.session.project_source, "cwd");
  } finally {
    await client.close();
  }
});
