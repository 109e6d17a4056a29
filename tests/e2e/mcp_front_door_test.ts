/**
 * The front door of the real server: what an agent or a broken client sends never ends the
 * session and never goes unanswered. A 10 MiB tool call gets an error result over stdio and the
 * server keeps serving; requests whose `params` is not an object, lines that are not JSON and
 * params the SDK rejects get JSON-RPC errors (-32700, -32602) with their id, over stdio and HTTP.
 */
import { deepEqual, equal, match, ok } from "node:assert/strict";
import { join } from "node:path";
import { fixedClock, openEngine } from "../../core/mod.ts";
import { serveHttp } from "../../server/http.ts";
import { silentLogger } from "../../server/log.ts";
import { tempDir, TODAY } from "../helpers.ts";
import { type CallToolResult, Client, StdioClientTransport } from "./_client.ts";

const ROOT = new URL("../..", import.meta.url).pathname;

function serverEnv(home: string): Record<string, string> {
  const env: Record<string, string> = {
    HELIX_HOME: home,
    HELIX_EMBEDDER: "none",
    HELIX_LOG_LEVEL: "warn",
  };
  for (const key of ["PATH", "HOME", "DENO_DIR", "XDG_CACHE_HOME"]) {
    const value = Deno.env.get(key);
    if (value) env[key] = value;
  }
  return env;
}

const INITIALIZE = {
  jsonrpc: "2.0",
  id: 0,
  method: "initialize",
  params: {
    protocolVersion: "2025-06-18",
    capabilities: {},
    clientInfo: { name: "front-door", version: "1" },
  },
};

Deno.test("a 10 MiB tool call over stdio gets an error result and the session goes on", async () => {
  await using home = await tempDir();
  const transport = new StdioClientTransport({
    command: Deno.execPath(),
    args: ["task", "--quiet", "mcp"],
    cwd: ROOT,
    env: serverEnv(home.path),
    stderr: "pipe",
  });
  const client = new Client({ name: "front-door", version: "1" });
  await client.connect(transport);
  try {
    const pasted = "const x = 1;\n".repeat(850_000); // ~10.5 MiB of "file"
    const refused = (await client.callTool({
      name: "memory_write",
      arguments: { content: pasted },
    })) as CallToolResult;
    equal(refused.isError, true);
    const text = (refused.content[0] as { text: string }).text;
    match(text, /^Cannot call memory_write: the request is 1\d\.\d MiB/);
    match(text, /at most 1 MiB per message/);

    const between = (await client.callTool({
      name: "memory_note",
      arguments: { text: "x".repeat(3 << 20) },
    })) as CallToolResult;
    equal(between.isError, true, "a 3 MiB call is refused the same way");

    const written = (await client.callTool({
      name: "memory_write",
      arguments: { content: "The front door survives pasted files.", type: "fact" },
    })) as CallToolResult;
    ok(!written.isError, JSON.stringify(written.content));
    const found = (await client.callTool({
      name: "memory_search",
      arguments: { query: "front door pasted files" },
    })) as CallToolResult;
    equal((found.structuredContent as { results: unknown[] }).results.length, 1);
  } finally {
    await client.close();
  }
});

/** A raw line-level conversation with a spawned server: send lines, read answers by id. */
function rawServer(home: string) {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["task", "--quiet", "mcp"],
    cwd: ROOT,
    env: serverEnv(home),
    clearEnv: true,
    stdin: "piped",
    stdout: "piped",
    stderr: "null",
  }).spawn();
  const writer = child.stdin.getWriter();
  const answers = new Map<string, Record<string, unknown>>();
  const waiting: { wake: () => void } = { wake: () => {} };
  const reading = (async () => {
    let buffer = "";
    for await (const text of child.stdout.pipeThrough(new TextDecoderStream())) {
      buffer += text;
      for (let nl = buffer.indexOf("\n"); nl !== -1; nl = buffer.indexOf("\n")) {
        const message = JSON.parse(buffer.slice(0, nl)) as Record<string, unknown>;
        buffer = buffer.slice(nl + 1);
        if ("id" in message) answers.set(JSON.stringify(message.id), message);
        waiting.wake();
      }
    }
  })();
  return {
    send: (line: string) => writer.write(new TextEncoder().encode(`${line}\n`)),
    /**
     * The answers to `ids`, once all have come. A watchdog fails the test instead of hanging
     * when one never comes (the SDK's transport dropped such requests).
     */
    async answers(ids: readonly unknown[]): Promise<Record<string, unknown>[]> {
      const keys = ids.map((id) => JSON.stringify(id));
      const missing = () => keys.filter((k) => !answers.has(k));
      let timer: ReturnType<typeof setTimeout> | undefined;
      const watchdog = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer to ${missing().join(", ")}`)), 60_000);
      });
      try {
        while (missing().length > 0) {
          await Promise.race([new Promise<void>((resolve) => (waiting.wake = resolve)), watchdog]);
        }
      } finally {
        clearTimeout(timer);
      }
      return keys.map((k) => answers.get(k)!);
    },
    async [Symbol.asyncDispose]() {
      await writer.close();
      await reading;
      await child.status;
    },
  };
}

Deno.test("every malformed request over stdio is answered with its id", async () => {
  await using home = await tempDir();
  await using server = rawServer(home.path);
  await server.send(JSON.stringify(INITIALIZE));
  await server.answers([0]);
  await server.send(JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }));
  const shapes: [number, unknown][] = [[1, "text"], [2, 7], [3, [1, 2]], [4, null]];
  for (const [id, params] of shapes) {
    await server.send(JSON.stringify({ jsonrpc: "2.0", id, method: "tools/list", params }));
  }
  await server.send("{this is not json");
  await server.send(
    JSON.stringify({ jsonrpc: "2.0", id: 5, method: "tools/call", params: { name: 5 } }),
  );
  await server.send(
    JSON.stringify({ jsonrpc: "2.0", id: 6, method: "resources/read", params: {} }),
  );
  await server.send(JSON.stringify({ jsonrpc: "2.0", id: 7, method: "tools/list" }));
  const [a, b, c, d, parse, name, uri, list] = await server.answers([1, 2, 3, 4, null, 5, 6, 7]);
  const kinds = ["a string", "a number", "an array", "null"];
  [a, b, c, d].forEach((answer, i) => {
    deepEqual(answer!.error, {
      code: -32602,
      message: `Invalid params: params must be an object, not ${kinds[i]}`,
    });
  });
  equal((parse!.error as { code: number }).code, -32700);
  deepEqual(name!.error, {
    code: -32602,
    message: "Invalid params: params.name: expected string, received number",
  });
  deepEqual(uri!.error, {
    code: -32602,
    message: "Invalid params: params.uri: expected string, received undefined",
  });
  equal((list!.result as { tools: unknown[] }).tools.length, 8, "the session goes on");
});

Deno.test("malformed requests in an HTTP session get -32602 with their id", async () => {
  await using dir = await tempDir();
  const engine = openEngine({ path: join(dir.path, "s.db"), clock: fixedClock(TODAY) });
  const served = serveHttp({
    engine,
    host: "127.0.0.1",
    port: 0,
    token: null,
    projectOverride: "project:http",
    cwdProject: null,
    log: silentLogger,
  });
  try {
    const headers = {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
    };
    const init = await fetch(served.url, {
      method: "POST",
      headers,
      body: JSON.stringify(INITIALIZE),
    });
    const session = init.headers.get("mcp-session-id")!;
    await init.body?.cancel();
    const post = (body: unknown) =>
      fetch(served.url, {
        method: "POST",
        headers: { ...headers, "mcp-session-id": session, "mcp-protocol-version": "2025-06-18" },
        body: JSON.stringify(body),
      });
    const bad = await post({ jsonrpc: "2.0", id: 8, method: "tools/list", params: "x" });
    equal(bad.status, 400);
    deepEqual(await bad.json(), {
      jsonrpc: "2.0",
      id: 8,
      error: { code: -32602, message: "Invalid params: params must be an object, not a string" },
    });
    const named = await post({ jsonrpc: "2.0", id: 9, method: "tools/call", params: { name: 1 } });
    const text = await named.text();
    match(text, /"code":-32602/);
    match(text, /params\.name: expected string, received number/);
  } finally {
    await served.close();
    engine.close();
  }
});
