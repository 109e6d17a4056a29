/**
 * Serves `helix ui` on 127.0.0.1 (port 0: the OS picks a free one) and says where: the URL
 * with its one-time token.
 *
 * @module
 */
import type { Engine } from "@helix/core";
import { createUiHandler } from "./handler.ts";
import { randomSecret } from "./security.ts";

/** A running `helix ui` server. */
export interface UiServer {
  /** The URL to open, carrying the one-time token. */
  readonly url: string;
  /** The origin, without the token. */
  readonly origin: string;
  /** The bound port. */
  readonly port: number;
  /** Resolves when the server has stopped. */
  readonly finished: Promise<void>;
  /** Stops serving. */
  close(): Promise<void>;
}

/** Starts the server over `engine`. */
export function serveUi(
  options: { engine: Engine; port?: number; token?: string; onError?: (error: unknown) => void },
): UiServer {
  const token = options.token ?? randomSecret();
  const box: { handle?: (request: Request) => Promise<Response> } = {};
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: options.port ?? 0, onListen: () => {} },
    (request) => box.handle!(request),
  );
  const port = server.addr.port;
  // The gate needs the real port when the OS picked one; no request can arrive before this line.
  box.handle = createUiHandler({
    engine: options.engine,
    port,
    token,
    ...(options.onError ? { onError: options.onError } : {}),
  });
  const origin = `http://127.0.0.1:${port}`;
  return {
    url: `${origin}/?token=${token}`,
    origin,
    port,
    finished: server.finished,
    close: () => server.shutdown(),
  };
}
