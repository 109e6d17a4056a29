/**
 * A small curated coding lexicon: what a developer's words stand for in the tools they use.
 * "Which linter" means eslint, ruff, flake8…; "package manager" means npm, pnpm, yarn…;
 * "database" means postgres, sqlite…. Recall searches an entry's terms as an expansion of
 * lower weight than the query's own words, and names the entry in its explanation. No network,
 * no model: a table maintained by hand, general to software work (not to one strand).
 *
 * @module
 */

/** One lexicon entry. */
export interface LexiconEntry {
  /** The entry's name, shown in explanations. */
  readonly name: string;
  /** Words or phrases (lowercase, space-separated words) that call the entry up. */
  readonly triggers: readonly string[];
  /** What the entry adds to the search. */
  readonly terms: readonly string[];
}

/** `name: trigger, trigger… => term term…`, one entry per line. */
const TABLE = `
linter: lint, linter, linting, static analysis, code quality => eslint ruff flake8 pylint mypy clippy ktlint detekt golangci sqlfluff tflint stylelint checkov spotless
formatter: format, formatter, formatting, code style => prettier ruff black rustfmt gofmt ktlint spotless
package manager: package manager, package managers, install dependencies, lockfile => npm pnpm yarn poetry uv pip cargo gradle homebrew
database: database, db, datastore, data store, persistence, persist => postgres postgresql sqlite mysql mongodb redis dynamodb room rds
warehouse: warehouse, analytics database => snowflake redshift bigquery dbt
test runner: test runner, unit tests, tests, testing => pytest jest vitest nextest junit playwright testcontainers
end-to-end tests: end-to-end, e2e, browser tests => playwright cypress selenium
continuous integration: ci, pipeline, pipelines, continuous integration, build server => actions circleci jenkins gha
kubernetes: cluster, clusters, kubernetes, k8s => eks gke aks helm pods
deploy: deploy, deployment, ship, rollout, roll out, go live => argocd argo promote rollout
pull request: pull request, pull requests, merge request, code review => pr prs
state management: state management, client state, global state => redux zustand mobx pinia recoil
routing: routing, router, routes, url paths => tanstack chi express hono
dependency injection: dependency injection, di, inject, injection => hilt dagger koin
exit codes: exit code, exit codes, exit status, return to the shell, returns to the shell => exit
accessibility: screen reader, screen readers, accessibility, accessible, a11y, blind => a11y axe aria
translation: languages, translation, translations, translate, localization, localisation, locale => i18n locale locales
secrets: secret, secrets, password, passwords, api key, api keys, credentials => vault 1password sops
login: logged in, log in, login, sign in, signed in, signing in, authenticated, logged out => authentication oauth sso
oauth grant: grant, grants, oauth flow, oauth flows => pkce client_credentials oauth
cross-platform: cross-platform, cross platform, multiplatform, multi-platform, hybrid app => flutter native multiplatform
images: images, image, pictures, picture, photos, thumbnails => coil glide picasso
crash reporting: crash, crashes, crash reporting, crash reports => crashlytics sentry bugsnag
monitoring: monitoring, alerts, alerting, paging, on-call alerts, metrics, observability => prometheus grafana alertmanager pagerduty datadog
logging: logging, logs, log lines => slog structlog timber
naming: what should i call, what to call, call it, how to name, naming => naming names
size: how big, how large, too big, size limit, how small => size small budget
tls: https, tls, ssl, certificate, certificates, cert => letsencrypt tls cert
disaster recovery: disaster recovery, region goes down, region outage, failover, recover, recovery => dr rpo replicate backup
autoscaling: autoscale, autoscaling, scale nodes, scaling => karpenter autoscaler nodepools hpa
infrastructure as code: infrastructure as code, iac, provisioning => terraform pulumi cloudformation
dependency updates: dependency updates, dependency bumps, bumps, version bumps, update dependencies => renovate dependabot
feature flags: feature flag, feature flags, feature toggle, toggle, some customers, gradual rollout => unleash launchdarkly flag
validation: validation, validate, validating, input checking => zod pydantic
styling: style, styling, css, colors, colours, theme => tailwind css
orm: orm, database access, query builder => sqlalchemy prisma pgx
schema migrations: schema change, schema changes, schema migration, migrations => alembic goose flyway
http client: http client, networking, api calls, rest client => retrofit okhttp httpx reqwest axios
async runtime: async runtime, async, asynchronous => tokio asyncio coroutines
rust registry: rust package registry, crates, crate registry => crates cargo
completion: tab completion, autocomplete, autocompletion, shell completion => completions
shell: shell, terminal, command line => fish bash zsh powershell
editor: editor, ide, text editor => vscode neovim vim
commit messages: commit message, commit messages => conventional
destructive commands: destructive, dangerous commands, irreversible => rm drop force
new machine: new laptop, new machine, fresh laptop, set up my computer, onboarding => homebrew brew mise dotfiles
web framework: web framework, framework, backend framework => fastapi django flask express hono chi
payments: payment provider, payments, payment, card processor, payment processor, card payments => stripe adyen braintree paypal
messaging: email, emails, sms, text message, text messages => postmark twilio sendgrid
location: location, gps, position => gps
dates and times: dates, times, timestamps, timezone, time zone => utc iso
mobile architecture: screens, screen state, ui state => mvvm viewmodel stateflow uistate
version catalog: library versions, version numbers, dependency versions => catalog
backfill: reload old, rerun history, reprocess, re-run old => backfill
dashboards: charts, dashboards, dashboard, reports, bi => metabase grafana looker
data quality: quality checks, data tests, data quality => not_null dbt_expectations great_expectations
headless sign-in: headless, no browser, over ssh => device
rate limiting: brute force, brute-forcing, throttle, throttling, rate limit, too many requests => ratelimit rate
errors: error handling, errors, exceptions => thiserror anyhow exception exceptions
`;

/** The lexicon's entries. */
export const CODING_LEXICON: readonly LexiconEntry[] = TABLE.trim().split("\n").map((line) => {
  const [head, terms] = line.split("=>");
  const colon = head!.indexOf(":");
  return {
    name: head!.slice(0, colon).trim(),
    triggers: head!.slice(colon + 1).split(",").map((t) => t.trim()).filter(Boolean),
    terms: terms!.trim().split(/\s+/),
  };
});

/** An entry a query called up, with the trigger that did. */
export interface LexiconMatch {
  readonly entry: LexiconEntry;
  readonly trigger: string;
}

/**
 * The entries `words` (a query's lowercase words, in order, with their other forms) call up:
 * a one-word trigger matches any word, a phrase matches consecutive words of `phrase`.
 *
 * @example Usage
 * ```ts
 * import { lexiconMatches } from "./coding_lexicon.ts";
 * import { equal } from "node:assert/strict";
 *
 * const [match] = lexiconMatches(["which", "linter"], "which linter do we use");
 * equal(match?.entry.name, "linter");
 * equal(match?.entry.terms.includes("eslint"), true);
 * ```
 */
export function lexiconMatches(words: readonly string[], phrase: string): LexiconMatch[] {
  const set = new Set(words);
  const spaced = ` ${phrase.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ").trim()} `;
  const out: LexiconMatch[] = [];
  for (const entry of CODING_LEXICON) {
    const trigger = entry.triggers.find((t) =>
      t.includes(" ") || t.includes("-") ? spaced.includes(` ${t.replace(/-/g, " ")} `) : set.has(t)
    );
    if (trigger) out.push({ entry, trigger });
  }
  return out;
}
