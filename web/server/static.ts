/**
 * The files of `web/app/`: the page, its modules and styles. Only names made of safe
 * characters with a known extension are served, each with its exact type; anything else is
 * not found. Read once and kept: the app is small and does not change while it runs.
 *
 * @module
 */

const TYPES: Readonly<Record<string, string>> = {
  html: "text/html; charset=utf-8",
  js: "text/javascript; charset=utf-8",
  css: "text/css; charset=utf-8",
  svg: "image/svg+xml",
};

/** Where the app's files are. */
export const APP_DIR = new URL("../app/", import.meta.url);

/** A static file server over `dir`. */
export function createStatic(dir: URL = APP_DIR): (path: string) => Promise<Response | null> {
  const cache = new Map<string, Uint8Array<ArrayBuffer>>();
  return async (path) => {
    const name = path === "" ? "index.html" : path;
    const match = /^(?:[a-z0-9_-]+\/)?[a-z0-9_-]+\.([a-z]+)$/.exec(name);
    const type = match ? TYPES[match[1]!] : undefined;
    if (!type) return null;
    let bytes = cache.get(name);
    if (!bytes) {
      try {
        bytes = await Deno.readFile(new URL(name, dir));
      } catch {
        return null;
      }
      cache.set(name, bytes);
    }
    return new Response(bytes, { headers: { "content-type": type, "cache-control": "no-cache" } });
  };
}
