/**
 * Where Helix keeps things, as pure functions of the environment the caller passes in (core
 * never reads `Deno.env` itself). Precedence of configuration sources is the caller's job.
 *
 * @module
 */
import { join } from "node:path";

/** The environment variables these paths depend on. */
export interface PathEnv {
  /** Helix home folder; when set, it wins over `~/.helix`. */
  readonly HELIX_HOME?: string | undefined;
  /** The user's home folder (Unix, macOS). */
  readonly HOME?: string | undefined;
  /** The user's home folder on Windows, used when `HOME` is unset. */
  readonly USERPROFILE?: string | undefined;
  /** Linux user cache folder; the model cache falls back to `~/.cache`. */
  readonly XDG_CACHE_HOME?: string | undefined;
  /** Windows per-user data folder; the model cache falls back to `~/AppData/Local`. */
  readonly LOCALAPPDATA?: string | undefined;
}

/**
 * `$HELIX_HOME`, else `~/.helix`.
 *
 * @example Usage
 * ```ts
 * import { helixHome } from "./config.ts";
 * import { equal } from "node:assert/strict";
 *
 * equal(helixHome({ HOME: "/home/ada" }), "/home/ada/.helix");
 * equal(helixHome({ HELIX_HOME: "/data/helix", HOME: "/home/ada" }), "/data/helix");
 * ```
 */
export function helixHome(env: PathEnv): string {
  if (env.HELIX_HOME) return env.HELIX_HOME;
  const home = env.HOME ?? env.USERPROFILE;
  if (!home) throw new TypeError("Cannot locate Helix home: neither HELIX_HOME nor HOME is set");
  return join(home, ".helix");
}

/**
 * Path of a named strand under a Helix home: `<home>/strands/<name>.db`.
 *
 * @example Usage
 * ```ts
 * import { strandPath } from "./config.ts";
 * import { equal } from "node:assert/strict";
 *
 * equal(strandPath("/home/ada/.helix"), "/home/ada/.helix/strands/default.db");
 * ```
 */
export function strandPath(home: string, name = "default"): string {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/.test(name)) {
    throw new TypeError(`Cannot name strand "${name}": use letters, digits, dot, dash, underscore`);
  }
  return join(home, "strands", `${name}.db`);
}

/**
 * Where downloaded embedding models are cached: the platform's user cache directory
 * (`$XDG_CACHE_HOME` or `~/.cache` on Linux, `~/Library/Caches` on macOS,
 * `%LOCALAPPDATA%` on Windows) under `helix/models`.
 *
 * @example Usage
 * ```ts
 * import { modelCacheDir } from "./config.ts";
 * import { equal } from "node:assert/strict";
 *
 * equal(modelCacheDir({ HOME: "/home/ada" }, "linux"), "/home/ada/.cache/helix/models");
 * equal(modelCacheDir({ HOME: "/Users/ada" }, "darwin"), "/Users/ada/Library/Caches/helix/models");
 * ```
 */
export function modelCacheDir(env: PathEnv, platform: string): string {
  const home = env.HOME ?? env.USERPROFILE ?? ".";
  if (platform === "darwin") return join(home, "Library", "Caches", "helix", "models");
  if (platform === "windows" || platform === "win32") {
    return join(env.LOCALAPPDATA ?? join(home, "AppData", "Local"), "helix", "models");
  }
  return join(env.XDG_CACHE_HOME ?? join(home, ".cache"), "helix", "models");
}

/** Where a setting's value came from, highest precedence first. */
export type ConfigSource = "flag" | "env" | "file" | "default";

/** Resolved settings for the server and the CLI. */
export interface HelixConfig {
  /** Helix home folder (`HELIX_HOME`, default `~/.helix`). Not settable in the file it contains. */
  home: string;
  /** Strand name under `<home>/strands/` (`default`). */
  strand: string;
  /** Project override (`HELIX_PROJECT`); otherwise detected from roots or the working folder. */
  project: string | null;
  /** Embedding backend. */
  embedder: "transformers" | "openai" | "none";
  /** Embedding model id. */
  model: string;
  /** Its vector length. */
  modelDimension: number;
  /** transformers.js precision. */
  modelDtype: "q8" | "fp32";
  /** Where downloaded models are cached. */
  modelCache: string;
  /** A folder of pre-downloaded models (`<path>/<model id>/…`), checked before the cache: for offline installs. */
  modelPath: string | null;
  /** Whether the model may be downloaded on first use. */
  allowDownload: boolean;
  /** OpenAI-compatible embeddings endpoint (embedder `openai`). */
  openaiBaseUrl: string | null;
  /** MCP HTTP bind address (loopback by default). */
  mcpHost: string;
  /** MCP HTTP port. */
  mcpPort: number;
  /** Log verbosity (stderr). */
  logLevel: "debug" | "info" | "warn" | "error";
  /** Secret, environment only: `HELIX_OPENAI_API_KEY`. */
  openaiApiKey: string | null;
  /** Secret, environment only: `HELIX_MCP_TOKEN`, the bearer token HTTP clients must send. */
  mcpToken: string | null;
  /**
   * OpenAI-compatible chat endpoint for the optional LLM extractor (`HELIX_LLM_BASE_URL`, e.g.
   * Ollama's `http://localhost:11434/v1`); null: deterministic extraction only.
   */
  llmBaseUrl: string | null;
  /** Its model (`HELIX_LLM_MODEL`). */
  llmModel: string | null;
  /** Tokens the LLM may spend per calendar month (`HELIX_MONTHLY_TOKEN_BUDGET`); 0 = never call. */
  monthlyTokenBudget: number;
  /** Secret, environment only: `HELIX_LLM_API_KEY`. */
  llmApiKey: string | null;
}

/** A resolved configuration and the source of each value. */
export interface ResolvedConfig {
  /** Every setting's value, from the highest-precedence source that had one. */
  readonly config: HelixConfig;
  /** Where each setting's value came from (`default` when no source set it). */
  readonly sources: Readonly<Record<keyof HelixConfig, ConfigSource>>;
  /** The strand file the configuration points at. */
  readonly strandFile: string;
}

/** Inputs of {@linkcode resolveConfig}. */
export interface ConfigInputs {
  /** Command-line flags, already parsed (highest precedence). */
  readonly flags?: Partial<Record<keyof HelixConfig, string | number | boolean | null>>;
  /** The process environment. */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** The parsed `config.toml`, if any. */
  readonly file?: Readonly<Record<string, unknown>>;
  /** `Deno.build.os` or equivalent, for the default model cache. */
  readonly platform: string;
  /** How a flag was spelled on the command line (`mcpPort` as `port`), for messages. */
  readonly flagNames?: Partial<Record<keyof HelixConfig, string>>;
}

/** How setting `K` is read: see {@linkcode SETTINGS}. */
export interface Setting<K extends keyof HelixConfig> {
  /** Its environment variable (e.g. `HELIX_STRAND`). */
  env: string;
  /** Key in config.toml, or null for settings the file may not hold. */
  file: string | null;
  /** Parses a flag, environment or file value; throws an `Error` saying what is wrong. */
  parse(raw: unknown): HelixConfig[K];
}

const text = (name: string) => (raw: unknown): string => {
  const value = String(raw).trim();
  if (!value) throw new Error(`${name} must not be empty`);
  return value;
};
const optionalText = (
  raw: unknown,
): string | null => (raw === null || String(raw).trim() === "" ? null : String(raw).trim());
const oneOf = <T extends string>(name: string, values: readonly T[]) => (raw: unknown): T => {
  const value = String(raw).trim().toLowerCase() as T;
  if (!values.includes(value)) throw new Error(`${name} must be one of ${values.join(", ")}`);
  return value;
};
const integer = (name: string, min: number, max: number) => (raw: unknown): number => {
  const value = typeof raw === "number" ? raw : Number(String(raw).trim());
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be an integer ${min}–${max}`);
  }
  return value;
};
const boolean = (name: string) => (raw: unknown): boolean => {
  if (typeof raw === "boolean") return raw;
  const value = String(raw).trim().toLowerCase();
  if (["1", "true", "yes", "on"].includes(value)) return true;
  if (["0", "false", "no", "off"].includes(value)) return false;
  throw new Error(`${name} must be true or false`);
};

const httpUrl = (name: string) => (raw: unknown): string | null => {
  const value = optionalText(raw);
  if (value !== null && !/^https?:\/\/\S+$/.test(value)) {
    throw new Error(`${name} must be an http(s) URL`);
  }
  return value;
};

/**
 * A model id: a Hugging Face repo id (`owner/name`; a bare name is a folder under model_path)
 * or an OpenAI-compatible server's model name, which may carry a `:tag`. Models load by id
 * only, never from a path.
 */
const MODEL_ID = /^[A-Za-z0-9][\w.-]{0,95}(?:\/[A-Za-z0-9][\w.-]{0,95})?(?::[\w.-]{1,64})?$/;
const modelId = (raw: unknown): string => {
  const value = text("model")(raw);
  if (!MODEL_ID.test(value) || /\.\.|--/.test(value.split(":")[0]!)) {
    throw new Error(
      `model must be a model id like Xenova/bge-small-en-v1.5 (owner/name: letters, digits, ` +
        `- _ .) or text-embedding-3-small, got ${JSON.stringify(value)}`,
    );
  }
  return value;
};

/** Every setting: its environment variable, its config.toml key, its parser. */
export const SETTINGS: { readonly [K in keyof HelixConfig]: Setting<K> } = {
  home: { env: "HELIX_HOME", file: null, parse: text("home") },
  strand: {
    env: "HELIX_STRAND",
    file: "strand",
    parse: (raw) => {
      const value = text("strand")(raw);
      strandPath("/", value); // validates the name
      return value;
    },
  },
  project: { env: "HELIX_PROJECT", file: "project", parse: optionalText },
  embedder: {
    env: "HELIX_EMBEDDER",
    file: "embedder",
    parse: oneOf("embedder", ["transformers", "openai", "none"]),
  },
  model: { env: "HELIX_MODEL", file: "model", parse: modelId },
  modelDimension: {
    env: "HELIX_MODEL_DIMENSION",
    file: "model_dimension",
    parse: integer("model_dimension", 8, 8192),
  },
  modelDtype: {
    env: "HELIX_MODEL_DTYPE",
    file: "model_dtype",
    parse: oneOf("model_dtype", ["q8", "fp32"]),
  },
  modelCache: { env: "HELIX_MODEL_CACHE", file: "model_cache", parse: text("model_cache") },
  modelPath: { env: "HELIX_MODEL_PATH", file: "model_path", parse: optionalText },
  allowDownload: {
    env: "HELIX_ALLOW_DOWNLOAD",
    file: "allow_download",
    parse: boolean("allow_download"),
  },
  openaiBaseUrl: {
    env: "HELIX_OPENAI_BASE_URL",
    file: "openai_base_url",
    parse: httpUrl("openai_base_url"),
  },
  mcpHost: { env: "HELIX_MCP_HOST", file: "mcp_host", parse: text("mcp_host") },
  mcpPort: { env: "HELIX_MCP_PORT", file: "mcp_port", parse: integer("mcp_port", 0, 65_535) },
  logLevel: {
    env: "HELIX_LOG_LEVEL",
    file: "log_level",
    parse: oneOf("log_level", ["debug", "info", "warn", "error"]),
  },
  openaiApiKey: { env: "HELIX_OPENAI_API_KEY", file: null, parse: optionalText },
  mcpToken: { env: "HELIX_MCP_TOKEN", file: null, parse: optionalText },
  llmBaseUrl: { env: "HELIX_LLM_BASE_URL", file: "llm_base_url", parse: httpUrl("llm_base_url") },
  llmModel: { env: "HELIX_LLM_MODEL", file: "llm_model", parse: optionalText },
  monthlyTokenBudget: {
    env: "HELIX_MONTHLY_TOKEN_BUDGET",
    file: "monthly_token_budget",
    parse: integer("monthly_token_budget", 0, 1_000_000_000_000),
  },
  llmApiKey: { env: "HELIX_LLM_API_KEY", file: null, parse: optionalText },
};

/** config.toml keys that name secrets: refused, secrets come from the environment only. */
const SECRET_FILE_KEYS = [
  "openai_api_key",
  "llm_api_key",
  "mcp_token",
  "api_key",
  "token",
  "passphrase",
];

/**
 * Resolves every setting with precedence flags → environment (`HELIX_*`) → config.toml →
 * defaults, and records where each value came from. Throws `TypeError` naming the source
 * and the key for a malformed value, an unknown file key, or a secret in the file.
 *
 * @example Usage
 * ```ts
 * import { resolveConfig } from "./config.ts";
 * import { equal } from "node:assert/strict";
 *
 * const { config, sources } = resolveConfig({
 *   flags: { mcpPort: 9000 },
 *   env: { HOME: "/home/ada", HELIX_EMBEDDER: "none" },
 *   file: { mcp_port: 8000, log_level: "debug" },
 *   platform: "linux",
 * });
 * equal(config.mcpPort, 9000);
 * equal(sources.mcpPort, "flag");
 * equal(config.embedder, "none");
 * equal(sources.logLevel, "file");
 * equal(config.home, "/home/ada/.helix");
 * ```
 */
export function resolveConfig(inputs: ConfigInputs): ResolvedConfig {
  const { env, file = {}, flags = {} } = inputs;
  for (const key of Object.keys(file)) {
    if (SECRET_FILE_KEYS.includes(key)) {
      throw new TypeError(
        `Cannot read config.toml: "${key}" is a secret; set it in the environment instead`,
      );
    }
    if (!Object.values(SETTINGS).some((s) => s.file === key)) {
      throw new TypeError(`Cannot read config.toml: unknown setting "${key}"`);
    }
  }
  const config = {} as Record<keyof HelixConfig, unknown>;
  const sources = {} as Record<keyof HelixConfig, ConfigSource>;
  const pick = <K extends keyof HelixConfig>(key: K): boolean => {
    const setting = SETTINGS[key];
    const candidates: Array<[ConfigSource, unknown]> = [
      ["flag", flags[key]],
      ["env", env[setting.env]],
      ["file", setting.file ? file[setting.file] : undefined],
    ];
    for (const [source, raw] of candidates) {
      if (raw === undefined) continue;
      try {
        config[key] = setting.parse(raw);
      } catch (error) {
        const where = source === "env"
          ? setting.env
          : source === "file"
          ? `config.toml ${setting.file}`
          : `--${inputs.flagNames?.[key] ?? key}`;
        // "mcp_port must be an integer …" said of what the user set: "--port must be …".
        const reason = (error as Error).message;
        const own = setting.file !== undefined && reason.startsWith(`${setting.file} `);
        throw new TypeError(
          `Cannot resolve configuration: ${where}${
            own ? reason.slice(setting.file!.length) : `: ${reason}`
          }`,
        );
      }
      sources[key] = source;
      return true;
    }
    sources[key] = "default";
    return false;
  };
  const defaults: { [K in keyof HelixConfig]: () => HelixConfig[K] } = {
    home: () => helixHome({ HOME: env.HOME, USERPROFILE: env.USERPROFILE }),
    strand: () => "default",
    project: () => null,
    embedder: () => "transformers",
    model:
      () => (config.embedder === "openai" ? "text-embedding-3-small" : "Xenova/bge-small-en-v1.5"),
    modelDimension: () => (config.embedder === "openai" ? 1536 : 384),
    modelDtype: () => "q8",
    modelCache: () => modelCacheDir(env, inputs.platform),
    modelPath: () => null,
    allowDownload: () => true,
    openaiBaseUrl: () => (config.embedder === "openai" ? "https://api.openai.com/v1" : null),
    mcpHost: () => "127.0.0.1",
    mcpPort: () => 7437,
    logLevel: () => "info",
    openaiApiKey: () => null,
    mcpToken: () => null,
    llmBaseUrl: () => null,
    llmModel: () => null,
    monthlyTokenBudget: () => 2_000_000,
    llmApiKey: () => null,
  };
  for (const key of Object.keys(SETTINGS) as (keyof HelixConfig)[]) {
    if (!pick(key)) config[key] = defaults[key]();
  }
  const resolved = config as unknown as HelixConfig;
  return { config: resolved, sources, strandFile: strandPath(resolved.home, resolved.strand) };
}
