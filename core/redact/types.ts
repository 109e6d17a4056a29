/**
 * The vocabulary of redaction: every kind of secret, the placeholder that replaces one, and
 * what a redaction reports.
 *
 * @module
 */

/**
 * Every kind of secret `redact()` recognises, in catalogue order (more specific kinds
 * first), ending with `high_entropy` for tokens of unknown formats.
 *
 * @example Usage
 * ```ts
 * import { placeholder, SECRET_TYPES } from "./types.ts";
 * import { equal, ok } from "node:assert/strict";
 *
 * ok(SECRET_TYPES.includes("github_token"));
 * equal(SECRET_TYPES.at(-1), "high_entropy");
 * equal(placeholder(SECRET_TYPES[0]), "[REDACTED:aws_access_key]");
 * ```
 */
export const SECRET_TYPES = [
  "aws_access_key",
  "aws_secret_key",
  "aws_session_token",
  "gcp_api_key",
  "gcp_service_account_key",
  "gcp_oauth_client_secret",
  "google_oauth_token",
  "azure_storage_key",
  "azure_shared_access_key",
  "azure_sas_signature",
  "azure_client_secret",
  "digitalocean_token",
  "heroku_api_key",
  "github_token",
  "github_fine_grained_pat",
  "gitlab_token",
  "npm_token",
  "npmrc_auth_token",
  "pypi_token",
  "docker_hub_token",
  "vault_token",
  "databricks_token",
  "openai_api_key",
  "anthropic_api_key",
  "openrouter_api_key",
  "groq_api_key",
  "replicate_token",
  "huggingface_token",
  "slack_token",
  "slack_webhook",
  "discord_bot_token",
  "discord_webhook",
  "telegram_bot_token",
  "twilio_api_key",
  "sendgrid_api_key",
  "mailgun_api_key",
  "stripe_secret_key",
  "stripe_webhook_secret",
  "shopify_token",
  "square_token",
  "age_secret_key",
  "linear_api_key",
  "postman_api_key",
  "sentry_token",
  "grafana_token",
  "new_relic_key",
  "buildkite_token",
  "sonarqube_token",
  "mapbox_secret_token",
  "vendor_token",
  "jwt",
  "pem_private_key",
  "openssh_private_key",
  "pgp_private_key",
  "database_url_password",
  "url_password",
  "authorization_bearer",
  "authorization_basic",
  "session_cookie",
  "cli_secret_flag",
  "env_secret",
  "secret_assignment",
  "high_entropy",
] as const;

/** One kind of secret; see {@linkcode SECRET_TYPES}. */
export type SecretType = typeof SECRET_TYPES[number];

/** How many secrets of one type a text held. */
export interface RedactionCount {
  /** The kind of secret. */
  readonly type: SecretType;
  /** How many were replaced. */
  readonly count: number;
}

/** The outcome of `redact()`. */
export interface Redaction {
  /** The input with every secret replaced by `[REDACTED:<type>]`. */
  readonly text: string;
  /** Counts per type found, sorted by type name; types not found are absent. */
  readonly redactions: readonly RedactionCount[];
  /** Total number of secrets replaced. */
  readonly total: number;
}

const TYPE_SET: ReadonlySet<string> = new Set(SECRET_TYPES);

/**
 * The placeholder that replaces a secret of `type`.
 *
 * @example Usage
 * ```ts
 * import { placeholder } from "./types.ts";
 * import { equal } from "node:assert/strict";
 *
 * equal(placeholder("aws_access_key"), "[REDACTED:aws_access_key]");
 * ```
 */
export function placeholder(type: SecretType): string {
  if (!TYPE_SET.has(type)) {
    throw new RangeError(`Cannot build placeholder: unknown secret type "${type}"`);
  }
  return `[REDACTED:${type}]`;
}
