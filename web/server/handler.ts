/**
 * The `helix ui` request handler: the gate first (`security.ts`), then `/api/…` (with the
 * CSRF check for every POST) or a file of the app. Every answer carries the security headers;
 * a `HelixError` answers with its code's status, anything else with a bare 500.
 *
 * @module
 */
import { type Engine, type ErrorCode, isHelixError } from "@helix/core";
import { apiRoute, type Reply } from "./api.ts";
import { createGate, refusal, SECURITY_HEADERS } from "./security.ts";
import { createStatic } from "./static.ts";

/** Options of {@linkcode createUiHandler}. */
export interface UiHandlerOptions {
  readonly engine: Engine;
  /** The port the server listens on (the Host and Origin checks need it). */
  readonly port: number;
  /** The one-time token of the printed URL. */
  readonly token: string;
  /** Called with anything unexpected (a bug), for the terminal. */
  readonly onError?: (error: unknown) => void;
}

const STATUS: Partial<Record<ErrorCode, number>> = {
  "invalid_input": 400,
  "not_found": 404,
  "conflict": 409,
  "store_locked": 503,
  "unauthorized": 401,
};

function json(reply: Reply): Response {
  return new Response(JSON.stringify(reply.body), {
    status: reply.status,
    headers: {
      ...SECURITY_HEADERS,
      "content-type": "application/json; charset=utf-8",
      "cache-control": "no-store",
    },
  });
}

/** The handler: `(request) => response`, testable without a port. */
export function createUiHandler(
  options: UiHandlerOptions,
): (request: Request) => Promise<Response> {
  const gate = createGate({ port: options.port, token: options.token });
  const files = createStatic();
  return async (request) => {
    const admission = gate.admit(request);
    if (admission.kind !== "admit") return admission.response;
    const url = new URL(request.url);
    if (url.pathname.startsWith("/api/")) {
      if (request.method !== "GET" && !gate.csrfOk(request, admission.session)) {
        return refusal(403, "Forbidden: a change needs the page's CSRF token");
      }
      if (url.pathname === "/api/session") {
        return json({
          status: 200,
          body: { csrf: admission.session.csrf, strand: options.engine.path },
        });
      }
      try {
        const path = url.pathname.slice("/api/".length);
        return json(await apiRoute(options.engine, request, path, url.searchParams));
      } catch (error) {
        if (isHelixError(error)) {
          return json({
            status: STATUS[error.code] ?? 500,
            body: { error: { code: error.code, message: error.message } },
          });
        }
        options.onError?.(error);
        return json({
          status: 500,
          body: { error: { code: "internal", message: "Internal error" } },
        });
      }
    }
    if (request.method !== "GET") return refusal(405, "Method not allowed");
    const file = await files(url.pathname.slice(1));
    if (!file) return refusal(404, "Not found");
    const headers = new Headers(file.headers);
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) headers.set(name, value);
    return new Response(file.body, { status: 200, headers });
  };
}
