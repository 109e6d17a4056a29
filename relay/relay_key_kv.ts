/**
 * The relay key on Deno Deploy, where there is no data folder (and `envRelayKey`, which the
 * PostgreSQL relay uses too): every isolate must sign with
 * the same key, so it comes from `HELIX_RELAY_SIGNING_KEY` (64 hex digits, the Ed25519 seed)
 * when set, else from the KV database itself (`["relayKey"]`, made once by whichever isolate
 * starts first; an atomic check keeps a second one from replacing it). Keeping the seed beside
 * the data it vouches for is weaker than an environment secret: set the variable in production.
 *
 * @module
 */
import { ephemeralRelayKey, type KeyPair, relayKeyFromSeed } from "@helix/core/wire";

const HEX_SEED = /^[0-9a-f]{64}$/;

const fromHex = (text: string) => Uint8Array.from(text.match(/../g)!, (pair) => parseInt(pair, 16));

/** The relay key `HELIX_RELAY_SIGNING_KEY` names, or null when it is not set. */
export function envRelayKey(env: Readonly<Record<string, string | undefined>>): KeyPair | null {
  const given = env.HELIX_RELAY_SIGNING_KEY;
  if (given === undefined || given === "") return null;
  if (!HEX_SEED.test(given)) {
    throw new Error("HELIX_RELAY_SIGNING_KEY must be 64 lowercase hex digits");
  }
  return relayKeyFromSeed(fromHex(given));
}

/** The relay key from `env` or `kv` (created there on first use). */
export async function loadOrCreateKvRelayKey(
  kv: Deno.Kv,
  env: Readonly<Record<string, string | undefined>>,
): Promise<KeyPair> {
  const given = envRelayKey(env);
  if (given) return given;
  for (;;) {
    const stored = await kv.get<Uint8Array>(["relayKey"]);
    if (stored.value) return relayKeyFromSeed(stored.value);
    const fresh = ephemeralRelayKey();
    const made = await kv.atomic().check(stored).set(["relayKey"], fresh.secretKey).commit();
    if (made.ok) return fresh;
  }
}
