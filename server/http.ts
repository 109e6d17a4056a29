/**
 * MCP over streamable HTTP: one server and transport per MCP session on `/mcp`, behind the
 * checks a local server needs. The Host header must name a loopback address (or the bound
 * host) and any Origin must be a loopback page, so a web page cannot reach the server by DNS
 * rebinding. Those checks only stop browsers, so {@linkcode serveHttp} binds a non-loopback
 * address only with a bearer token. Request bodies are limited in bytes as they stream (the
 * SDK's reader, for the initialize request read here as for every later one read by the
 * transport). Sessions idle for 30 minutes are closed, which records their end like a DELETE
 * does.
 *
 * @module
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { type Engine, HelixError } from "@helix/core";
import {
  isInitializeRequest,
  readRequestBody,
  requestBodyTooLargeMessage,
  WebStandardStreamableHTTPServerTransport,
} from "./_sdk.ts";
import { type Activity, NO_ACTIVITY } from "./activity.ts";
import { admitValue, errorReply, readableErrors, RPC } from "./jsonrpc.ts";
import type { Logger } from "./log.ts";
import { createServer } from "./server.ts";

/** Options of {@linkcode createHttpHandler}. */
export interface HttpOptions {
  engine: Engine;
  /** The address the server is bound to (also accepted as a Host). */
  host: string;
  /** The bound port (Host headers must carry it when they carry one). */
  port: number;
  /** Bearer token clients must send, or null for none (loopback hosts only). */
  token: string | null;
  projectOverride: string | null;
  cwdProject: string | null;
  log: Logger;
  /** Idle time after which a session is closed. @default {1_800_000} */
  idleMs?: number;
  /** Largest request body accepted. @default {4 MiB} */
  maxBodyBytes?: number;
  /** Counts the requests in flight (the lifecycle thread works in the quiet moments). */
  activity?: Activity;
}

/** The request handler and its session registry. */
export interface HttpHandler {
  handle(request: Request): Promise<Response>;
  /** Open sessions. */
  readonly sessions: number;
  /** Closes every session (recording their ends). */
  close(): Promise<void>;
}

interface Entry {
  transport: WebStandardStreamableHTTPServerTransport;
  lastSeen: number;
}

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

/**
 * A session's POST body through the front door ({@linkcode admitValue}): the parsed body to hand to
 * the transport, or the JSON-RPC error to answer (the SDK would drop a message whose envelope
 * it cannot parse).
 */
function admitBody(text: string): { body: unknown } | { reply: unknown | null } {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { reply: errorReply(null, RPC.parseError, "Parse error: the body is not JSON") };
  }
  if (Array.isArray(body)) return { body }; // a batch: the transport answers it as a whole
  const admitted = admitValue(body);
  return "message" in admitted ? { body: admitted.message } : { reply: admitted.reply };
}

/** Whether `host` names this machine only: localhost, 127.0.0.0/8 or ::1. */
export function isLoopbackHost(host: string): boolean {
  const name = host.toLowerCase();
  return LOOPBACK.has(name) || /^127(\.\d{1,3}){3}$/.test(name);
}

function jsonError(
  status: number,
  message: string,
  options: { code?: number; headers?: Record<string, string> } = {},
): Response {
  return new Response(
    JSON.stringify({ jsonrpc: "2.0", error: { code: options.code ?? -32000, message }, id: null }),
    { status, headers: { "content-type": "application/json", ...options.headers } },
  );
}

/** Compares in constant time, and without revealing the secret's length (digests compared). */
function sameSecret(given: string, expected: string): boolean {
  const digest = (text: string) => createHash("sha256").update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** Creates the `/mcp` handler. */
export function createHttpHandler(options: HttpOptions): HttpHandler {
  const { engine, log } = options;
  const idleMs = options.idleMs ?? 1_800_000;
  const maxBody = options.maxBodyBytes ?? 4 * 1024 * 1024;
  const sessions = new Map<string, Entry>();
  const allowedHosts = new Set([...LOOPBACK, options.host.toLowerCase()]);

  const hostAllowed = (header: string | null): boolean => {
    if (!header) return false;
    let url: URL;
    try {
      url = new URL(`http://${header}`);
    } catch {
      return false;
    }
    const port = url.port === "" ? null : Number(url.port);
    return allowedHosts.has(url.hostname.toLowerCase()) && (port === null || port === options.port);
  };
  const originAllowed = (header: string | null): boolean => {
    if (header === null) return true; // not a browser
    try {
      const url = new URL(header);
      return (url.protocol === "http:" || url.protocol === "https:") &&
        LOOPBACK.has(url.hostname.toLowerCase());
    } catch {
      return false;
    }
  };

  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [id, entry] of sessions) {
      if (now - entry.lastSeen > idleMs) {
        log.info("closing idle session", { session: id });
        void entry.transport.close();
      }
    }
  }, Math.min(idleMs, 60_000));
  Deno.unrefTimer(sweep);

  // One teardown path: however a session closes (DELETE, idle sweep, close()), the transport
  // closes; its onclose leaves the registry here, and the SDK's wrapper (installed by
  // connect) then runs the server's onclose, which records the session end once.
  const open = async (): Promise<Entry> => {
    const sessionId = crypto.randomUUID();
    const { server } = createServer(engine, {
      sessionId,
      projectOverride: options.projectOverride,
      cwdProject: options.cwdProject,
      log,
    });
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => sessionId,
      onsessioninitialized: (id) => {
        sessions.set(id, entry);
      },
      maxRequestBodySize: maxBody,
    });
    const entry: Entry = { transport, lastSeen: Date.now() };
    const send = transport.send.bind(transport);
    transport.send = (message, sendOptions) => send(readableErrors(message), sendOptions);
    transport.onclose = () => {
      sessions.delete(sessionId);
    };
    await server.connect(transport);
    return entry;
  };

  return {
    get sessions() {
      return sessions.size;
    },
    async handle(request) {
      const url = new URL(request.url);
      if (!hostAllowed(request.headers.get("host"))) {
        log.warn("refused a request for another host", { host: request.headers.get("host") });
        return jsonError(
          403,
          "Forbidden: this server only answers requests addressed to localhost",
        );
      }
      if (!originAllowed(request.headers.get("origin"))) {
        log.warn("refused a cross-origin request", { origin: request.headers.get("origin") });
        return jsonError(403, "Forbidden: cross-origin requests are not allowed");
      }
      if (url.pathname !== "/mcp") return jsonError(404, "Not found: the MCP endpoint is /mcp");
      if (options.token !== null) {
        const auth = request.headers.get("authorization") ?? "";
        const given = /^Bearer\s+(.+)$/i.exec(auth)?.[1] ?? "";
        if (!sameSecret(given, options.token)) {
          return jsonError(401, "Unauthorized: send Authorization: Bearer <HELIX_MCP_TOKEN>", {
            headers: { "www-authenticate": 'Bearer realm="helix"' },
          });
        }
      }
      const sessionId = request.headers.get("mcp-session-id");
      if (sessionId) {
        const entry = sessions.get(sessionId);
        if (!entry) return jsonError(404, "Session not found: start a new session with initialize");
        entry.lastSeen = Date.now();
        if (request.method !== "POST") return await entry.transport.handleRequest(request);
        const read = await readRequestBody(request, maxBody);
        if (read.tooLarge) return jsonError(413, requestBodyTooLargeMessage(maxBody));
        const admitted = admitBody(read.text);
        if ("reply" in admitted) {
          // A notification is not answered, whatever it carried.
          return admitted.reply === null
            ? new Response(null, { status: 202 })
            : Response.json(admitted.reply, { status: 400 });
        }
        return await entry.transport.handleRequest(request, { parsedBody: admitted.body });
      }
      if (request.method !== "POST") {
        return jsonError(400, "Bad request: no session; POST initialize first");
      }
      // Read here to see whether it is an initialize, with the reader and limit the transport
      // uses for every later request; the transport then takes the parsed body.
      let body: unknown;
      try {
        const read = await readRequestBody(request, maxBody);
        if (read.tooLarge) return jsonError(413, requestBodyTooLargeMessage(maxBody));
        body = JSON.parse(read.text);
      } catch {
        return jsonError(400, "Parse error", { code: RPC.parseError });
      }
      const messages = Array.isArray(body) ? body : [body];
      if (!messages.some((m) => isInitializeRequest(m))) {
        return jsonError(400, "Bad request: no session; the first request must be initialize");
      }
      const entry = await open();
      return await entry.transport.handleRequest(request, { parsedBody: body });
    },
    async close() {
      clearInterval(sweep);
      await Promise.all([...sessions.values()].map((entry) => entry.transport.close()));
    },
  };
}

/**
 * Serves the handler on `host:port` (port 0 picks a free one) until `close()`.
 *
 * @throws {HelixError} `invalid_input` when `host` is not a loopback address and no token is
 * set: the Host and Origin checks only stop browsers, not other machines on the network.
 */
export function serveHttp(
  options: HttpOptions,
): { url: string; handler: HttpHandler; close(): Promise<void> } {
  if (options.token === null && !isLoopbackHost(options.host)) {
    throw new HelixError(
      "invalid_input",
      `Cannot serve MCP over HTTP on ${options.host}: an address other machines can reach needs ` +
        "a bearer token; set HELIX_MCP_TOKEN, or serve on 127.0.0.1",
    );
  }
  const box: { handler?: HttpHandler } = {};
  const server = Deno.serve(
    { hostname: options.host, port: options.port, onListen: () => {} },
    (request) => {
      const activity = options.activity ?? NO_ACTIVITY;
      activity.begin();
      return box.handler!.handle(request).finally(() => activity.end());
    },
  );
  // The Host check needs the real port when the OS picked one; no request can arrive before this line.
  const handler = createHttpHandler({ ...options, port: server.addr.port });
  box.handler = handler;
  const host = options.host.includes(":") ? `[${options.host}]` : options.host;
  return {
    url: `http://${host}:${server.addr.port}/mcp`,
    handler,
    async close() {
      await handler.close();
      await server.shutdown();
    },
  };
}
