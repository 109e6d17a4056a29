/**
 * Runs the relay: settings → storage (SQLite or Deno KV under `--data`, or PostgreSQL by URL,
 * where any number of instances serve one database) → `Deno.serve` of
 * {@linkcode createRelayApp}. `helix relay serve` and `deno task relay` both end here. The first
 * stdout line names the bound address (`--port 0` picks a free port); logs go to stderr as JSON
 * lines without payloads.
 *
 * @module
 */
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import {
  ephemeralRelayKey,
  helixHome,
  type KeyPair,
  loadOrCreateRelayKey,
  relayKeyFromSeed,
  systemClock,
} from "@helix/core/wire";
import { createRelayApp, type RelayLog } from "./app.ts";
import { RELAY_FLAGS_HELP, type RelaySettings, relaySettings, RelayUsageError } from "./config.ts";
import { envRelayKey } from "./relay_key_kv.ts";
import { openKvStorage } from "./storage/kv.ts";
import { openSqliteStorage } from "./storage/sqlite.ts";
import type { RelayStorage } from "./storage/types.ts";

/** Where the relay writes. */
export interface RelayIo {
  stdout(text: string): void;
  stderr(text: string): void;
}

const STD_IO: RelayIo = {
  stdout: (text) => Deno.stdout.writeSync(new TextEncoder().encode(text)),
  stderr: (text) => Deno.stderr.writeSync(new TextEncoder().encode(text)),
};

/** An open backend: what it is (for the first line), its relay key, how to release it. */
interface Opened {
  readonly storage: RelayStorage;
  readonly where: string;
  readonly relayKey: KeyPair;
  end(): Promise<void>;
}

/** `url` without its password, for the log. */
function shownUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = "***";
  return parsed.href;
}

async function openStorage(
  settings: RelaySettings,
  env: Readonly<Record<string, string | undefined>>,
): Promise<Opened> {
  if (settings.storage === "postgres") {
    // Loaded on use: npm:postgres stays out of the SQLite and KV relays' start-up graph.
    const { openPostgresStorage } = await import("./storage/postgres.ts");
    const url = settings.databaseUrl!;
    // A search path of one schema names where the tables go: made if missing.
    const path = new URL(url).searchParams.get("search_path") ?? "";
    const schema = /^[a-z_][a-z0-9_]*$/.test(path) ? { schema: path } : {};
    const storage = await openPostgresStorage(url, schema);
    try {
      // Every instance over the database signs with one key: the environment's, else the
      // database's (made once by whichever instance starts first).
      const relayKey = envRelayKey(env) ??
        relayKeyFromSeed(await storage.relaySeed(ephemeralRelayKey().secretKey));
      return { storage, where: `postgres: ${shownUrl(url)}`, relayKey, end: storage.end };
    } catch (error) {
      await storage.end();
      throw error;
    }
  }
  await mkdir(settings.data, { recursive: true });
  // Made on first start, owner-only; every log head is signed with it (R16).
  const relayKey = await loadOrCreateRelayKey(join(settings.data, "relay.key"));
  const [storage, path] = settings.storage === "kv"
    ? [openKvStorage(await Deno.openKv(join(settings.data, "relay.kv"))), "relay.kv"]
    : [openSqliteStorage(join(settings.data, "relay.sqlite")), "relay.sqlite"];
  return {
    storage,
    where: `${settings.storage}: ${join(settings.data, path)}`,
    relayKey,
    end: () => Promise.resolve(storage.close()),
  };
}

/**
 * Serves until SIGINT or SIGTERM (or `signal` aborts); returns the exit code (64 for a bad flag
 * or setting, 1 when the relay cannot start).
 */
export async function serveRelay(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  options: { defaultData?: string; io?: RelayIo; signal?: AbortSignal } = {},
): Promise<number> {
  const io = options.io ?? STD_IO;
  let opened: Opened | undefined;
  try {
    const settings = relaySettings(argv, env, options.defaultData ?? "relay");
    opened = await openStorage(settings, env);
    const { storage, relayKey, where } = opened;
    const quiet = settings.logLevel !== "info";
    const log: RelayLog = (line) => {
      if (quiet && line.level !== "error") return;
      io.stderr(`${JSON.stringify({ ...line })}\n`);
    };
    const app = createRelayApp({
      storage,
      clock: systemClock,
      limits: settings.limits,
      operatorToken: settings.operatorToken,
      clientIpHeader: settings.clientIpHeader,
      relayKey,
      log,
    });
    const stop = new AbortController();
    const server = Deno.serve({
      hostname: settings.host,
      port: settings.port,
      signal: stop.signal,
      onListen: ({ hostname, port }) => {
        const host = hostname.includes(":") ? `[${hostname}]` : hostname;
        io.stdout(
          `helix relay listening on http://${host}:${port} (${where})\n`,
        );
      },
    }, app.fetch);
    const onSignal = () => stop.abort();
    Deno.addSignalListener("SIGINT", onSignal);
    Deno.addSignalListener("SIGTERM", onSignal);
    options.signal?.addEventListener("abort", onSignal, { once: true });
    try {
      await server.finished;
    } finally {
      Deno.removeSignalListener("SIGINT", onSignal);
      Deno.removeSignalListener("SIGTERM", onSignal);
    }
    return 0;
  } catch (error) {
    if (error instanceof RelayUsageError) {
      io.stderr(`helix relay: ${error.message}\n`);
      return 64;
    }
    io.stderr(`helix relay: cannot start: ${error instanceof Error ? error.message : error}\n`);
    return 1;
  } finally {
    await opened?.end();
  }
}

/** Help for `deno task relay --help`. */
export const RELAY_USAGE = `usage: deno task relay [flags]\n\n${RELAY_FLAGS_HELP}\n`;

if (import.meta.main) {
  if (Deno.args.includes("--help") || Deno.args.includes("-h")) {
    STD_IO.stdout(RELAY_USAGE);
    Deno.exit(0);
  }
  const env = Deno.env.toObject();
  Deno.exit(await serveRelay(Deno.args, env, { defaultData: join(helixHome(env), "relay") }));
}
