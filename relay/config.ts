/**
 * The relay's settings from flags and environment: where it listens, where its data lives,
 * which backend (SQLite or Deno KV under `--data`, or a PostgreSQL database by URL), the operator token (read from an environment variable, never a flag) and the
 * limits (`HELIX_RELAY_*`).
 *
 * @module
 */
import { parseArgs } from "node:util";
import { DEFAULT_LIMITS, type Rate, type RelayLimits } from "./limits.ts";

/** Everything `serveRelay` needs to start. */
export interface RelaySettings {
  readonly host: string;
  readonly port: number;
  readonly data: string;
  readonly storage: "sqlite" | "kv" | "postgres";
  /** The PostgreSQL URL (`--postgres`, `HELIX_RELAY_DATABASE_URL`) when storage is postgres. */
  readonly databaseUrl: string | undefined;
  readonly operatorToken: string | undefined;
  readonly limits: RelayLimits;
  readonly clientIpHeader: string | undefined;
  readonly logLevel: "info" | "warn" | "error";
}

/** The flags of `helix relay serve` and `relay/main.ts`. */
export const RELAY_OPTIONS = {
  port: { type: "string" },
  host: { type: "string" },
  data: { type: "string" },
  storage: { type: "string" },
  postgres: { type: "string" },
  "token-env": { type: "string" },
  "log-level": { type: "string" },
} as const;

/** What the flags mean, for `--help`. */
export const RELAY_FLAGS_HELP =
  `  --port <port>         port (default 7438; HELIX_RELAY_PORT; 0 picks a free one)
  --host <address>      bind address (default 127.0.0.1; HELIX_RELAY_HOST; 0.0.0.0 for all)
  --data <dir>          folder of relay.sqlite / relay.kv (default HELIX_RELAY_DATA, else
                        <helix home>/relay)
  --storage <backend>   sqlite (default), kv (Deno KV file) or postgres (HELIX_RELAY_STORAGE)
  --postgres <url>      keep the data in PostgreSQL (postgres://user:pass@host:5432/db; add
                        ?search_path=<schema> for a schema of its own; HELIX_RELAY_DATABASE_URL):
                        any number of relay instances can serve one database; the relay key is
                        kept there too unless HELIX_RELAY_SIGNING_KEY (64 hex digits) is set
  --token-env <VAR>     environment variable holding the operator token; when set, creating a
                        strand needs "Authorization: Bearer <token>" (default HELIX_RELAY_TOKEN
                        if it is set)
  --log-level <level>   info (one line per request, no payloads), warn, error (default info)

Limits from the environment: HELIX_RELAY_QUOTA_BYTES (per strand, default 268435456),
HELIX_RELAY_IP_RATE and HELIX_RELAY_STRAND_RATE ("<per second>/<burst>", default 50/200),
HELIX_RELAY_CLIENT_IP_HEADER (a header a trusted proxy sets, e.g. fly-client-ip).`;

/** A bad flag or setting (the caller prints it and exits 64). */
export class RelayUsageError extends Error {
  override name = "RelayUsageError";
}

function integer(raw: string | undefined, name: string, fallback: number, max: number): number {
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(value) || value > max) {
    throw new RelayUsageError(`${name} must be an integer from 0 to ${max}, got "${raw}"`);
  }
  return value;
}

function rate(raw: string | undefined, name: string, fallback: Rate): Rate {
  if (raw === undefined || raw === "") return fallback;
  const match = /^(\d+(?:\.\d+)?)\/(\d+)$/.exec(raw);
  if (!match || Number(match[1]) <= 0 || Number(match[2]) < 1) {
    throw new RelayUsageError(`${name} must be "<per second>/<burst>", e.g. 50/200, got "${raw}"`);
  }
  return { perSecond: Number(match[1]), burst: Number(match[2]) };
}

/** Settings from `argv` and `env`; `defaultData` is used when neither names a folder. */
export function relaySettings(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  defaultData: string,
): RelaySettings {
  let values;
  try {
    ({ values } = parseArgs({ args: [...argv], options: RELAY_OPTIONS, strict: true }));
  } catch (error) {
    throw new RelayUsageError((error as Error).message);
  }
  const databaseUrl = values.postgres ?? (env.HELIX_RELAY_DATABASE_URL || undefined);
  const storage = values.storage ?? env.HELIX_RELAY_STORAGE ??
    (databaseUrl === undefined ? "sqlite" : "postgres");
  if (storage !== "sqlite" && storage !== "kv" && storage !== "postgres") {
    throw new RelayUsageError(`--storage must be sqlite, kv or postgres, got "${storage}"`);
  }
  if (storage === "postgres" && !/^postgres(ql)?:\/\//.test(databaseUrl ?? "")) {
    throw new RelayUsageError(
      databaseUrl === undefined
        ? "--storage postgres needs the database: --postgres URL or HELIX_RELAY_DATABASE_URL"
        : "--postgres must be a postgres:// URL",
    );
  }
  if (values.postgres !== undefined && storage !== "postgres") {
    throw new RelayUsageError(`--postgres does not go with --storage ${storage}`);
  }
  const logLevel = values["log-level"] ?? "info";
  if (logLevel !== "info" && logLevel !== "warn" && logLevel !== "error") {
    throw new RelayUsageError(`--log-level must be info, warn or error, got "${logLevel}"`);
  }
  const tokenVar = values["token-env"];
  let operatorToken = env.HELIX_RELAY_TOKEN || undefined;
  if (tokenVar !== undefined) {
    operatorToken = env[tokenVar] || undefined;
    if (operatorToken === undefined) {
      throw new RelayUsageError(`--token-env names ${tokenVar}, which is not set`);
    }
  }
  return {
    host: values.host ?? env.HELIX_RELAY_HOST ?? "127.0.0.1",
    port: integer(values.port ?? env.HELIX_RELAY_PORT, "--port", 7438, 65535),
    data: values.data ?? env.HELIX_RELAY_DATA ?? defaultData,
    storage,
    databaseUrl: storage === "postgres" ? databaseUrl : undefined,
    operatorToken,
    limits: {
      ...DEFAULT_LIMITS,
      quotaBytes: integer(
        env.HELIX_RELAY_QUOTA_BYTES,
        "HELIX_RELAY_QUOTA_BYTES",
        DEFAULT_LIMITS.quotaBytes,
        Number.MAX_SAFE_INTEGER,
      ),
      ipRate: rate(env.HELIX_RELAY_IP_RATE, "HELIX_RELAY_IP_RATE", DEFAULT_LIMITS.ipRate),
      strandRate: rate(
        env.HELIX_RELAY_STRAND_RATE,
        "HELIX_RELAY_STRAND_RATE",
        DEFAULT_LIMITS.strandRate,
      ),
    },
    clientIpHeader: env.HELIX_RELAY_CLIENT_IP_HEADER || undefined,
    logLevel,
  };
}
