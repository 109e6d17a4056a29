/**
 * The gate in front of every `helix ui` route (docs/ui.md, "Security model"): the Host and
 * Origin checks of the MCP HTTP server, the one-time token traded for a session cookie, the
 * CSRF token every mutating request carries, and the headers every answer gets.
 *
 * @module
 */
import { createHash, timingSafeEqual } from "node:crypto";

/**
 * The session cookie's name on `port`. Cookies do not keep ports apart, so two dashboards on
 * one machine would otherwise overwrite each other's session.
 */
export function sessionCookie(port: number): string {
  return `helix_ui_${port}`;
}
/** The header a mutating request carries the CSRF token in. */
export const CSRF_HEADER = "x-helix-csrf";

/** What every answer carries: no inline script, nothing from elsewhere, no framing. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "content-security-policy": [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "form-action 'none'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join("; "),
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
  "cross-origin-opener-policy": "same-origin",
  "cross-origin-resource-policy": "same-origin",
  "x-frame-options": "DENY",
};

/** A fresh random secret: 32 bytes, hex. */
export function randomSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Compares in constant time, and without revealing the secret's length (digests compared). */
export function sameSecret(given: string, expected: string): boolean {
  const digest = (text: string) => createHash("sha256").update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** A session: the cookie value names it; `csrf` is what its mutating requests must carry. */
export interface Session {
  readonly id: string;
  readonly csrf: string;
}

/** What the gate decided about a request. */
export type Admission =
  | { readonly kind: "refuse"; readonly response: Response }
  | { readonly kind: "redirect"; readonly response: Response }
  | { readonly kind: "admit"; readonly session: Session };

/** The gate of one `helix ui` server. */
export interface Gate {
  /** Checks `request`; a refusal or the redirect that sets the cookie, or the session. */
  admit(request: Request): Admission;
  /** Whether a mutating request carries the session's CSRF token. */
  csrfOk(request: Request, session: Session): boolean;
}

/** A refusal as JSON for the API, as text for a page. */
export function refusal(status: number, message: string): Response {
  return new Response(JSON.stringify({ error: { code: "forbidden", message } }), {
    status,
    headers: { ...SECURITY_HEADERS, "content-type": "application/json; charset=utf-8" },
  });
}

const LOCAL_NAMES = ["127.0.0.1", "localhost"];

/**
 * The gate for a server on `127.0.0.1:port` whose printed URL carries `token`. The token
 * is good once: its first use opens the one session, later uses are refused.
 */
export function createGate(options: { port: number; token: string }): Gate {
  const { port } = options;
  let token: string | null = options.token;
  const sessions = new Map<string, Session>();
  const origins = new Set(LOCAL_NAMES.map((name) => `http://${name}:${port}`));
  const cookieName = sessionCookie(port);

  const hostOk = (header: string | null) =>
    header !== null && LOCAL_NAMES.some((name) => header.toLowerCase() === `${name}:${port}`);
  const originOk = (request: Request) => {
    const origin = request.headers.get("origin");
    if (origin !== null && !origins.has(origin.toLowerCase())) return false;
    // Browsers say where a request comes from: only this page (or the user typing the URL).
    // Another port of 127.0.0.1 is `same-site`, and its cookies are ours: refused too.
    const site = request.headers.get("sec-fetch-site");
    return site === null || site === "same-origin" || site === "none";
  };
  const sessionOf = (request: Request): Session | null => {
    const cookies = request.headers.get("cookie") ?? "";
    for (const part of cookies.split(";")) {
      const [name, value] = part.trim().split("=", 2);
      if (name !== cookieName || !value) continue;
      for (const session of sessions.values()) {
        if (sameSecret(value, session.id)) return session;
      }
    }
    return null;
  };

  return {
    admit(request) {
      // Deno.serve builds the URL from the Host header; a Request made in a test has only the URL.
      if (!hostOk(request.headers.get("host") ?? new URL(request.url).host)) {
        return {
          kind: "refuse",
          response: refusal(403, "Forbidden: this server only answers requests to 127.0.0.1"),
        };
      }
      if (!originOk(request)) {
        return {
          kind: "refuse",
          response: refusal(403, "Forbidden: cross-origin requests are not allowed"),
        };
      }
      const url = new URL(request.url);
      const given = url.searchParams.get("token");
      if (given !== null && request.method === "GET") {
        if (token === null || !sameSecret(given, token)) {
          return {
            kind: "refuse",
            response: refusal(401, "Unauthorized: this link was already used; run helix ui again"),
          };
        }
        token = null; // one use
        const session = { id: randomSecret(), csrf: randomSecret() };
        sessions.set(session.id, session);
        url.searchParams.delete("token");
        return {
          kind: "redirect",
          response: new Response(null, {
            status: 303,
            headers: {
              ...SECURITY_HEADERS,
              location: `${url.pathname}${url.search}`,
              "set-cookie": `${cookieName}=${session.id}; HttpOnly; SameSite=Strict; Path=/`,
              "cache-control": "no-store",
            },
          }),
        };
      }
      const session = sessionOf(request);
      if (!session) {
        return {
          kind: "refuse",
          response: refusal(401, "Unauthorized: open the link helix ui printed"),
        };
      }
      return { kind: "admit", session };
    },
    csrfOk(request, session) {
      const given = request.headers.get(CSRF_HEADER);
      const type = request.headers.get("content-type") ?? "";
      return given !== null && sameSecret(given, session.csrf) &&
        /^application\/json\b/i.test(type);
    },
  };
}
