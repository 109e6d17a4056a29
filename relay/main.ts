/**
 * Runs the relay: settings → storage (SQLite or Deno KV under `--data`) → `Deno.serve` of
 * {@linkcode createRelayApp}. `helix relay serve` and `deno task relay` both end here. The first
 * stdout line names the bound address (`--port 0` picks a free port); logs go to stderr as JSON
 * lines without payloads.
 *
 * @module
 */
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { helixHome, loadOrCreateRelayKey, systemClock } from "@helix/core/wire";
import { createRelayApp, type RelayLog } from "./app.ts";
import { RELAY_FLAGS_HELP, relaySettings, RelayUsageError } from "./config.ts";
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

async function openStorage(kind: "sqlite" | "kv", data: string): Promise<[RelayStorage, string]> {
  await mkdir(data, { recursive: true });
  if (kind === "kv") {
    const path = join(data, "relay.kv");
    return [openKvStorage(await Deno.openKv(path)), path];
  }
  const path = join(data, "relay.sqlite");
  return [openSqliteStorage(path), path];
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
  let storage: RelayStorage | undefined;
  try {
    const settings = relaySettings(argv, env, options.defaultData ?? "relay");
    const [opened, path] = await openStorage(settings.storage, settings.data);
    storage = opened;
    // Made on first start, owner-only; every log head is signed with it (R16).
    const relayKey = await loadOrCreateRelayKey(join(settings.data, "relay.key"));
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
          `helix relay listening on http://${host}:${port} (${settings.storage}: ${path})\n`,
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
    storage?.close();
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
