/**
 * Helpers of the embedders' tests: a loopback HTTP server that records the paths it is asked
 * for.
 *
 * @module
 */

/** A loopback server answering under `/<model>/resolve/main/<file>`; counts requests. */
export function serve(handler: (request: Request, file: string) => Response | Promise<Response>) {
  const requests: string[] = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, (request) => {
    const path = decodeURIComponent(new URL(request.url).pathname);
    requests.push(path);
    return handler(request, path);
  });
  return {
    url: `http://127.0.0.1:${server.addr.port}/`,
    requests,
    async [Symbol.asyncDispose]() {
      await server.shutdown();
    },
  };
}
