/**
 * {@linkcode RelayPort} over HTTP (`/v1`, docs/sync.md), with an injected `fetch` so tests
 * can put an adversary between client and relay. Answers are checked before they are
 * believed: a status, body or header outside the protocol is `relay_misbehaved`, never a
 * crash; a network failure or a 5xx is `relay_unavailable`.
 *
 * @module
 */
import { HelixError } from "../errors.ts";
import type {
  CompactionPort,
  DeltaPage,
  RelayPort,
  RelayRecord,
  RosterAppend,
  SnapshotPort,
  WitnessPort,
} from "./relay_port.ts";
import { parseFrames } from "./wire/frames.ts";
import { fromHex } from "./wire/ids.ts";
import { parseLogProof } from "./wire/log_proof_codec.ts";
import { LOG_HEAD_HEADER, logHeadFromHeader, type SignedLogHead } from "./wire/log_head.ts";

/** Options of {@linkcode httpRelay}. */
export interface HttpRelayOptions {
  /** The fetch to use. @default {globalThis.fetch} */
  readonly fetch?: typeof fetch;
  /** An operator token for creating strands on a relay that requires one. */
  readonly token?: string;
  /** Abort a request after this long (ms). @default {30000} */
  readonly timeoutMs?: number;
}

const MAX_ANSWER_BYTES = 32 * 1024 * 1024;

/** The relay at `url` over HTTP, as the strand's relay or as another strand's witness. */
export function httpRelay(
  url: string,
  options: HttpRelayOptions = {},
): RelayPort & SnapshotPort & CompactionPort & WitnessPort {
  const base = normalize(url);
  const doFetch = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? 30_000;

  async function call(
    action: string,
    method: string,
    path: string,
    body?: Uint8Array,
    headers: Record<string, string> = {},
  ): Promise<Response> {
    let response: Response;
    try {
      response = await doFetch(`${base}${path}`, {
        method,
        headers: body ? { "content-type": "application/octet-stream", ...headers } : headers,
        ...(body ? { body: body as BodyInit } : {}),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new HelixError(
        "relay_unavailable",
        `Cannot ${action}: the relay at ${base} did not answer (${(error as Error).message})`,
      );
    }
    return response;
  }

  async function fail(action: string, response: Response): Promise<never> {
    const text = await readText(response);
    let code = "";
    let message = "";
    try {
      const parsed = JSON.parse(text) as { error?: { code?: unknown; message?: unknown } };
      code = typeof parsed.error?.code === "string" ? parsed.error.code : "";
      message = typeof parsed.error?.message === "string" ? parsed.error.message.slice(0, 300) : "";
    } catch { /* not JSON: described by its status below */ }
    const said = message ? `: ${message}` : ` (HTTP ${response.status})`;
    const status = response.status;
    if (status >= 500 && status !== 507) {
      throw new HelixError("relay_unavailable", `Cannot ${action}: the relay failed${said}`);
    }
    if (status === 429) {
      throw new HelixError("relay_unavailable", `Cannot ${action}: the relay is busy${said}`, {
        details: { retryAfter: Number(response.headers.get("retry-after") ?? 1) },
      });
    }
    if (status === 401 || status === 403) {
      throw new HelixError("unauthorized", `Cannot ${action}: the relay refused${said}`);
    }
    if (status === 507 || code === "quota") {
      throw new HelixError("quota_exceeded", `Cannot ${action}: the strand's quota is full${said}`);
    }
    if (status === 409) throw new HelixError("conflict", `Cannot ${action}${said}`);
    if (status === 404) {
      throw new HelixError("not_found", `Cannot ${action}: unknown to the relay${said}`);
    }
    throw new HelixError(
      "relay_misbehaved",
      `Cannot ${action}: the relay answered ${status}${said}`,
    );
  }

  async function json(action: string, response: Response): Promise<Record<string, unknown>> {
    const text = await read(action, () => response.text());
    try {
      const value = JSON.parse(text);
      if (value !== null && typeof value === "object" && !Array.isArray(value)) return value;
    } catch { /* reported below */ }
    throw new HelixError("relay_misbehaved", `Cannot ${action}: the relay's answer is not JSON`);
  }

  async function bytes(action: string, response: Response): Promise<Uint8Array> {
    const length = Number(response.headers.get("content-length") ?? 0);
    if (length > MAX_ANSWER_BYTES) {
      await response.body?.cancel();
      throw new HelixError("relay_misbehaved", `Cannot ${action}: the relay's answer is too large`);
    }
    return new Uint8Array(await read(action, () => response.arrayBuffer()));
  }

  const strand = (id: string) => `/v1/strands/${encodeURIComponent(id)}`;

  return {
    url: base,
    async createStrand(strandId, genesis) {
      const action = "create the strand on the relay";
      const auth: Record<string, string> = options.token
        ? { authorization: `Bearer ${options.token}` }
        : {};
      const response = await call(action, "PUT", strand(strandId), genesis, auth);
      if (response.status !== 201 && response.status !== 200) return fail(action, response);
      await response.body?.cancel();
    },
    async roster(strandId, after) {
      const action = "read the roster from the relay";
      const response = await call(action, "GET", `${strand(strandId)}/roster?after=${after}`);
      if (response.status !== 200) return fail(action, response);
      return frames(action, await bytes(action, response), after);
    },
    async appendRoster(strandId, entry): Promise<RosterAppend> {
      const action = "append to the roster";
      const response = await call(action, "POST", `${strand(strandId)}/roster`, entry);
      if (response.status === 409) {
        const body = await json(action, response);
        const head = body.head_seq ?? (body.error as Record<string, unknown> | undefined)?.head_seq;
        return { ok: false, headSeq: counter(action, head) };
      }
      if (response.status !== 200 && response.status !== 201) return fail(action, response);
      return { ok: true, seq: counter(action, (await json(action, response)).seq) };
    },
    async push(strandId, delta) {
      const action = "upload a delta";
      const response = await call(action, "POST", `${strand(strandId)}/deltas`, delta);
      if (response.status !== 200 && response.status !== 201) return fail(action, response);
      const body = await json(action, response);
      return { seq: counter(action, body.seq), duplicate: body.duplicate === true };
    },
    async pull(strandId, after, limit): Promise<DeltaPage> {
      const action = "download deltas";
      const response = await call(
        action,
        "GET",
        `${strand(strandId)}/deltas?after=${after}&limit=${limit}`,
      );
      if (response.status === 410) {
        // Never a silently short list: the caller checks the marker and starts from a snapshot.
        const position = (await json(action, response)).position;
        throw new HelixError("conflict", `Cannot ${action}: the relay compacted its log`, {
          details: { compacted: counter(action, position) },
        });
      }
      if (response.status !== 200) return fail(action, response);
      const next = response.headers.get("x-helix-next");
      const head = headOf(action, response);
      const records = frames(action, await bytes(action, response), after);
      if (records.length > limit) {
        throw new HelixError("relay_misbehaved", `Cannot ${action}: the relay sent too many`);
      }
      return { records, more: next !== null && next !== "", head };
    },
    async consistency(strandId, from, to) {
      const action = "read a consistency proof of the relay's log";
      const response = await call(
        action,
        "GET",
        `${strand(strandId)}/log/consistency?from=${from}&to=${to}`,
      );
      if (response.status === 404) {
        await response.body?.cancel();
        return null;
      }
      if (response.status !== 200) return fail(action, response);
      let proof;
      try {
        proof = parseLogProof(await bytes(action, response));
      } catch (error) {
        throw new HelixError(
          "relay_misbehaved",
          `Cannot ${action}: the proof is malformed (${(error as Error).message})`,
        );
      }
      if (proof.kind !== "consistency" || proof.first !== from || proof.second !== to) {
        throw new HelixError("relay_misbehaved", `Cannot ${action}: it proves something else`);
      }
      return [...proof.hashes];
    },
    async relayKey() {
      const action = "read the relay's key";
      const response = await call(action, "GET", "/v1/relay-key");
      if (response.status === 404) {
        await response.body?.cancel();
        return null;
      }
      if (response.status !== 200) return fail(action, response);
      const body = await json(action, response);
      const key = body.public_key;
      if (typeof key !== "string" || !/^[0-9a-f]{64}$/.test(key)) {
        throw new HelixError("relay_misbehaved", `Cannot ${action}: the answer holds no key`);
      }
      return fromHex(key);
    },
    async leave(rendezvous, slot, message) {
      const action = "leave a pairing message";
      const response = await call(action, "PUT", rendezvousPath(rendezvous, slot), message);
      if (response.status !== 200 && response.status !== 201 && response.status !== 204) {
        return fail(action, response);
      }
      await response.body?.cancel();
    },
    async collect(rendezvous, slot) {
      const action = "collect a pairing message";
      const response = await call(action, "GET", rendezvousPath(rendezvous, slot));
      if (response.status === 404) {
        await response.body?.cancel();
        return null;
      }
      if (response.status !== 200) return fail(action, response);
      return await bytes(action, response);
    },
    async putSnapshotPart(strandId, upload, part, body) {
      const action = "upload a snapshot part";
      const path = `${strand(strandId)}/snapshots/${upload}/${part}`;
      const response = await call(action, "PUT", path, body);
      if (response.status !== 201) return fail(action, response);
      const answer = await json(action, response);
      return { complete: answer.complete === true, latest: answer.latest === true };
    },
    async latestSnapshot(strandId) {
      const action = "read the strand's snapshot";
      const response = await call(action, "GET", `${strand(strandId)}/snapshot`);
      if (response.status === 404) {
        await response.body?.cancel();
        return null;
      }
      if (response.status !== 200) return fail(action, response);
      const { upload, parts, position, epoch } = await json(action, response);
      if (typeof upload !== "string" || !/^[0-9a-f]{32}$/.test(upload)) {
        throw new HelixError("relay_misbehaved", `Cannot ${action}: the answer names no upload`);
      }
      return {
        upload,
        parts: counter(action, parts),
        position: counter(action, position),
        epoch: counter(action, epoch),
      };
    },
    async snapshotPart(strandId, upload, part) {
      const action = "download a snapshot part";
      const path = `${strand(strandId)}/snapshots/${upload}/${part}`;
      const response = await call(action, "GET", path);
      if (response.status !== 200) return fail(action, response);
      return await bytes(action, response);
    },
    async putGcMarker(strandId, marker) {
      const action = "compact the relay's log";
      const response = await call(action, "PUT", `${strand(strandId)}/gc-marker`, marker);
      if (response.status !== 200) return fail(action, response);
      const { position, dropped, freed } = await json(action, response);
      const [p, d, f] = [position, dropped, freed].map((n) => counter(action, n));
      return { position: p!, dropped: d!, freed: f! };
    },
    async gcMarker(strandId) {
      const action = "read the strand's GC marker";
      const response = await call(action, "GET", `${strand(strandId)}/gc-marker`);
      if (response.status === 404) return (await response.body?.cancel(), null);
      if (response.status !== 200) return fail(action, response);
      return await bytes(action, response);
    },
    async leaveStatement(witnessId, slot, statement) {
      const action = "leave a statement at the witness";
      const response = await call(action, "PUT", witnessPath(witnessId, slot), statement);
      if (response.status !== 200 && response.status !== 201) return fail(action, response);
      await response.body?.cancel();
    },
    async readStatement(witnessId, slot) {
      const action = "read a statement at the witness";
      const response = await call(action, "GET", witnessPath(witnessId, slot));
      if (response.status === 404) {
        await response.body?.cancel();
        return null;
      }
      if (response.status !== 200) return fail(action, response);
      return await bytes(action, response);
    },
  };
}

function witnessPath(id: string, slot: string): string {
  return `/v1/witness/${encodeURIComponent(id)}/${encodeURIComponent(slot)}`;
}

function rendezvousPath(id: string, slot: string): string {
  return `/v1/rendezvous/${encodeURIComponent(id)}/${encodeURIComponent(slot)}`;
}

/**
 * The records of a framed list after `after`, in increasing order. Records at or before
 * `after` (a relay replaying what it served) are dropped: replays are no-ops anyway (R24).
 */
function frames(action: string, body: Uint8Array, after: number): RelayRecord[] {
  let records: RelayRecord[];
  try {
    records = parseFrames(body);
  } catch (error) {
    throw new HelixError(
      "relay_misbehaved",
      `Cannot ${action}: the relay's list is malformed (${(error as Error).message})`,
    );
  }
  return records.filter((record) => record.seq > after);
}

/** The signed head an answer carries, parsed (not yet verified), or null when it has none. */
function headOf(action: string, response: Response): SignedLogHead | null {
  const text = response.headers.get(LOG_HEAD_HEADER);
  if (text === null) return null;
  try {
    return logHeadFromHeader(text);
  } catch (error) {
    throw new HelixError(
      "relay_misbehaved",
      `Cannot ${action}: the relay's log head is malformed (${(error as Error).message})`,
    );
  }
}

function counter(action: string, value: unknown): number {
  if (typeof value === "number" && Number.isSafeInteger(value) && value >= 0) return value;
  throw new HelixError("relay_misbehaved", `Cannot ${action}: the relay's answer has no valid seq`);
}

/** An answer's body; a connection that breaks while it arrives is `relay_unavailable`. */
async function read<T>(action: string, body: () => Promise<T>): Promise<T> {
  try {
    return await body();
  } catch (error) {
    throw new HelixError(
      "relay_unavailable",
      `Cannot ${action}: the connection to the relay broke (${(error as Error).message})`,
    );
  }
}

/** An error answer's text, best effort (for its message). */
async function readText(response: Response): Promise<string> {
  try {
    const text = await response.text();
    return text.slice(0, 64 * 1024);
  } catch {
    return "";
  }
}

function normalize(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new HelixError("invalid_input", `Cannot use relay ${JSON.stringify(url)}: not a URL`);
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
    throw new HelixError("invalid_input", `Cannot use relay ${url}: it must be http(s)`);
  }
  return `${parsed.origin}${parsed.pathname.replace(/\/+$/, "")}`;
}
