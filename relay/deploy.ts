/**
 * The Deno Deploy entry: the relay over Deno KV (the platform's database), settings from the
 * project's environment variables (`HELIX_RELAY_TOKEN`, `HELIX_RELAY_QUOTA_BYTES`, rates).
 * Locally: `deno run -A --unstable-kv relay/deploy.ts` (a KV file in Deno's cache, port 8000
 * or `PORT`).
 *
 * @module
 */
import { type KeyPair, systemClock } from "@helix/core/wire";
import type { Hono } from "hono";
import { createRelayApp, type RelayEnv } from "./app.ts";
import { relaySettings } from "./config.ts";
import { loadOrCreateKvRelayKey } from "./relay_key_kv.ts";
import { openKvStorage } from "./storage/kv.ts";

/** The relay app over `kv`, configured from `env`. */
export function deployRelay(
  kv: Deno.Kv,
  env: Readonly<Record<string, string | undefined>>,
  log: (line: string) => void,
  relayKey?: KeyPair,
): Hono<RelayEnv> {
  const settings = relaySettings([], env, "");
  return createRelayApp({
    storage: openKvStorage(kv),
    clock: systemClock,
    limits: settings.limits,
    operatorToken: settings.operatorToken,
    clientIpHeader: settings.clientIpHeader,
    ...(relayKey ? { relayKey } : {}),
    log: (line) => {
      if (settings.logLevel === "info" || line.level === "error") log(JSON.stringify(line));
    },
  });
}

if (import.meta.main) {
  const env = Deno.env.toObject();
  const kv = await Deno.openKv();
  const key = await loadOrCreateKvRelayKey(kv, env);
  // deno-lint-ignore no-console
  const app = deployRelay(kv, env, (line) => console.log(line), key);
  Deno.serve({ port: Number(env.PORT ?? 8000) }, app.fetch);
}
