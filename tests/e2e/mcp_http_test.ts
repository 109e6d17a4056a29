/**
 * MCP over streamable HTTP on loopback: the SDK client against the real listener, the
 * DNS-rebinding guards (Host, Origin), the optional bearer token, session lifecycle, and the
 * `deno task mcp --http` process.
 */
import { equal, match, ok, throws } from "node:assert/strict";
import { join } from "node:path";
import { fixedClock, isHelixError, openEngine } from "../../core/mod.ts";
import { serveHttp } from "../../server/http.ts";
import { silentLogger } from "../../server/log.ts";
import { tempDir, TODAY, wordHashEmbedder } from "../helpers.ts";
import { type CallToolResult, Client, StreamableHTTPClientTransport } from "./_client.ts";

const ROOT = new URL("../..", import.meta.url).pathname;

function strand(dir: string) {
  return openEngine({
    path: join(dir, "s.db"),
    embedder: wordHashEmbedder(),
    clock: fixedClock(TODAY),
  });
}

function serve(
  dir: string,
  options: { token?: string; maxBodyBytes?: number; idleMs?: number } = {},
) {
  const engine = strand(dir);
  const served = serveHttp({
    engine,
    host: "127.0.0.1",
    port: 0,
    token: options.token ?? null,
    projectOverride: "project:http",
    cwdProject: null,
    log: silentLogger,
    ...(options.maxBodyBytes ? { maxBodyBytes: options.maxBodyBytes } : {}),
    ...(options.idleMs ? { idleMs: options.idleMs } : {}),
  });
  return {
    engine,
    url: served.url,
    handler: served.handler,
    async [Symbol.asyncDispose]() {
      await served.close();
      engine.close();
    },
  };
}

async function connectClient(url: string, headers: Record<string, string> = {}) {
  const client = new Client({ name: "helix-http-e2e", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }),
  );
  return client;
}

const initialize = JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: {
    protocolVersion: "2025-06-18",
    capabilities: {},
    clientInfo: { name: "raw", version: "0" },
  },
});
const post = (url: string, headers: Record<string, string>, body = initialize) =>
  fetch(url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      ...headers,
    },
    body,
  });

Deno.test("the SDK client works over streamable HTTP on loopback, one session per client", async () => {
  await using dir = await tempDir();
  await using server = serve(dir.path);
  const a = await connectClient(server.url);
  const b = await connectClient(server.url);
  try {
    equal(server.handler.sessions, 2);
    const written = (await a.callTool({
      name: "memory_write",
      arguments: { content: "HTTP sessions share one strand." },
    })) as CallToolResult;
    ok(!written.isError);
    const found = (await b.callTool({
      name: "memory_search",
      arguments: { query: "http sessions strand" },
    })) as CallToolResult;
    equal((found.structuredContent as { results: unknown[] }).results.length, 1);
    const bad =
      (await b.callTool({ name: "memory_write", arguments: { content: "" } })) as CallToolResult;
    equal(bad.isError, true);
    const manifest = await a.readResource({ uri: "helix://strand/manifest" });
    ok(manifest.contents.length === 1);
  } finally {
    await a.close();
    await b.close();
  }
});

/**
 * Sends an initialize request over a raw TCP socket and returns the HTTP status: fetch() will
 * not send a Host header of our choosing, which is exactly what a DNS-rebinding page does.
 */
async function rawStatus(url: string, headers: Record<string, string>): Promise<number> {
  const { hostname, port } = new URL(url);
  const conn = await Deno.connect({ hostname, port: Number(port) });
  try {
    const lines = [
      "POST /mcp HTTP/1.1",
      `host: ${headers.host ?? `${hostname}:${port}`}`,
      "content-type: application/json",
      "accept: application/json, text/event-stream",
      `content-length: ${new TextEncoder().encode(initialize).length}`,
      "connection: close",
      ...Object.entries(headers).filter(([k]) => k !== "host").map(([k, v]) => `${k}: ${v}`),
    ];
    await conn.write(new TextEncoder().encode(`${lines.join("\r\n")}\r\n\r\n${initialize}`));
    const buffer = new Uint8Array(256);
    const n = await conn.read(buffer);
    const head = new TextDecoder().decode(buffer.subarray(0, n ?? 0));
    return Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
  } finally {
    conn.close();
  }
}

Deno.test("DNS rebinding guards: foreign Host or Origin get 403, loopback ones pass", async () => {
  await using dir = await tempDir();
  await using server = serve(dir.path);
  const port = new URL(server.url).port;
  const cases: Array<[string, Record<string, string>, number]> = [
    ["rebound host name", { host: `attacker.example:${port}` }, 403],
    ["loopback host on another port", { host: "127.0.0.1:1" }, 403],
    ["web page origin", { origin: "https://attacker.example" }, 403],
    ["null-looking origin", { origin: "file://" }, 403],
    ["localhost origin", { origin: `http://localhost:5173` }, 200],
    ["no origin (not a browser)", {}, 200],
  ];
  for (const [name, headers, status] of cases) {
    equal(await rawStatus(server.url, headers), status, name);
  }
  const wrongPath = await post(server.url.replace("/mcp", "/other"), {});
  equal(wrongPath.status, 404);
  await wrongPath.body?.cancel();
  const noSession = await post(
    server.url,
    {},
    JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list" }),
  );
  equal(noSession.status, 400);
  await noSession.body?.cancel();
  const unknownSession = await post(
    server.url,
    { "mcp-session-id": "nope" },
    JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list" }),
  );
  equal(unknownSession.status, 404);
  await unknownSession.body?.cancel();
  const garbage = await post(server.url, {}, "{not json");
  equal(garbage.status, 400);
  match(await garbage.text(), /Parse error/);
  const huge = await post(server.url, {}, JSON.stringify({ pad: "x".repeat(5 * 1024 * 1024) }));
  equal(huge.status, 413);
  await huge.body?.cancel();
});

Deno.test("with HELIX_MCP_TOKEN set, requests need the bearer token", async () => {
  await using dir = await tempDir();
  await using server = serve(dir.path, { token: "s3cret-token" });
  const missing = await post(server.url, {});
  equal(missing.status, 401);
  match(missing.headers.get("www-authenticate") ?? "", /Bearer/);
  await missing.body?.cancel();
  const wrong = await post(server.url, { authorization: "Bearer nope" });
  equal(wrong.status, 401);
  await wrong.body?.cancel();
  const client = await connectClient(server.url, { authorization: "Bearer s3cret-token" });
  try {
    equal((await client.listTools()).tools.length, 8);
  } finally {
    await client.close();
  }
});

Deno.test("closing an HTTP session (DELETE) records its end", async () => {
  await using dir = await tempDir();
  await using server = serve(dir.path);
  const client = await connectClient(server.url);
  const transport = client.transport as StreamableHTTPClientTransport;
  await client.callTool({ name: "memory_search", arguments: { query: "anything" } });
  await transport.terminateSession();
  await client.close();
  for (let i = 0; i < 50 && server.handler.sessions > 0; i++) {
    await new Promise((r) => setTimeout(r, 10));
  }
  equal(server.handler.sessions, 0);
  equal(server.engine.history({ kinds: ["session.end"] }).length, 1);
});

/** Waits (bounded) until the handler has no open session. */
async function drained(handler: { readonly sessions: number }) {
  for (let i = 0; i < 200 && handler.sessions > 0; i++) {
    await new Promise((r) => setTimeout(r, 10));
  }
}

Deno.test("an idle HTTP session is closed and its end recorded once", async () => {
  await using dir = await tempDir();
  await using server = serve(dir.path, { idleMs: 50 });
  const client = await connectClient(server.url);
  try {
    await client.callTool({ name: "memory_search", arguments: { query: "anything" } });
    equal(server.handler.sessions, 1);
    await drained(server.handler);
    equal(server.handler.sessions, 0, "the idle session was closed");
    equal(server.engine.history({ kinds: ["session.end"] }).length, 1);
  } finally {
    await client.close();
  }
  await server.handler.close();
  equal(server.engine.history({ kinds: ["session.end"] }).length, 1, "recorded exactly once");
});

Deno.test("closing the handler ends every open session once", async () => {
  await using dir = await tempDir();
  await using server = serve(dir.path);
  const client = await connectClient(server.url);
  await client.callTool({ name: "memory_search", arguments: { query: "anything" } });
  await server.handler.close();
  equal(server.handler.sessions, 0);
  await client.close();
  equal(server.engine.history({ kinds: ["session.end"] }).length, 1);
});

/** A chunked (no Content-Length) request body. */
function chunked(text: string, chunkBytes = 1_024): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.subarray(at, at + chunkBytes));
      at += chunkBytes;
    },
  });
}

Deno.test("request bodies are limited in bytes while they stream: 413, and the server keeps serving", async () => {
  await using dir = await tempDir();
  await using server = serve(dir.path, { maxBodyBytes: 4_096 });
  const headers = {
    "content-type": "application/json",
    accept: "application/json, text/event-stream",
  };
  // 3,000 characters but 6,000 bytes: a limit counted in characters lets it through.
  const wide = JSON.stringify({
    ...JSON.parse(initialize),
    params: { ...JSON.parse(initialize).params, pad: "é".repeat(3_000) },
  });
  const tooWide = await fetch(server.url, { method: "POST", headers, body: chunked(wide) });
  equal(tooWide.status, 413);
  match(await tooWide.text(), /Payload Too Large/);

  // A chunked body that never ends: refused once the limit has arrived, not read to the end.
  const { hostname, port } = new URL(server.url);
  const conn = await Deno.connect({ hostname, port: Number(port) });
  try {
    const head = [
      "POST /mcp HTTP/1.1",
      `host: ${hostname}:${port}`,
      "content-type: application/json",
      "accept: application/json, text/event-stream",
      "transfer-encoding: chunked",
    ].join("\r\n");
    await conn.write(new TextEncoder().encode(`${head}\r\n\r\n`));
    const chunk = new TextEncoder().encode(`400\r\n${"x".repeat(1_024)}\r\n`);
    for (let i = 0; i < 8; i++) await conn.write(chunk); // 8 KiB, and no final chunk
    const buffer = new Uint8Array(256);
    const n = await conn.read(buffer);
    match(new TextDecoder().decode(buffer.subarray(0, n ?? 0)), /^HTTP\/1\.1 413/);
  } finally {
    conn.close();
  }

  const client = await connectClient(server.url);
  try {
    const transport = client.transport as StreamableHTTPClientTransport;
    const inSession = await fetch(server.url, {
      method: "POST",
      headers: {
        ...headers,
        "mcp-session-id": transport.sessionId!,
        "mcp-protocol-version": "2025-06-18",
      },
      body: chunked(
        JSON.stringify({ jsonrpc: "2.0", id: 9, method: "ping", pad: "é".repeat(3_000) }),
      ),
    });
    equal(inSession.status, 413, "the same limit inside a session");
    await inSession.body?.cancel();
    equal((await client.listTools()).tools.length, 8, "still serving");
  } finally {
    await client.close();
  }
});

Deno.test("serveHttp refuses a non-loopback address unless a bearer token is set", async () => {
  await using dir = await tempDir();
  const engine = strand(dir.path);
  const options = {
    engine,
    port: 0,
    projectOverride: null,
    cwdProject: null,
    log: silentLogger,
  };
  try {
    for (const host of ["0.0.0.0", "::", "192.0.2.10", "helix.example"]) {
      throws(
        () => serveHttp({ ...options, host, token: null }),
        (error: unknown) =>
          isHelixError(error, "invalid_input") && /HELIX_MCP_TOKEN/.test(error.message),
        host,
      );
    }
    const open = serveHttp({ ...options, host: "0.0.0.0", token: "s3cret-token" });
    await open.close();
    const local = serveHttp({ ...options, host: "localhost", token: null });
    await local.close();
  } finally {
    engine.close();
  }
});

Deno.test("deno task mcp --http on a LAN address without HELIX_MCP_TOKEN stops with a clear message", async () => {
  await using home = await tempDir();
  const env: Record<string, string> = { HELIX_HOME: home.path, HELIX_EMBEDDER: "none" };
  for (const key of ["PATH", "HOME", "DENO_DIR"]) {
    if (Deno.env.get(key)) env[key] = Deno.env.get(key)!;
  }
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["task", "--quiet", "mcp", "--http", "--host", "0.0.0.0", "--port", "0"],
    cwd: ROOT,
    env,
    clearEnv: true,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  equal(output.code, 1);
  match(new TextDecoder().decode(output.stderr), /HELIX_MCP_TOKEN/);
});

Deno.test("deno task mcp --http serves on loopback and stops on SIGTERM", async () => {
  await using home = await tempDir();
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const env: Record<string, string> = {
    HELIX_HOME: home.path,
    HELIX_EMBEDDER: "none",
    HELIX_LOG_LEVEL: "info",
  };
  for (const key of ["PATH", "HOME", "DENO_DIR"]) {
    if (Deno.env.get(key)) env[key] = Deno.env.get(key)!;
  }
  const child = new Deno.Command(Deno.execPath(), {
    args: ["task", "--quiet", "mcp", "--http", "--port", String(port)],
    cwd: ROOT,
    env,
    clearEnv: true,
    stdin: "null",
    stdout: "null",
    stderr: "piped",
  }).spawn();
  const reader = child.stderr.pipeThrough(new TextDecoderStream()).getReader();
  let log = "";
  while (!log.includes("serving over streamable HTTP")) {
    const { value, done } = await reader.read();
    if (done) break;
    log += value;
  }
  try {
    match(log, new RegExp(`http://127.0.0.1:${port}/mcp`));
    const client = await connectClient(`http://127.0.0.1:${port}/mcp`);
    equal((await client.listTools()).tools.length, 8);
    await client.close();
  } finally {
    child.kill("SIGTERM");
    const drain = (async () => {
      for (;;) if ((await reader.read()).done) break;
    })();
    equal((await child.status).code, 0);
    await drain;
  }
});
