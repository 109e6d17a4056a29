/**
 * A malicious relay for the client's T1 tests: a fetch that sits in front of a real relay (an
 * in-process app's `fetch`, or {@linkcode proxyTo} a relay process) and rewrites what it is told
 * to. Tampers act on matching requests: they can answer without forwarding (drop a push, refuse
 * a compare-and-swap, fail), move the cursor of a list (duplicate, replay) or rewrite an
 * answer's frames (drop, withhold, reorder, bit-flip) or raw bytes (truncate).
 *
 * ```ts ignore
 * const adversary = createAdversary(app.fetch);
 * adversary.add(tamper.dropDelta(2));
 * const relayPort = createHttpRelay({ url: "http://relay", fetch: adversary.fetch });
 * ```
 *
 * @module
 */
import { encodeFrames, type Frame, parseFrames } from "@helix/core";

/** Anything that answers a request. */
export type Handler = (request: Request) => Response | Promise<Response>;

/** The relay route a request is for. */
export type RouteKind =
  | "health"
  | "strand"
  | "roster"
  | "deltas"
  | "log"
  | "rendezvous"
  | "other";

/** One rewrite. */
export interface Tamper {
  /** What it says it does (kept in `adversary.log` each time it acts). */
  readonly name: string;
  /** Which requests it acts on (default: all). */
  readonly method?: string;
  readonly route?: RouteKind;
  /** How many matching requests it acts on (default: every one). */
  readonly times?: number;
  /** A new request to forward, or an answer given without forwarding. */
  request?(request: Request): Request | Response | Promise<Request | Response>;
  /** New frames for a framed list answer (deltas, roster). */
  frames?(frames: Frame[], request: Request): Frame[];
  /** New body bytes for the answer (after `frames`). */
  body?(bytes: Uint8Array, request: Request): Uint8Array;
}

/** The malicious relay. */
export interface Adversary {
  /** A drop-in `fetch`. */
  fetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response>;
  /** The same as a handler (e.g. to `Deno.serve` it in front of a relay process). */
  handle(request: Request): Promise<Response>;
  /** Adds a tamper (tampers act in the order added). */
  add(tamper: Tamper): void;
  /** Removes every tamper: an honest relay again. */
  clear(): void;
  /** The name of each tamper each time it acted. */
  readonly log: string[];
}

/** The route of a relay URL path. */
export function routeKind(path: string): RouteKind {
  if (path === "/healthz") return "health";
  if (path.startsWith("/v1/rendezvous/")) return "rendezvous";
  if (/^\/v1\/strands\/[^/]+\/log\/[a-z]+$/.test(path)) return "log";
  const match = /^\/v1\/strands\/[^/]+(\/(roster|deltas))?$/.exec(path);
  if (!match) return "other";
  return (match[2] as "roster" | "deltas" | undefined) ?? "strand";
}

/** A handler that forwards to a relay at `base` (e.g. a relay process's URL). */
export function proxyTo(base: string): Handler {
  return async (request) => {
    const url = new URL(request.url);
    const target = new URL(url.pathname + url.search, base);
    const body = request.body ? new Uint8Array(await request.arrayBuffer()) : undefined;
    return await fetch(target, {
      method: request.method,
      headers: request.headers,
      ...(body ? { body } : {}),
    });
  };
}

/** An adversary in front of `upstream`. */
export function createAdversary(upstream: Handler): Adversary {
  const tampers: { tamper: Tamper; left: number }[] = [];
  const log: string[] = [];
  const applies = (entry: { tamper: Tamper; left: number }, request: Request) => {
    const { tamper } = entry;
    if (entry.left <= 0) return false;
    if (tamper.method && tamper.method !== request.method) return false;
    if (tamper.route && tamper.route !== routeKind(new URL(request.url).pathname)) return false;
    return true;
  };

  async function handle(original: Request): Promise<Response> {
    let request = original;
    const acting = tampers.filter((entry) => applies(entry, original));
    for (const entry of acting) {
      entry.left -= 1;
      log.push(entry.tamper.name);
      if (!entry.tamper.request) continue;
      const next = await entry.tamper.request(request);
      if (next instanceof Response) return next;
      request = next;
    }
    const response = await upstream(request);
    const rewrites = acting.filter((entry) => entry.tamper.frames || entry.tamper.body);
    if (rewrites.length === 0 || !response.ok) return response;
    let bytes: Uint8Array = new Uint8Array(await response.arrayBuffer());
    for (const { tamper } of rewrites) {
      if (tamper.frames) bytes = encodeFrames(tamper.frames(parseFrames(bytes), request));
      if (tamper.body) bytes = tamper.body(bytes, request);
    }
    return new Response(new Uint8Array(bytes), {
      status: response.status,
      headers: response.headers,
    });
  }

  return {
    fetch: (input, init) => handle(new Request(input, init)),
    handle,
    add(tamper) {
      tampers.push({ tamper, left: tamper.times ?? Number.POSITIVE_INFINITY });
    },
    clear() {
      tampers.length = 0;
    },
    log,
  };
}

function withAfter(request: Request, after: (current: number) => number): Request {
  const url = new URL(request.url);
  url.searchParams.set("after", String(after(Number(url.searchParams.get("after") ?? 0))));
  return new Request(url, request);
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json" },
  });
}

let fakeSeq = 1_000_000;

/** Ready-made tampers for the T1 modes. */
export const tamper = {
  /** Leaves out the delta at `seq` (or the first one served) from list answers. */
  dropDelta(seq?: number): Tamper {
    return {
      name: `drop delta ${seq ?? "first"}`,
      method: "GET",
      route: "deltas",
      frames: (frames) => {
        const at = seq === undefined ? 0 : frames.findIndex((frame) => frame.seq === seq);
        return at < 0 ? frames : frames.filter((_, i) => i !== at);
      },
    };
  },
  /** Serves no delta at or after `seq` (a withheld chain tail). */
  withholdFrom(seq: number): Tamper {
    return {
      name: `withhold from ${seq}`,
      method: "GET",
      route: "deltas",
      frames: (frames) => frames.filter((frame) => frame.seq < seq),
    };
  },
  /** Serves each answer's deltas in reverse order (the sequences stay increasing). */
  reorder(): Tamper {
    return {
      name: "reorder",
      method: "GET",
      route: "deltas",
      frames: (frames) => {
        const reversed = frames.map((frame) => frame.bytes).reverse();
        return frames.map((frame, i) => ({ seq: frame.seq, bytes: reversed[i]! }));
      },
    };
  },
  /** Moves each pull's cursor back by `back`: deltas already served come again. */
  duplicate(back = 1): Tamper {
    return {
      name: `duplicate ${back}`,
      method: "GET",
      route: "deltas",
      request: (request) => withAfter(request, (after) => Math.max(0, after - back)),
    };
  },
  /** Serves the whole history again from the start on each pull (old deltas replayed). */
  replay(): Tamper {
    return {
      name: "replay",
      method: "GET",
      route: "deltas",
      request: (request) => withAfter(request, () => 0),
    };
  },
  /** Flips bit `bit` of byte `offset` (negative: from the end) of served delta `index`. */
  bitflip(options: { index?: number; offset?: number; bit?: number } = {}): Tamper {
    const { index = 0, offset = -100, bit = 0 } = options;
    return {
      name: `bit-flip delta #${index} at ${offset}`,
      method: "GET",
      route: "deltas",
      frames: (frames) =>
        frames.map((frame, i) => {
          if (i !== index || frame.bytes.length === 0) return frame;
          const bytes = frame.bytes.slice();
          const at = ((offset % bytes.length) + bytes.length) % bytes.length;
          bytes[at]! ^= 1 << bit;
          return { seq: frame.seq, bytes };
        }),
    };
  },
  /**
   * Serves `bytes` in place of served delta `index` (its sequence kept): a delta from another
   * strand or epoch, a transplanted ciphertext, a swapped header.
   */
  substitute(index: number, bytes: Uint8Array): Tamper {
    return {
      name: `substitute delta #${index}`,
      method: "GET",
      route: "deltas",
      frames: (frames) =>
        frames.map((frame, i) => (i === index ? { seq: frame.seq, bytes } : frame)),
    };
  },
  /**
   * Swaps the relay-visible headers (the first `headerLength` bytes) of served deltas `i` and
   * `j`: each ciphertext arrives under the other's header (strand, epoch, commitment, write
   * signature).
   */
  swapHeaders(i: number, j: number, headerLength: number): Tamper {
    return {
      name: `swap headers #${i} and #${j}`,
      method: "GET",
      route: "deltas",
      frames: (frames) => {
        const a = frames[i];
        const b = frames[j];
        if (!a || !b) return frames;
        const swapped = (to: Frame, from: Frame) => {
          const bytes = to.bytes.slice();
          bytes.set(from.bytes.subarray(0, headerLength), 0);
          return { seq: to.seq, bytes };
        };
        return frames.map((frame, k) => k === i ? swapped(a, b) : k === j ? swapped(b, a) : frame);
      },
    };
  },
  /** Cuts every list answer of `route` after `length` bytes (a torn response). */
  truncate(length: number, route: RouteKind = "deltas"): Tamper {
    return {
      name: `truncate ${route} at ${length}`,
      method: "GET",
      route,
      body: (bytes) => bytes.slice(0, length),
    };
  },
  /** Serves the roster only up to entry `seq` (a stale roster). */
  staleRoster(seq: number): Tamper {
    return {
      name: `stale roster at ${seq}`,
      method: "GET",
      route: "roster",
      frames: (frames) => frames.filter((frame) => frame.seq <= seq),
    };
  },
  /** Answers roster appends 409 without storing them (a refused compare-and-swap). */
  refuseRosterCas(headSeq = 1): Tamper {
    return {
      name: "refuse roster CAS",
      method: "POST",
      route: "roster",
      request: () =>
        json(409, {
          error: { code: "conflict", message: "The roster head moved; rebase on it" },
          head_seq: headSeq,
        }),
    };
  },
  /** Flips one bit of the last hash in every consistency proof served (a forged proof). */
  forgeProof(): Tamper {
    return {
      name: "forge proof",
      method: "GET",
      route: "log",
      body: (bytes) => {
        const forged = bytes.slice();
        if (forged.length > 0) forged[forged.length - 1]! ^= 1;
        return forged;
      },
    };
  },
  /** Answers proof requests 404, as if the relay had no proof between two heads it signed. */
  refuseProof(): Tamper {
    return {
      name: "refuse proof",
      method: "GET",
      route: "log",
      request: () => json(404, { error: { code: "not_found", message: "No such proof" } }),
    };
  },
  /** Acknowledges pushes without storing them (a relay that loses deltas). */
  dropPush(): Tamper {
    return {
      name: "drop push",
      method: "POST",
      route: "deltas",
      request: () => json(201, { seq: fakeSeq++, duplicate: false }),
    };
  },
  /** Answers matching requests with `status` and a typed error, without forwarding. */
  fail(status = 503, route?: RouteKind): Tamper {
    return {
      name: `fail ${status}`,
      ...(route ? { route } : {}),
      request: () => json(status, { error: { code: "internal", message: "Adversary" } }),
    };
  },
};
