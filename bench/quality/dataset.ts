/**
 * Hand-written recall-quality dataset for Helix.
 *
 * A fictional developer (Jordan Mbeki, platform engineer at "Lumen Freight") works across seven
 * codebases. The memories are what a coding agent would plausibly have saved over 2026: decisions
 * with rationale, conventions, negative rules, procedures, episodes, entities, facts and snippets,
 * plus global identity/preference memories about the developer. Several decisions changed over
 * time (supersession chains), and every project has look-alike memories (its own database, test
 * command, lint setup, deploy procedure) so that scope filtering matters.
 *
 * Queries are labelled with the channel they mainly exercise (`kind`). Gold lists every memory a
 * perfect recall should return for that query, from that scope, at that time.
 *
 * Nothing here is a real secret: environment variables are named, never valued, and account ids
 * are placeholders like `<account-id>`.
 *
 * @module
 */

export type MemoryType =
  | "identity"
  | "preference"
  | "project"
  | "decision"
  | "convention"
  | "snippet"
  | "procedure"
  | "entity"
  | "episode"
  | "fact";

export type Relation =
  | "works_on"
  | "owns"
  | "depends_on"
  | "has_decision"
  | "has_convention"
  | "prefers"
  | "uses"
  | "mentions"
  | "supersedes"
  | "updates"
  | "extends"
  | "derives"
  | "contradicts"
  | "related_to";

export interface QualityMemory {
  /** Stable, unique key, e.g. "billing.db.sqlite". */
  key: string;
  type: MemoryType;
  /** "global" or "project:<id>". */
  scope: string;
  /** The memory text, 1-3 sentences, as an agent or user would have written it. */
  content: string;
  tags?: string[];
  /** Integer 1-10. */
  importance?: number;
  /** ISO date (YYYY-MM-DD) when it became true; default {@linkcode BASE_DATE}. */
  validFrom?: string;
  /** ISO date of the real-world event, for episodes. */
  eventAt?: string;
  /** Key of the older memory this one replaces (the older one is superseded from this validFrom). */
  supersedes?: string;
  /** Procedure steps, negative-memory triggers, decision alternatives/rationale, … */
  attributes?: Record<string, unknown>;
}

export interface QualityEdge {
  from: string;
  to: string;
  relation: Relation;
  weight?: number;
}

export type QueryKind =
  | "paraphrase"
  | "keyword"
  | "exact_identifier"
  | "superseded"
  | "as_of"
  | "cross_project"
  | "graph"
  | "procedure"
  | "preference";

export interface QualityQuery {
  id: string;
  /** What an agent would search for. */
  query: string;
  /** "project:<id>" (sees that project + global) or "global" (sees only global). */
  scope: string;
  /** Keys of ALL memories a perfect recall should return for this query. */
  gold: string[];
  kind: QueryKind;
  /** ISO date, only for kind "as_of": recall what was valid then. */
  asOf?: string;
  /** Why this query is hard / what it tests. Graph queries name their `anchor:` memories. */
  note?: string;
}

/** Default validFrom for memories that don't set one. */
export const BASE_DATE = "2026-03-01";

const GLOBAL = "global";
const BILLING = "project:billing-svc";
const WEB = "project:web-app";
const INFRA = "project:infra";
const MOBILE = "project:mobile";
const DATA = "project:data-pipeline";
const CLI = "project:cli-tool";
const AUTH = "project:auth-svc";

// ─────────────────────────────────────────────────────────────────────────────────────────────
// Memories
// ─────────────────────────────────────────────────────────────────────────────────────────────

export const memories: QualityMemory[] = [
  // ── global: identity ──────────────────────────────────────────────────────────────────────
  {
    key: "me.profile",
    type: "identity",
    scope: GLOBAL,
    content:
      "I'm Jordan Mbeki, a senior platform engineer at Lumen Freight. I mostly work on billing-svc and the infra repo, and help on the Android driver app when they're short-handed.",
    tags: ["about-me"],
    importance: 9,
  },
  {
    key: "me.location",
    type: "identity",
    scope: GLOBAL,
    content:
      "Jordan lives in Lisbon (WET/WEST). Standup is at 10:00 local time, so anything that needs a human to babysit it should start after that.",
    tags: ["about-me", "schedule"],
    importance: 5,
  },
  {
    key: "me.languages",
    type: "identity",
    scope: GLOBAL,
    content:
      "Strongest in Python and TypeScript, solid in Go, still learning Rust through the lf CLI: spell out borrow-checker and lifetime errors instead of only giving the fix.",
    tags: ["about-me", "rust"],
    importance: 7,
  },
  {
    key: "me.github",
    type: "identity",
    scope: GLOBAL,
    content:
      "GitHub handle is @jmbeki; member of the platform and billing teams in the lumen-freight org.",
    tags: ["about-me", "github"],
    importance: 4,
  },
  {
    key: "me.machine",
    type: "identity",
    scope: GLOBAL,
    content:
      "Daily driver is a MacBook Pro (M3, macOS 15) with Homebrew; Linux only on CI runners and the shared dev VM dev-01.",
    tags: ["about-me", "macos"],
    importance: 5,
  },
  {
    key: "me.shell",
    type: "identity",
    scope: GLOBAL,
    content:
      "Uses fish as the interactive shell. One-liners must work in fish; wrap bash-only syntax such as heredocs or `for ...; do ...; done` loops in `bash -c '...'`.",
    tags: ["shell", "fish"],
    importance: 6,
  },

  // ── global: preferences ───────────────────────────────────────────────────────────────────
  {
    key: "pref.editor.vscode",
    type: "preference",
    scope: GLOBAL,
    content:
      "Uses VS Code with the Vim keybindings extension; refer to command-palette commands when suggesting editor actions.",
    tags: ["editor"],
    importance: 5,
  },
  {
    key: "pref.editor.neovim",
    type: "preference",
    scope: GLOBAL,
    content:
      "Switched editors: Neovim full-time now (LazyVim config, dotfiles in jmbeki/dotfiles). Suggest LSP code actions or :commands, not VS Code menus or extensions.",
    tags: ["editor", "neovim"],
    importance: 6,
    validFrom: "2026-06-01",
    supersedes: "pref.editor.vscode",
  },
  {
    key: "pref.answers.detailed",
    type: "preference",
    scope: GLOBAL,
    content:
      "Likes thorough explanations: background and trade-offs first, then the code, then a recap.",
    tags: ["answer-style"],
    importance: 6,
  },
  {
    key: "pref.answers.terse",
    type: "preference",
    scope: GLOBAL,
    content:
      "Keep answers short: the code or command first, then at most three bullets of explanation. No summary paragraph at the end.",
    tags: ["answer-style"],
    importance: 8,
    validFrom: "2026-07-10",
    supersedes: "pref.answers.detailed",
  },
  {
    key: "pref.tests.style",
    type: "preference",
    scope: GLOBAL,
    content:
      "Prefers table-driven tests with descriptive case names (pytest.mark.parametrize with ids, it.each in TS). One behaviour per test; no snapshot tests unless the output is genuinely rendered text or UI.",
    tags: ["testing"],
    importance: 7,
  },
  {
    key: "pref.tests.repro",
    type: "preference",
    scope: GLOBAL,
    content:
      "When fixing a bug, first write a test that reproduces it and show it failing, then make the fix.",
    tags: ["testing", "bugs"],
    importance: 7,
  },
  {
    key: "pref.commits",
    type: "preference",
    scope: GLOBAL,
    content:
      "Commit messages follow Conventional Commits (feat:, fix:, chore:, refactor:) with an imperative subject under 72 characters; the body explains why, not what.",
    tags: ["git", "commits"],
    importance: 7,
  },
  {
    key: "pref.pr.size",
    type: "preference",
    scope: GLOBAL,
    content:
      "Keep PRs small and stacked, ideally under 400 changed lines, and never mix a refactor with a behaviour change in the same PR.",
    tags: ["git", "review"],
    importance: 6,
  },
  {
    key: "pref.typing",
    type: "preference",
    scope: GLOBAL,
    content:
      "Strict typing everywhere: mypy --strict in Python, strict tsconfig, and no `any` or `# type: ignore` without a comment saying why.",
    tags: ["types", "python", "typescript"],
    importance: 7,
  },
  {
    key: "pref.deps",
    type: "preference",
    scope: GLOBAL,
    content:
      "Ask before adding a dependency. If the standard library can do it in about 50 lines, write it instead.",
    tags: ["dependencies"],
    importance: 7,
  },
  {
    key: "pref.comments",
    type: "preference",
    scope: GLOBAL,
    content:
      "Comments should explain why, state invariants or link a ticket; never restate what the code does.",
    tags: ["style"],
    importance: 5,
  },
  {
    key: "pref.naming",
    type: "preference",
    scope: GLOBAL,
    content: "Descriptive names over abbreviations, except the universal ones (ctx, req, db, id).",
    tags: ["style"],
    importance: 4,
  },
  {
    key: "pref.errors",
    type: "preference",
    scope: GLOBAL,
    content:
      "Fail loudly: raise domain exceptions in Python rather than returning None, and at TypeScript module boundaries return a Result type instead of throwing.",
    tags: ["errors", "python", "typescript"],
    importance: 6,
  },
  {
    key: "pref.git.rebase",
    type: "preference",
    scope: GLOBAL,
    content:
      "Rebase feature branches onto main, never merge main into them; force-push only with --force-with-lease.",
    tags: ["git"],
    importance: 6,
  },
  {
    key: "pref.formatting",
    type: "preference",
    scope: GLOBAL,
    content:
      "Let the formatter decide (ruff format, prettier, rustfmt, gofmt, ktlint); don't hand-align code or leave whitespace nits in reviews.",
    tags: ["style", "formatting"],
    importance: 5,
  },
  {
    key: "pref.logging",
    type: "preference",
    scope: GLOBAL,
    content:
      "Structured JSON logs with a request_id on every line; no f-string or printf-style log messages.",
    tags: ["logging"],
    importance: 6,
  },
  {
    key: "pref.explain.compare",
    type: "preference",
    scope: GLOBAL,
    content:
      "When explaining an unfamiliar concept, compare it to the Python or TypeScript equivalent.",
    tags: ["answer-style", "learning"],
    importance: 5,
  },
  {
    key: "pref.no_emoji",
    type: "preference",
    scope: GLOBAL,
    content: "No emojis in code, commit messages, PR titles or docs.",
    tags: ["style", "git"],
    importance: 4,
  },
  {
    key: "pref.dates",
    type: "preference",
    scope: GLOBAL,
    content:
      "Write dates as ISO 8601 (2026-03-01) and times in 24-hour UTC in logs, docs and changelogs.",
    tags: ["style", "dates"],
    importance: 4,
  },
  {
    key: "pref.shell_safety",
    type: "preference",
    scope: GLOBAL,
    content:
      "Show destructive commands (rm -rf, DROP TABLE, force pushes) and wait for a go-ahead instead of running them.",
    tags: ["safety", "shell"],
    importance: 9,
    attributes: { polarity: "negative", triggers: ["rm -rf", "DROP TABLE", "git push --force"] },
  },
  {
    key: "pref.adr",
    type: "preference",
    scope: GLOBAL,
    content:
      "Likes an ADR for any decision that is expensive to reverse, written before the implementation PR rather than after.",
    tags: ["docs", "adr"],
    importance: 5,
  },

  // ── global: org-wide conventions, facts, procedures, episodes ─────────────────────────────
  {
    key: "global.conv.adr",
    type: "convention",
    scope: GLOBAL,
    content:
      "ADRs live in docs/adr/NNNN-kebab-title.md using the MADR template; moving one from Proposed to Accepted needs the engineering manager's sign-off.",
    tags: ["adr", "docs"],
    importance: 6,
  },
  {
    key: "global.neg.secrets",
    type: "convention",
    scope: GLOBAL,
    content:
      "Never paste secret values into chat, commits or issue comments, and never commit .env files. Secrets live in the 1Password vault 'Platform' and are injected with `op run --env-file=.env.tpl`.",
    tags: ["secrets", "security"],
    importance: 10,
    attributes: {
      polarity: "negative",
      triggers: ["git add .env", "paste secret", "commit credentials", "API key in code"],
    },
  },
  {
    key: "global.fact.mise",
    type: "fact",
    scope: GLOBAL,
    content:
      "Every repo pins its tool versions in .mise.toml; run `mise install` after cloning or switching branches.",
    tags: ["tooling", "mise"],
    importance: 5,
  },
  {
    key: "global.fact.org",
    type: "fact",
    scope: GLOBAL,
    content:
      "All repos live in the lumen-freight GitHub org and are private, except the lf CLI which is public under Apache-2.0.",
    tags: ["github", "licensing"],
    importance: 4,
  },
  {
    key: "global.fact.slack",
    type: "fact",
    scope: GLOBAL,
    content:
      "Slack channels: #incidents for outages, #deploys for deploy notifications, #platform for infra questions, #data for warehouse questions.",
    tags: ["slack", "communication"],
    importance: 4,
  },
  {
    key: "global.proc.new_machine",
    type: "procedure",
    scope: GLOBAL,
    content:
      "Setting up a fresh work laptop: Homebrew bundle, 1Password, mise, AWS SSO profiles, then clone the repos with gh.",
    tags: ["onboarding", "macos"],
    importance: 4,
    attributes: {
      steps: [
        "Install Homebrew and run `brew bundle --file ~/dotfiles/Brewfile`",
        "`op signin` and enable the 1Password SSH agent",
        "`aws configure sso` with the profiles lf-staging and lf-prod",
        "`gh auth login`, then `gh repo clone lumen-freight/<name>` for each repo",
        "Run `mise install` inside every cloned repo",
      ],
    },
  },
  {
    key: "global.ep.branch_protection",
    type: "episode",
    scope: GLOBAL,
    content:
      "2026-09-03: a WIP commit was pushed straight to main of the lf repo by accident; branch protection with one required review is now enabled on every repo in the org.",
    tags: ["git", "incident"],
    importance: 4,
    validFrom: "2026-09-03",
    eventAt: "2026-09-03",
  },

  // ── global: people ────────────────────────────────────────────────────────────────────────
  {
    key: "people.priya",
    type: "entity",
    scope: GLOBAL,
    content:
      "Priya Raman: staff engineer in Berlin (CET). Async-first; wants a short threat-model section in any PR description she is asked to look at.",
    tags: ["person"],
    importance: 5,
  },
  {
    key: "people.marco",
    type: "entity",
    scope: GLOBAL,
    content:
      "Marco Bianchi: backend engineer and former accountant, based in Milan; works Tuesday to Friday and prefers a quick call over long chat threads.",
    tags: ["person"],
    importance: 5,
  },
  {
    key: "people.dana",
    type: "entity",
    scope: GLOBAL,
    content:
      "Dana Kowalski: SRE lead who runs the on-call rotation; listed in CODEOWNERS for most platform repositories.",
    tags: ["person"],
    importance: 5,
  },
  {
    key: "people.kenji",
    type: "entity",
    scope: GLOBAL,
    content:
      "Kenji Sato: Android lead in Lisbon; runs the biweekly release train and is one of two admins on the Google developer account.",
    tags: ["person"],
    importance: 5,
  },
  {
    key: "people.lena",
    type: "entity",
    scope: GLOBAL,
    content:
      "Lena Fischer: analytics engineer in Hamburg, part-time Monday to Thursday; covers data on-call every third week.",
    tags: ["person"],
    importance: 5,
  },
  {
    key: "people.tomas",
    type: "entity",
    scope: GLOBAL,
    content:
      "Tomás Ruiz: TypeScript/React lead in Madrid; maintains the design-system Figma library and runs the weekly UI guild.",
    tags: ["person"],
    importance: 5,
  },
  {
    key: "people.aisha",
    type: "entity",
    scope: GLOBAL,
    content:
      "Aisha Noor: engineering manager for the platform and product squads; holds the budget and the vendor contracts.",
    tags: ["person"],
    importance: 5,
  },

  // ── global: services (org-level map) ──────────────────────────────────────────────────────
  {
    key: "svc.auth",
    type: "entity",
    scope: GLOBAL,
    content:
      "auth-svc: the identity provider for every Lumen Freight product; issues access tokens and runs the OAuth flows. Repo lumen-freight/auth-svc.",
    tags: ["service", "auth"],
    importance: 6,
  },
  {
    key: "svc.billing",
    type: "entity",
    scope: GLOBAL,
    content:
      "billing-svc: invoices, card payments through Stripe and the double-entry ledger. Repo lumen-freight/billing-svc.",
    tags: ["service", "billing"],
    importance: 6,
  },
  {
    key: "svc.bff",
    type: "entity",
    scope: GLOBAL,
    content:
      "dashboard-bff: a Hono app on Cloudflare Workers that fronts the customer dashboard and holds the session cookie; lives in apps/bff of the web-app repo.",
    tags: ["service", "bff"],
    importance: 6,
  },
  {
    key: "svc.tracking",
    type: "entity",
    scope: GLOBAL,
    content:
      "tracking-api: Node/Fastify service that ingests GPS pings from drivers' phones and serves shipment ETAs; owned by the logistics squad, not in our repos.",
    tags: ["service", "tracking"],
    importance: 5,
  },
  {
    key: "svc.notify",
    type: "entity",
    scope: GLOBAL,
    content:
      "notify-svc: sends transactional email (Postmark) and SMS (Twilio) on behalf of other services through a small REST API.",
    tags: ["service", "notifications"],
    importance: 4,
  },

  // ── project:billing-svc (Python / FastAPI; Postgres → SQLite) ─────────────────────────────
  {
    key: "billing.overview",
    type: "project",
    scope: BILLING,
    content:
      "billing-svc is the FastAPI service that creates invoices, takes card payments through Stripe and keeps the double-entry ledger for shipper accounts. Repo lumen-freight/billing-svc; the app entrypoint is src/billing/main.py.",
    tags: ["overview", "fastapi", "python"],
    importance: 8,
  },
  {
    key: "billing.db.postgres15",
    type: "decision",
    scope: BILLING,
    content:
      "Billing data (customers, invoices, ledger postings) lives in PostgreSQL 15 on RDS (lf-prod-billing, db.t4g.medium), accessed through SQLAlchemy 2.0 with psycopg 3.",
    tags: ["database", "postgres"],
    importance: 8,
    attributes: {
      alternatives: ["MySQL 8 on RDS", "self-managed Postgres on EC2"],
      rationale: "Managed backups and point-in-time restore; the team already knew Postgres.",
    },
  },
  {
    key: "billing.db.postgres16",
    type: "decision",
    scope: BILLING,
    content:
      "Upgraded the billing RDS instance from PostgreSQL 15 to 16 in the April maintenance window; SQLAlchemy 2.0 and psycopg 3 are unchanged and the connection string still comes from BILLING_DATABASE_URL.",
    tags: ["database", "postgres", "upgrade"],
    importance: 7,
    validFrom: "2026-04-10",
    supersedes: "billing.db.postgres15",
  },
  {
    key: "billing.db.sqlite",
    type: "decision",
    scope: BILLING,
    content:
      "Since 2026-07-01 billing runs on SQLite in WAL mode on the pod's persistent volume, continuously replicated to S3 with Litestream. Postgres was dropped once every customer moved to a single-tenant deployment.",
    tags: ["database", "sqlite", "litestream"],
    importance: 9,
    validFrom: "2026-07-01",
    supersedes: "billing.db.postgres16",
    attributes: {
      alternatives: [
        "stay on RDS PostgreSQL 16",
        "Aurora Serverless v2",
        "one shared Postgres with a schema per tenant",
      ],
      rationale:
        "Single-tenant deployments made one managed Postgres per customer too expensive; peak load is under 50 writes/s per tenant.",
      adr: "docs/adr/0011-sqlite-per-tenant.md",
    },
  },
  {
    key: "billing.env.db_url",
    type: "fact",
    scope: BILLING,
    content:
      "BILLING_DATABASE_URL selects the database: sqlite:////data/billing.db in prod and sqlite:///./billing.db for local development.",
    tags: ["env", "config", "sqlite"],
    importance: 5,
    validFrom: "2026-07-01",
  },
  {
    key: "billing.py.311",
    type: "fact",
    scope: BILLING,
    content:
      "billing-svc targets Python 3.11 (python:3.11-slim base image) and the CI matrix only runs 3.11.",
    tags: ["python", "runtime"],
    importance: 5,
  },
  {
    key: "billing.py.312",
    type: "fact",
    scope: BILLING,
    content:
      "billing-svc now runs on Python 3.12 (python:3.12-slim); new code may use PEP 695 `type` aliases and itertools.batched.",
    tags: ["python", "runtime"],
    importance: 6,
    validFrom: "2026-04-01",
    supersedes: "billing.py.311",
  },
  {
    key: "billing.deps.poetry",
    type: "decision",
    scope: BILLING,
    content:
      "Billing dependencies are managed with Poetry: `poetry install`, then run everything through `poetry run`; the lockfile is poetry.lock.",
    tags: ["dependencies", "poetry"],
    importance: 6,
  },
  {
    key: "billing.deps.uv",
    type: "decision",
    scope: BILLING,
    content:
      "Moved billing from Poetry to uv: `uv sync` installs from uv.lock and every command runs through `uv run`. poetry.lock was deleted.",
    tags: ["dependencies", "uv"],
    importance: 7,
    validFrom: "2026-03-15",
    supersedes: "billing.deps.poetry",
    attributes: {
      alternatives: ["stay on Poetry", "pip-tools", "PDM"],
      rationale: "uv installs about 10x faster in CI and also manages the Python version.",
    },
  },
  {
    key: "billing.errors.legacy",
    type: "convention",
    scope: BILLING,
    content:
      'API errors return a JSON body {"error": <code>, "message": <text>} with the matching HTTP status; the codes are listed in src/billing/api/error_codes.py.',
    tags: ["api", "errors"],
    importance: 6,
  },
  {
    key: "billing.errors.rfc7807",
    type: "convention",
    scope: BILLING,
    content:
      "All API errors are RFC 7807 problem+json (Content-Type application/problem+json) built with ProblemError from src/billing/api/errors.py; never return bare strings or ad-hoc error dicts.",
    tags: ["api", "errors", "rfc7807"],
    importance: 8,
    validFrom: "2026-05-01",
    supersedes: "billing.errors.legacy",
  },
  {
    key: "billing.conv.money",
    type: "convention",
    scope: BILLING,
    content:
      "Money is always integer minor units (cents) inside a `Money` value object with an ISO 4217 currency code; floats and Decimal never cross the API layer.",
    tags: ["money", "domain"],
    importance: 9,
  },
  {
    key: "billing.conv.lint",
    type: "convention",
    scope: BILLING,
    content:
      "Python lint and format are ruff only (`uv run ruff check --fix` and `uv run ruff format`) plus `uv run mypy --strict src/`; all settings live in pyproject.toml.",
    tags: ["lint", "ruff", "mypy"],
    importance: 6,
    validFrom: "2026-03-15",
  },
  {
    key: "billing.test.cmd",
    type: "fact",
    scope: BILLING,
    content:
      "Run the tests with `uv run pytest -q`. Integration tests are marked @pytest.mark.integration, need stripe-mock listening on port 12111 and run with `uv run pytest -m integration`.",
    tags: ["testing", "pytest"],
    importance: 7,
    validFrom: "2026-03-15",
  },
  {
    key: "billing.conv.migrations",
    type: "convention",
    scope: BILLING,
    content:
      "Every schema change is an Alembic migration in migrations/versions/; run `alembic upgrade head` before pushing and never edit a migration that has already run in prod.",
    tags: ["database", "alembic", "migrations"],
    importance: 7,
  },
  {
    key: "billing.conv.alembic_batch",
    type: "convention",
    scope: BILLING,
    content:
      "Since the SQLite move, Alembic migrations that alter or drop columns must use `op.batch_alter_table`, because SQLite cannot ALTER COLUMN in place.",
    tags: ["database", "alembic", "sqlite"],
    importance: 7,
    validFrom: "2026-07-01",
  },
  {
    key: "billing.proc.new_migration",
    type: "procedure",
    scope: BILLING,
    content:
      "Adding a billing schema migration: autogenerate it with Alembic, hand-check the batch operations, upgrade, prove the downgrade works, then run the tests.",
    tags: ["database", "alembic", "migrations"],
    importance: 6,
    validFrom: "2026-07-01",
    attributes: {
      steps: [
        '`uv run alembic revision --autogenerate -m "<what changed>"`',
        "Read the generated file in migrations/versions/ and wrap column changes in `op.batch_alter_table`",
        "`uv run alembic upgrade head` against your local billing.db",
        "`uv run alembic downgrade -1`, then upgrade again, to prove the downgrade works",
        "`uv run pytest -q`, and commit the migration together with the model change",
      ],
    },
  },
  {
    key: "billing.webhooks.idempotency",
    type: "decision",
    scope: BILLING,
    content:
      "Stripe webhooks are deduplicated by event id in the processed_events table; src/billing/webhooks.py answers 200 for an id it has already seen so Stripe stops retrying.",
    tags: ["stripe", "webhooks", "idempotency"],
    importance: 8,
    validFrom: "2026-05-20",
    attributes: {
      alternatives: ["rely on Stripe idempotency keys only", "Redis SETNX with a TTL"],
      rationale:
        "Stripe delivers at-least-once; the check must be transactional with the side effects.",
    },
  },
  {
    key: "billing.ep.dup_invoices",
    type: "episode",
    scope: BILLING,
    content:
      "2026-05-19: about 40 shippers got the same invoice email two or three times after a burst of 502s from our ingress made Stripe redeliver events. No double charges, only noise and support tickets.",
    tags: ["incident", "stripe", "email"],
    importance: 6,
    validFrom: "2026-05-19",
    eventAt: "2026-05-19",
  },
  {
    key: "billing.env.webhook_secret",
    type: "fact",
    scope: BILLING,
    content:
      "Stripe webhook signatures are verified with the secret from the env var BILLING_WEBHOOK_SECRET; locally use the value `stripe listen` prints, never the prod one.",
    tags: ["env", "stripe", "webhooks"],
    importance: 6,
  },
  {
    key: "billing.proc.rotate_webhook_secret",
    type: "procedure",
    scope: BILLING,
    content:
      "Rotating the Stripe webhook signing secret without dropping events: roll it in Stripe with an overlap, update Secrets Manager, restart through Argo CD, verify deliveries.",
    tags: ["stripe", "webhooks", "secrets"],
    importance: 6,
    attributes: {
      steps: [
        "In the Stripe dashboard, roll the endpoint's signing secret with a 24 h overlap",
        "Store the new value in AWS Secrets Manager at lf/prod/billing/BILLING_WEBHOOK_SECRET",
        "Wait for External Secrets to sync (up to 5 minutes), then restart billing-svc from the Argo CD UI",
        "Check in Stripe's event log that /webhooks/stripe returns 2xx for new deliveries",
      ],
    },
  },
  {
    key: "billing.snippet.retry",
    type: "snippet",
    scope: BILLING,
    content:
      "Outbound Stripe calls are wrapped as `await RetryPolicy.with_jitter(base=0.5, cap=30, attempts=6).run(lambda: stripe_client.invoices.create(...))` (src/billing/retry.py); use it instead of tenacity decorators.",
    tags: ["stripe", "retries", "python"],
    importance: 5,
    attributes: { language: "python" },
  },
  {
    key: "billing.snippet.problem",
    type: "snippet",
    scope: BILLING,
    content:
      'raise ProblemError(status=409, type="https://lumenfreight.example/problems/duplicate-invoice", title="Invoice already exists", detail=f"invoice {number} already exists")',
    tags: ["api", "errors", "python"],
    importance: 4,
    validFrom: "2026-05-01",
    attributes: { language: "python" },
  },
  {
    key: "billing.snippet.money",
    type: "snippet",
    scope: BILLING,
    content:
      '`Money.from_minor(1999, "EUR")` is EUR 19.99; `price.allocate([1, 1, 1])` splits an amount three ways without losing a cent (src/billing/money.py).',
    tags: ["money", "python"],
    importance: 4,
    attributes: { language: "python" },
  },
  {
    key: "billing.proc.deploy",
    type: "procedure",
    scope: BILLING,
    content:
      "Deploying billing-svc: merge to main, let CI build the image and Argo CD sync staging, then promote to prod with a tag bump PR in the infra repo.",
    tags: ["deploy", "argocd"],
    importance: 7,
    attributes: {
      steps: [
        "Merge the PR to main; .github/workflows/ci.yml builds ghcr.io/lumen-freight/billing-svc:<git-sha>",
        "Argo CD auto-syncs staging within about 3 minutes; smoke test with `make smoke ENV=staging`",
        "`make promote ENV=prod` opens a PR in lumen-freight/infra that bumps the image tag",
        "After that PR merges, watch /healthz and the Billing Grafana dashboard for 15 minutes",
      ],
    },
  },
  {
    key: "billing.proc.local_setup",
    type: "procedure",
    scope: BILLING,
    content:
      "Running billing-svc on a laptop: install with uv, copy the env template, create the local database, forward Stripe events and start uvicorn.",
    tags: ["local-dev", "onboarding"],
    importance: 5,
    validFrom: "2026-07-01",
    attributes: {
      steps: [
        "`uv sync`",
        "`cp .env.example .env` and fill it from the 1Password 'Platform' vault",
        "`make db-init` to create ./billing.db",
        "`stripe listen --forward-to localhost:8000/webhooks/stripe` in a second terminal",
        "`uv run uvicorn billing.main:app --reload --port 8000`",
      ],
    },
  },
  {
    key: "billing.proc.restore",
    type: "procedure",
    scope: BILLING,
    content:
      "Restoring the billing SQLite database from the Litestream replica in S3, then replaying the Stripe events that arrived after the restore point.",
    tags: ["backup", "litestream", "sqlite"],
    importance: 7,
    validFrom: "2026-07-01",
    attributes: {
      steps: [
        "Scale billing-svc and billing-worker to 0 from Argo CD",
        "`litestream restore -o /data/billing.db -timestamp <RFC3339> s3://lf-prod-billing-backups/billing.db`",
        "`sqlite3 /data/billing.db 'PRAGMA integrity_check'`",
        "Scale back up, then `uv run python -m billing.tools.replay_events --since <timestamp>`",
      ],
    },
  },
  {
    key: "billing.neg.prod_db",
    type: "convention",
    scope: BILLING,
    content:
      "Never open the prod billing.db with the sqlite3 CLI or any second writer while the service is running; it can corrupt the WAL. Use `make db-snapshot` to get a read-only copy.",
    tags: ["sqlite", "safety"],
    importance: 9,
    validFrom: "2026-07-01",
    attributes: {
      polarity: "negative",
      triggers: ["sqlite3 /data/billing.db", "open the prod database", "kubectl exec into billing"],
    },
  },
  {
    key: "billing.neg.delete_customer",
    type: "convention",
    scope: BILLING,
    content:
      "Never call stripe.Customer.delete (or DELETE /v1/customers) from scripts; archive with archive_customer() so the ledger keeps its history.",
    tags: ["stripe", "safety"],
    importance: 9,
    attributes: {
      polarity: "negative",
      triggers: ["stripe.Customer.delete", "delete a customer", "remove customer from Stripe"],
    },
  },
  {
    key: "billing.entity.stripe",
    type: "entity",
    scope: BILLING,
    content:
      "Stripe account: test mode backs staging, live mode backs prod. The API version is pinned with STRIPE_API_VERSION in src/billing/settings.py.",
    tags: ["stripe", "vendor"],
    importance: 6,
  },
  {
    key: "billing.entity.ledger",
    type: "entity",
    scope: BILLING,
    content:
      "The ledger package (src/billing/ledger/) is double-entry: every posting has balancing debit and credit lines, and balances are always derived from postings, never stored.",
    tags: ["ledger", "domain"],
    importance: 7,
  },
  {
    key: "billing.entity.worker",
    type: "entity",
    scope: BILLING,
    content:
      "billing-worker is a second process from the same image (`python -m billing.worker`); it executes commands sent by the API over a unix socket and runs the nightly invoice job at 02:00 UTC.",
    tags: ["worker", "jobs"],
    importance: 6,
    validFrom: "2026-07-10",
  },
  {
    key: "billing.ep.sqlite_locked",
    type: "episode",
    scope: BILLING,
    content:
      "2026-07-09: the nightly invoice run died with `sqlite3.OperationalError: database is locked` because API pods and the worker wrote at the same moment; busy_timeout=5000 went in as a stopgap.",
    tags: ["incident", "sqlite"],
    importance: 6,
    validFrom: "2026-07-09",
    eventAt: "2026-07-09",
  },
  {
    key: "billing.conv.single_writer",
    type: "convention",
    scope: BILLING,
    content:
      "All writes go through billing-worker: API handlers send it commands and wait for the result, and API pods open the data file read-only.",
    tags: ["sqlite", "architecture"],
    importance: 8,
    validFrom: "2026-07-10",
  },
  {
    key: "billing.fact.port",
    type: "fact",
    scope: BILLING,
    content:
      "billing-svc listens on 8000 in local dev and 8080 in the container; /healthz is the probe endpoint and Prometheus metrics are on /metrics.",
    tags: ["ports", "health"],
    importance: 4,
  },
  {
    key: "billing.decision.fastapi",
    type: "decision",
    scope: BILLING,
    content:
      "Chose FastAPI over Django REST Framework for native async Stripe calls and pydantic v2 models (docs/adr/0002-fastapi.md).",
    tags: ["fastapi", "framework"],
    importance: 6,
    attributes: {
      alternatives: ["Django REST Framework", "Flask + marshmallow", "Litestar"],
      rationale: "Async I/O to Stripe and typed request models without a second schema layer.",
    },
  },
  {
    key: "billing.fact.tax",
    type: "fact",
    scope: BILLING,
    content:
      "VAT comes from the tax module, which validates EU VAT IDs against VIES and caches the result for 24 h; reverse charge applies to B2B customers in other EU member states with a valid VAT ID.",
    tags: ["vat", "tax", "domain"],
    importance: 7,
  },
  {
    key: "billing.fact.invoice_numbering",
    type: "fact",
    scope: BILLING,
    content:
      "Invoice numbers are sequential per calendar year (LF-2026-000123). Portuguese rules forbid gaps, so the number is allocated inside the same transaction as the invoice insert.",
    tags: ["invoices", "domain", "compliance"],
    importance: 8,
  },
  {
    key: "billing.conv.schemas",
    type: "convention",
    scope: BILLING,
    content:
      'Request and response models live in src/billing/api/schemas.py as pydantic v2 models with `model_config = ConfigDict(extra="forbid")`.',
    tags: ["api", "pydantic"],
    importance: 5,
  },
  {
    key: "billing.ep.stripe_version",
    type: "episode",
    scope: BILLING,
    content:
      "2026-09-22: bumping the Stripe API version broke parsing of invoice.payment_succeeded because the charge field moved under payments; pinned STRIPE_API_VERSION and fixed the parser before upgrading again.",
    tags: ["incident", "stripe"],
    importance: 5,
    validFrom: "2026-09-22",
    eventAt: "2026-09-22",
  },
  {
    key: "billing.conv.timestamps",
    type: "convention",
    scope: BILLING,
    content:
      "Timestamps are stored as UTC ISO 8601 TEXT columns (e.g. 2026-07-01T02:00:00Z) and read back with `parse_utc()`; never store local time.",
    tags: ["time", "sqlite"],
    importance: 6,
    validFrom: "2026-07-01",
  },
  {
    key: "billing.fact.currencies",
    type: "fact",
    scope: BILLING,
    content:
      "Supported invoice currencies are EUR, GBP and USD; a customer's currency is fixed at signup and cannot change later.",
    tags: ["money", "domain"],
    importance: 5,
  },

  // ── project:web-app (TypeScript / React / Vite; npm → pnpm) ───────────────────────────────
  {
    key: "web.overview",
    type: "project",
    scope: WEB,
    content:
      "web-app is the customer dashboard where shippers book loads, track shipments and download invoices: React 18 + TypeScript + Vite in apps/dashboard, with the BFF in apps/bff of the same monorepo.",
    tags: ["overview", "react", "typescript"],
    importance: 8,
  },
  {
    key: "web.pkg.npm",
    type: "decision",
    scope: WEB,
    content:
      "The web-app monorepo's package manager is npm with workspaces; install with `npm ci`, and the lockfile is package-lock.json.",
    tags: ["package-manager", "npm"],
    importance: 6,
  },
  {
    key: "web.pkg.pnpm",
    type: "decision",
    scope: WEB,
    content:
      "Switched the monorepo's package manager from npm to pnpm 9 workspaces: always use pnpm (never npm or yarn); the lockfile is pnpm-lock.yaml and CI installs with `pnpm install --frozen-lockfile`.",
    tags: ["package-manager", "pnpm"],
    importance: 8,
    validFrom: "2026-04-15",
    supersedes: "web.pkg.npm",
    attributes: {
      alternatives: ["stay on npm workspaces", "Yarn Berry (PnP)", "Bun"],
      rationale: "Strict node_modules caught phantom dependencies, and CI installs got 3x faster.",
    },
  },
  {
    key: "web.test.jest",
    type: "convention",
    scope: WEB,
    content:
      "Unit and component tests run on Jest with ts-jest and jsdom via `npm test`; the config is jest.config.ts.",
    tags: ["testing", "jest"],
    importance: 6,
  },
  {
    key: "web.test.vitest",
    type: "convention",
    scope: WEB,
    content:
      "Unit and component tests run on Vitest with Testing Library: `pnpm test` in watch mode, `pnpm test --run` in CI. jest.config.ts is gone.",
    tags: ["testing", "vitest"],
    importance: 7,
    validFrom: "2026-04-20",
    supersedes: "web.test.jest",
  },
  {
    key: "web.test.e2e",
    type: "fact",
    scope: WEB,
    content:
      "End-to-end tests are Playwright: `pnpm test:e2e --filter api` runs only the suite with a mocked API; the full suite needs `pnpm dev` running on port 5173.",
    tags: ["testing", "playwright", "e2e"],
    importance: 6,
    validFrom: "2026-04-15",
  },
  {
    key: "web.state.redux",
    type: "decision",
    scope: WEB,
    content:
      "Client state lives in Redux Toolkit slices under src/store/; the logged-in user is kept in sessionSlice.",
    tags: ["state", "redux"],
    importance: 6,
  },
  {
    key: "web.state.zustand",
    type: "decision",
    scope: WEB,
    content:
      "Client state moved from Redux Toolkit to small Zustand stores: the session lives in useSessionStore (src/stores/session.ts), and server data stays in TanStack Query.",
    tags: ["state", "zustand"],
    importance: 7,
    validFrom: "2026-05-20",
    supersedes: "web.state.redux",
    attributes: {
      alternatives: ["keep Redux Toolkit", "Jotai", "React context only"],
      rationale:
        "Redux boilerplate for five slices that were mostly cached server data; TanStack Query already owns that.",
    },
  },
  {
    key: "web.router.rr6",
    type: "decision",
    scope: WEB,
    content: "Routing uses React Router 6 with route objects declared in src/routes.tsx.",
    tags: ["routing"],
    importance: 5,
  },
  {
    key: "web.router.tanstack",
    type: "decision",
    scope: WEB,
    content:
      "Routing moved to TanStack Router (file-based routes in src/routes/) for type-safe search params and loaders; React Router was removed.",
    tags: ["routing", "tanstack"],
    importance: 6,
    validFrom: "2026-08-18",
    supersedes: "web.router.rr6",
    attributes: {
      alternatives: ["React Router 7 framework mode", "stay on React Router 6"],
      rationale: "Search params on the shipments table were untyped and kept breaking deep links.",
    },
  },
  {
    key: "web.conv.lint",
    type: "convention",
    scope: WEB,
    content:
      "ESLint flat config (eslint.config.js) with typescript-eslint strict, plus Prettier; `pnpm lint` must be clean before merge. No default exports except route modules.",
    tags: ["lint", "eslint", "prettier"],
    importance: 6,
    validFrom: "2026-04-15",
  },
  {
    key: "web.conv.components",
    type: "convention",
    scope: WEB,
    content:
      "Components are function components in PascalCase files under src/components/<Feature>/, with the test co-located as <Name>.test.tsx.",
    tags: ["react", "structure"],
    importance: 5,
  },
  {
    key: "web.conv.css",
    type: "convention",
    scope: WEB,
    content:
      "Styling is Tailwind CSS only: no CSS-in-JS and no inline style objects. Colors and spacing come from the design tokens in tailwind.config.ts; never hardcode hex colors.",
    tags: ["css", "tailwind"],
    importance: 6,
  },
  {
    key: "web.conv.i18n",
    type: "convention",
    scope: WEB,
    content:
      "Every user-facing string goes through t() from react-i18next, with keys in src/locales/{en,pt,de}.json; CI fails when a key is missing from any locale.",
    tags: ["i18n"],
    importance: 6,
  },
  {
    key: "web.conv.api_client",
    type: "convention",
    scope: WEB,
    content:
      "Components never call fetch directly; use the typed client generated into src/api/generated/ (openapi-typescript + openapi-fetch) through TanStack Query hooks.",
    tags: ["api", "openapi"],
    importance: 6,
  },
  {
    key: "web.decision.vite",
    type: "decision",
    scope: WEB,
    content:
      "Chose a Vite SPA over Next.js because every page is behind login, so SSR and SEO bring nothing (docs/adr/0003-vite-spa.md).",
    tags: ["vite", "framework"],
    importance: 6,
    attributes: {
      alternatives: ["Next.js App Router", "Remix"],
      rationale: "No public pages; simpler deploy as static assets on Cloudflare Pages.",
    },
  },
  {
    key: "web.env.api_base",
    type: "fact",
    scope: WEB,
    content:
      "VITE_API_BASE_URL tells the dashboard where the BFF is; locally set it to http://localhost:8787 in apps/dashboard/.env.local.",
    tags: ["env", "config"],
    importance: 5,
  },
  {
    key: "web.env.sentry",
    type: "fact",
    scope: WEB,
    content:
      "VITE_SENTRY_DSN is injected at build time by the deploy workflow; leave it empty locally to disable Sentry.",
    tags: ["env", "sentry"],
    importance: 4,
  },
  {
    key: "web.ep.lockfile",
    type: "episode",
    scope: WEB,
    content:
      "2026-06-12: main went red because a Renovate PR changed package.json without regenerating the lockfile, so the lockfile had drifted; fixed by running `pnpm install --frozen-lockfile` in CI and committing a regenerated pnpm-lock.yaml.",
    tags: ["incident", "ci", "pnpm"],
    importance: 5,
    validFrom: "2026-06-12",
    eventAt: "2026-06-12",
  },
  {
    key: "web.proc.lockfile",
    type: "procedure",
    scope: WEB,
    content:
      "When CI fails with ERR_PNPM_OUTDATED_LOCKFILE: sync the lockfile locally and commit only that file.",
    tags: ["ci", "pnpm"],
    importance: 6,
    validFrom: "2026-06-13",
    attributes: {
      steps: [
        "`git pull --rebase origin main`",
        "Run `pnpm install` locally (without --frozen-lockfile)",
        "Commit only pnpm-lock.yaml as `chore: sync lockfile`; don't bump versions in the same commit",
        "Push and confirm the install step passes",
      ],
    },
  },
  {
    key: "web.ep.bundle",
    type: "episode",
    scope: WEB,
    content:
      "2026-08-05: the main bundle jumped to 1.2 MB after the map view landed; lazy-loading MapLibre with React.lazy brought it back to about 380 KB.",
    tags: ["performance", "bundle"],
    importance: 5,
    validFrom: "2026-08-05",
    eventAt: "2026-08-05",
  },
  {
    key: "web.conv.bundle_budget",
    type: "convention",
    scope: WEB,
    content:
      "Main chunk budget is 400 KB gzipped; `pnpm build --report` runs size-limit in CI and fails the PR on a regression.",
    tags: ["performance", "bundle", "ci"],
    importance: 6,
    validFrom: "2026-08-06",
  },
  {
    key: "web.proc.deploy",
    type: "procedure",
    scope: WEB,
    content:
      "Deploying and rolling back the dashboard on Cloudflare Pages: previews per PR, production on a web-v* tag, rollback by promoting the previous deployment.",
    tags: ["deploy", "cloudflare"],
    importance: 7,
    validFrom: "2026-04-15",
    attributes: {
      steps: [
        "Every PR gets a preview URL from Cloudflare Pages",
        "Production deploys when a `web-v*` tag is pushed; `pnpm release` creates it",
        "To roll back, open the Pages project lf-dashboard, go to Deployments and promote the previous production deployment",
        "Post the tag and the reason in #deploys",
      ],
    },
  },
  {
    key: "web.proc.add_locale",
    type: "procedure",
    scope: WEB,
    content:
      "Adding a new UI language to the dashboard: new locale file, register it, add formats, check for missing keys.",
    tags: ["i18n"],
    importance: 5,
    attributes: {
      steps: [
        "Copy src/locales/en.json to src/locales/<lang>.json and upload it to the Crowdin project",
        "Register the language in src/i18n.ts (supportedLngs) and in the LanguagePicker options",
        "Add date and number formats in src/lib/format.ts",
        "Run `pnpm test --run i18n` to catch missing keys",
      ],
    },
  },
  {
    key: "web.proc.regen_client",
    type: "procedure",
    scope: WEB,
    content:
      "Regenerating the typed API client after the BFF's OpenAPI spec changes, and committing it with the BFF change.",
    tags: ["api", "openapi", "codegen"],
    importance: 5,
    validFrom: "2026-04-15",
    attributes: {
      steps: [
        "`pnpm --filter bff openapi` writes apps/bff/openapi.json",
        "`pnpm gen:api` regenerates src/api/generated/",
        "Fix whatever `pnpm typecheck` reports",
        "Commit the generated files in the same PR as the BFF change",
      ],
    },
  },
  {
    key: "web.snippet.query",
    type: "snippet",
    scope: WEB,
    content:
      'export const useInvoices = (customerId: string) =>\n  useQuery({\n    queryKey: ["invoices", customerId],\n    queryFn: () => api.GET("/invoices", { params: { query: { customerId } } }),\n  });',
    tags: ["tanstack-query", "typescript"],
    importance: 4,
    attributes: { language: "typescript" },
  },
  {
    key: "web.snippet.store",
    type: "snippet",
    scope: WEB,
    content:
      'export const useSessionStore = create<SessionState>()(\n  persist((set) => ({ user: null, setUser: (user) => set({ user }) }), {\n    name: "lf-session",\n    storage: createJSONStorage(() => sessionStorage),\n  }),\n);',
    tags: ["zustand", "typescript"],
    importance: 4,
    validFrom: "2026-05-20",
    attributes: { language: "typescript" },
  },
  {
    key: "web.fact.node",
    type: "fact",
    scope: WEB,
    content:
      "Node 22 LTS is pinned in .mise.toml and .nvmrc; the engines field in package.json requires >=22.",
    tags: ["node", "runtime"],
    importance: 5,
  },
  {
    key: "web.fact.browsers",
    type: "fact",
    scope: WEB,
    content:
      "Supported browsers are the last two versions of Chrome, Edge, Firefox and Safari (browserslist in package.json); no legacy Edge or IE.",
    tags: ["browsers", "compatibility"],
    importance: 5,
  },
  {
    key: "web.fact.safari15",
    type: "fact",
    scope: WEB,
    content:
      "Acme Logistics' warehouse iPads are stuck on Safari 15.6 and sales promised support until their 2027 hardware refresh, so check the booking and tracking flows there before big releases.",
    tags: ["browsers", "compatibility", "customer"],
    importance: 6,
    validFrom: "2026-09-15",
  },
  {
    key: "web.entity.bff",
    type: "entity",
    scope: WEB,
    content:
      "apps/bff is a Hono app on Cloudflare Workers: it holds the session, proxies /api/billing/* to billing-svc and /api/tracking/* to tracking-api, and serves the OpenAPI spec.",
    tags: ["bff", "hono", "cloudflare"],
    importance: 7,
  },
  {
    key: "web.neg.localstorage",
    type: "convention",
    scope: WEB,
    content:
      "Never put access or refresh tokens in localStorage or sessionStorage; the BFF keeps them server-side and the browser only gets an HttpOnly session cookie.",
    tags: ["security", "auth"],
    importance: 9,
    attributes: {
      polarity: "negative",
      triggers: ["localStorage.setItem", "store the token", "sessionStorage token"],
    },
  },
  {
    key: "web.conv.a11y",
    type: "convention",
    scope: WEB,
    content:
      "Every interactive element needs an accessible name; `pnpm test:a11y` runs axe against the Storybook stories in CI. Don't disable jsx-a11y rules inline.",
    tags: ["a11y", "testing"],
    importance: 6,
    validFrom: "2026-04-15",
  },
  {
    key: "web.decision.forms",
    type: "decision",
    scope: WEB,
    content:
      "Forms use react-hook-form with zod schemas from packages/schemas, the same package the BFF uses to validate requests.",
    tags: ["forms", "zod"],
    importance: 5,
    attributes: {
      alternatives: ["Formik + yup", "uncontrolled forms with hand-written validation"],
      rationale: "One schema shared by the client and the BFF.",
    },
  },
  {
    key: "web.fact.feature_flags",
    type: "fact",
    scope: WEB,
    content:
      "Feature flags come from Unleash through `useFlag('new-map-view')`; a flag must be deleted within two sprints of reaching 100% rollout.",
    tags: ["feature-flags", "unleash"],
    importance: 5,
  },
  {
    key: "web.ep.resize_observer",
    type: "episode",
    scope: WEB,
    content:
      "2026-10-14: Vitest in CI failed with `ReferenceError: ResizeObserver is not defined` in the MapView tests; added a ResizeObserver polyfill in src/test/setup.ts.",
    tags: ["incident", "testing", "vitest"],
    importance: 4,
    validFrom: "2026-10-14",
    eventAt: "2026-10-14",
  },
  {
    key: "web.ep.safari_logout",
    type: "episode",
    scope: WEB,
    content:
      "2026-09-30: Safari users were effectively logged out, bounced to the login page on every refresh; the BFF's cookie was SameSite=Strict and got dropped on the cross-site redirect back from auth-svc.",
    tags: ["incident", "safari", "session"],
    importance: 5,
    validFrom: "2026-09-30",
    eventAt: "2026-09-30",
  },
  {
    key: "web.conv.cookies",
    type: "convention",
    scope: WEB,
    content:
      "The session cookie is `__Host-lf_session`: HttpOnly, Secure, SameSite=Lax, Path=/, and only the BFF sets it.",
    tags: ["security", "cookies"],
    importance: 7,
    validFrom: "2026-10-01",
  },
  {
    key: "web.fact.ports",
    type: "fact",
    scope: WEB,
    content:
      "Local ports: Vite dev server 5173, the BFF under `wrangler dev` 8787, Storybook 6006.",
    tags: ["ports", "local-dev"],
    importance: 4,
  },

  // ── project:infra (Terraform / Kubernetes / GitHub Actions; CircleCI → GHA) ───────────────
  {
    key: "infra.overview",
    type: "project",
    scope: INFRA,
    content:
      "The infra repo (lumen-freight/infra) holds Terraform for our AWS accounts in eu-west-1, the Kubernetes manifests Argo CD syncs to the EKS clusters, and the shared GitHub Actions workflows.",
    tags: ["overview", "terraform", "kubernetes"],
    importance: 8,
  },
  {
    key: "infra.ci.circleci",
    type: "decision",
    scope: INFRA,
    content:
      "CI for all repos runs on CircleCI with shared orbs from lumen-freight/circleci-orbs; each repo's pipeline is in .circleci/config.yml.",
    tags: ["ci", "circleci"],
    importance: 7,
  },
  {
    key: "infra.ci.gha",
    type: "decision",
    scope: INFRA,
    content:
      "All CI moved from CircleCI to GitHub Actions: workflows live in each repo's .github/workflows/, reusable ones in lumen-freight/actions, and the .circleci/ directories were deleted.",
    tags: ["ci", "github-actions"],
    importance: 8,
    validFrom: "2026-05-01",
    supersedes: "infra.ci.circleci",
    attributes: {
      alternatives: ["stay on CircleCI", "Buildkite"],
      rationale: "OIDC to AWS, one vendor fewer, and cheaper with self-hosted ARC runners.",
    },
  },
  {
    key: "infra.k8s.129",
    type: "fact",
    scope: INFRA,
    content: "The prod and staging EKS clusters run Kubernetes 1.29.",
    tags: ["kubernetes", "eks", "version"],
    importance: 6,
  },
  {
    key: "infra.k8s.131",
    type: "fact",
    scope: INFRA,
    content:
      "Prod and staging EKS clusters run Kubernetes 1.31 since the 2026-08-20 upgrade; the next upgrade window is planned for Q1 2027.",
    tags: ["kubernetes", "eks", "version"],
    importance: 6,
    validFrom: "2026-08-20",
    supersedes: "infra.k8s.129",
  },
  {
    key: "infra.tf.lock_dynamo",
    type: "decision",
    scope: INFRA,
    content:
      "Terraform state lives in the S3 bucket lf-tfstate-euw1 with state locking through the DynamoDB table tf-locks; one state file per stack under stacks/<name>/.",
    tags: ["terraform", "state"],
    importance: 7,
  },
  {
    key: "infra.tf.lock_s3",
    type: "decision",
    scope: INFRA,
    content:
      "Terraform state stays in the S3 bucket lf-tfstate-euw1, but locking now uses S3-native lockfiles (`use_lockfile = true`, Terraform >= 1.10); the DynamoDB tf-locks table was deleted.",
    tags: ["terraform", "state"],
    importance: 7,
    validFrom: "2026-10-05",
    supersedes: "infra.tf.lock_dynamo",
    attributes: {
      alternatives: ["keep the DynamoDB lock table"],
      rationale: "One less resource to bootstrap per account; DynamoDB locking is deprecated.",
    },
  },
  {
    key: "infra.autoscale.ca",
    type: "decision",
    scope: INFRA,
    content:
      "Node autoscaling uses the Kubernetes Cluster Autoscaler on two managed node groups (general and spot).",
    tags: ["kubernetes", "autoscaling"],
    importance: 6,
  },
  {
    key: "infra.autoscale.karpenter",
    type: "decision",
    scope: INFRA,
    content:
      "Replaced Cluster Autoscaler with Karpenter: NodePools `general` (on-demand Graviton) and `batch` (spot); the managed node group only hosts Karpenter itself.",
    tags: ["kubernetes", "autoscaling", "karpenter"],
    importance: 7,
    validFrom: "2026-06-10",
    supersedes: "infra.autoscale.ca",
    attributes: {
      alternatives: ["tune Cluster Autoscaler", "Fargate profiles"],
      rationale: "Faster scale-up and better bin-packing; EC2 spend dropped about 30%.",
    },
  },
  {
    key: "infra.neg.apply",
    type: "convention",
    scope: INFRA,
    content:
      "Never run `terraform apply` from a laptop, not even for a small fix; every apply goes through the terraform-apply workflow after the plan has been reviewed.",
    tags: ["terraform", "safety"],
    importance: 10,
    attributes: {
      polarity: "negative",
      triggers: ["terraform apply", "apply from my laptop", "-auto-approve"],
    },
  },
  {
    key: "infra.proc.apply",
    type: "procedure",
    scope: INFRA,
    content:
      "How infrastructure changes get applied: plan on the PR, CODEOWNER approval, merge, and the apply workflow runs with the OIDC role.",
    tags: ["terraform", "workflow"],
    importance: 8,
    validFrom: "2026-05-01",
    attributes: {
      steps: [
        "Open a PR; the terraform-plan workflow posts the plan for each changed stack as a PR comment",
        "Get an approval from a CODEOWNER on the platform team",
        "Merge; terraform-apply runs with the gha-terraform OIDC role in the `production` environment",
        "Watch the run and #deploys; if the plan drifted, re-run the plan before approving again",
      ],
    },
  },
  {
    key: "infra.conv.modules",
    type: "convention",
    scope: INFRA,
    content:
      "Terraform modules live in modules/<name>/ with main.tf, variables.tf, outputs.tf and a README; every variable needs a description and an explicit type.",
    tags: ["terraform", "modules"],
    importance: 6,
  },
  {
    key: "infra.conv.lint",
    type: "convention",
    scope: INFRA,
    content:
      "Before pushing run `pre-commit run -a`, which does `terraform fmt -recursive`, tflint and checkov; CI runs the same hooks.",
    tags: ["lint", "terraform", "pre-commit"],
    importance: 6,
  },
  {
    key: "infra.conv.tags",
    type: "convention",
    scope: INFRA,
    content:
      "Every AWS resource carries the tags Owner, Service, Environment and CostCenter, set once through default_tags in the provider block.",
    tags: ["terraform", "aws", "tagging"],
    importance: 6,
  },
  {
    key: "infra.conv.naming",
    type: "convention",
    scope: INFRA,
    content:
      "AWS resource names follow lf-<env>-<service>-<purpose>, for example lf-prod-billing-backups.",
    tags: ["naming", "aws"],
    importance: 5,
  },
  {
    key: "infra.decision.argocd",
    type: "decision",
    scope: INFRA,
    content:
      "Cluster state is GitOps with Argo CD: whatever is in clusters/<env>/ is what runs. Chose Argo CD over Flux for its UI and ApplicationSets.",
    tags: ["gitops", "argocd", "kubernetes"],
    importance: 8,
    attributes: {
      alternatives: ["Flux", "helm upgrade from CI"],
      rationale: "Developers wanted a UI to see sync status; ApplicationSets cover per-env apps.",
    },
  },
  {
    key: "infra.neg.kubectl",
    type: "convention",
    scope: INFRA,
    content:
      "Never `kubectl edit`, `kubectl apply` or `kubectl scale` against prod by hand; Argo CD reverts it and it hides drift. Change the manifest in Git instead.",
    tags: ["kubernetes", "safety", "gitops"],
    importance: 9,
    attributes: {
      polarity: "negative",
      triggers: ["kubectl edit", "kubectl apply", "kubectl scale", "hotfix in the cluster"],
    },
  },
  {
    key: "infra.decision.secrets",
    type: "decision",
    scope: INFRA,
    content:
      "Secrets are stored in AWS Secrets Manager and synced into namespaces by External Secrets Operator (one ExternalSecret per app). No SOPS or Sealed Secrets files in Git.",
    tags: ["secrets", "kubernetes"],
    importance: 8,
    attributes: {
      alternatives: ["Sealed Secrets", "SOPS + age", "HashiCorp Vault"],
      rationale: "Secrets Manager already holds RDS credentials and supports rotation.",
    },
  },
  {
    key: "infra.decision.oidc",
    type: "decision",
    scope: INFRA,
    content:
      "GitHub Actions reach AWS through OIDC federation (roles gha-terraform and gha-ecr-push); there are no long-lived AWS access keys in repository secrets.",
    tags: ["ci", "aws", "oidc", "security"],
    importance: 8,
    validFrom: "2026-05-01",
    attributes: {
      alternatives: ["IAM user access keys in GitHub secrets"],
      rationale: "Short-lived credentials scoped per workflow and per branch.",
    },
  },
  {
    key: "infra.fact.cluster",
    type: "fact",
    scope: INFRA,
    content:
      "The prod cluster lf-prod-eks in eu-west-1 spans three AZs on Graviton (arm64) nodes; staging is lf-staging-eks with the same layout at a smaller size.",
    tags: ["kubernetes", "eks"],
    importance: 7,
  },
  {
    key: "infra.proc.kubeconfig",
    type: "procedure",
    scope: INFRA,
    content:
      "Getting read-only kubectl access to the prod cluster through AWS SSO; changes still go through Git.",
    tags: ["kubernetes", "access"],
    importance: 6,
    attributes: {
      steps: [
        "`aws sso login --profile lf-prod`",
        "`aws eks update-kubeconfig --name lf-prod-eks --region eu-west-1 --profile lf-prod --alias prod`",
        "`kubectl --context prod get ns`; the SSO role is read-only",
      ],
    },
  },
  {
    key: "infra.fact.ingress",
    type: "fact",
    scope: INFRA,
    content:
      "Ingress is ingress-nginx behind an AWS NLB; TLS certificates come from cert-manager using Let's Encrypt DNS-01 challenges against Route 53.",
    tags: ["ingress", "tls", "kubernetes"],
    importance: 6,
  },
  {
    key: "infra.fact.monitoring",
    type: "fact",
    scope: INFRA,
    content:
      "Monitoring is kube-prometheus-stack with Grafana at grafana.internal.lumenfreight.example; alerts route through Alertmanager to the PagerDuty service 'platform'.",
    tags: ["monitoring", "prometheus", "grafana"],
    importance: 6,
  },
  {
    key: "infra.ep.nat_timeout",
    type: "episode",
    scope: INFRA,
    content:
      "2026-04-22: billing-svc logged bursts of ECONNRESET when talking to Stripe; the NAT gateway's 350 s idle timeout was killing pooled keep-alive connections, so httpx keepalive_expiry is now 60 s.",
    tags: ["incident", "networking", "aws"],
    importance: 5,
    validFrom: "2026-04-22",
    eventAt: "2026-04-22",
  },
  {
    key: "infra.ep.certs",
    type: "episode",
    scope: INFRA,
    content:
      "2026-08-29: the wildcard certificate for *.lumenfreight.example did not renew because a refactor dropped route53:ChangeResourceRecordSets from cert-manager's IAM role; restored it with 9 days to spare.",
    tags: ["incident", "tls", "iam"],
    importance: 6,
    validFrom: "2026-08-29",
    eventAt: "2026-08-29",
  },
  {
    key: "infra.conv.irsa_tests",
    type: "convention",
    scope: INFRA,
    content:
      "IRSA policies for in-cluster controllers are defined only in modules/irsa, and test/irsa_test.go asserts that each controller keeps its required AWS actions.",
    tags: ["iam", "irsa", "testing"],
    importance: 6,
    validFrom: "2026-09-02",
  },
  {
    key: "infra.ep.eks_upgrade",
    type: "episode",
    scope: INFRA,
    content:
      "2026-08-20: the EKS 1.29 to 1.31 upgrade stalled until we deleted leftover flowcontrol.apiserver.k8s.io/v1beta2 manifests; pluto only flagged them after the fact.",
    tags: ["incident", "eks", "upgrade"],
    importance: 5,
    validFrom: "2026-08-20",
    eventAt: "2026-08-20",
  },
  {
    key: "infra.proc.eks_upgrade",
    type: "procedure",
    scope: INFRA,
    content:
      "Upgrading an EKS cluster one Kubernetes minor version at a time, staging first, after clearing deprecated APIs.",
    tags: ["eks", "upgrade", "kubernetes"],
    importance: 7,
    validFrom: "2026-08-21",
    attributes: {
      steps: [
        "Run `pluto detect-all-in-cluster` and `kubent`; remove deprecated APIs from clusters/<env>/ first",
        "Upgrade staging by bumping `cluster_version` in stacks/eks-staging through a PR",
        "Bump the managed add-ons (vpc-cni, coredns, kube-proxy) to the versions for the new minor",
        "Let Karpenter drift-replace the nodes and watch PodDisruptionBudgets",
        "Repeat for prod a week later",
      ],
    },
  },
  {
    key: "infra.ep.state_lock",
    type: "episode",
    scope: INFRA,
    content:
      "2026-06-03: terraform-apply hung on 'Error acquiring the state lock' after someone cancelled a run mid-apply; released it with `terraform force-unlock <LOCK_ID>` once we confirmed nothing else was running.",
    tags: ["incident", "terraform", "state"],
    importance: 5,
    validFrom: "2026-06-03",
    eventAt: "2026-06-03",
  },
  {
    key: "infra.proc.force_unlock",
    type: "procedure",
    scope: INFRA,
    content:
      "Clearing a stale Terraform state lock safely, through the workflow rather than from a laptop.",
    tags: ["terraform", "state"],
    importance: 6,
    validFrom: "2026-06-04",
    attributes: {
      steps: [
        "Confirm in the Actions tab that no terraform-apply or terraform-plan run is in progress for that stack",
        "Copy the lock ID from the error message",
        "Run the terraform-force-unlock workflow with the stack name and lock ID (it runs `terraform force-unlock -force <LOCK_ID>`)",
        "Re-run the plan and check that it is clean",
      ],
    },
  },
  {
    key: "infra.conv.gha_pin",
    type: "convention",
    scope: INFRA,
    content:
      "Third-party GitHub Actions are pinned to a full commit SHA with the version in a comment (`uses: actions/checkout@<sha> # v4.2.2`); Renovate bumps them.",
    tags: ["github-actions", "security", "supply-chain"],
    importance: 6,
    validFrom: "2026-05-01",
  },
  {
    key: "infra.conv.workflows",
    type: "convention",
    scope: INFRA,
    content:
      "Reusable workflows are named .github/workflows/_*.yml; the deploy workflow is .github/workflows/deploy.yml and uses `environment: production`, which needs a manual approval.",
    tags: ["github-actions", "deploy"],
    importance: 6,
    validFrom: "2026-05-01",
  },
  {
    key: "infra.fact.renovate",
    type: "fact",
    scope: INFRA,
    content:
      "Renovate runs every Monday at 04:00 UTC for all repos from the shared preset lumen-freight/renovate-config; only patch updates of devDependencies automerge.",
    tags: ["renovate", "dependencies"],
    importance: 5,
  },
  {
    key: "infra.fact.dr",
    type: "fact",
    scope: INFRA,
    content:
      "The disaster-recovery region is eu-central-1: S3 backup buckets, including lf-prod-billing-backups, replicate there with CRR and a 15-minute RPO.",
    tags: ["dr", "backup", "aws"],
    importance: 6,
  },
  {
    key: "infra.fact.runners",
    type: "fact",
    scope: INFRA,
    content:
      "CI jobs use GitHub-hosted ubuntu-24.04 runners, except container image builds, which run on self-hosted ARC runners labelled lf-arm64 in the lf-ci-eks cluster.",
    tags: ["ci", "runners"],
    importance: 5,
    validFrom: "2026-05-01",
  },
  {
    key: "infra.test.cmd",
    type: "fact",
    scope: INFRA,
    content:
      "Terraform tests: `terraform validate` per stack in CI, plus Terratest suites in test/ run with `go test ./test/... -timeout 45m`, only when the PR has the run-terratest label.",
    tags: ["testing", "terratest"],
    importance: 5,
  },
  {
    key: "infra.snippet.oidc",
    type: "snippet",
    scope: INFRA,
    content:
      "permissions:\n  id-token: write\n  contents: read\nsteps:\n  - uses: aws-actions/configure-aws-credentials@<sha> # v4\n    with:\n      role-to-assume: arn:aws:iam::<account-id>:role/gha-terraform\n      aws-region: eu-west-1",
    tags: ["github-actions", "oidc", "yaml"],
    importance: 4,
    validFrom: "2026-05-01",
    attributes: { language: "yaml" },
  },
  {
    key: "infra.proc.new_service",
    type: "procedure",
    scope: INFRA,
    content:
      "Putting a new service on the cluster: namespace, Argo CD Application, secrets, ingress and monitoring, then an on-call service.",
    tags: ["kubernetes", "onboarding", "argocd"],
    importance: 6,
    attributes: {
      steps: [
        "Create clusters/prod/namespaces/<svc>.yaml with the team label",
        "Add an Argo CD Application in clusters/prod/apps/<svc>.yaml pointing at the service's deploy/ Kustomize overlay",
        "Create the Secrets Manager entries with Terraform in stacks/secrets and an ExternalSecret in the overlay",
        "Add the ingress host and a ServiceMonitor",
        "Ask in #platform for a PagerDuty service",
      ],
    },
  },

  // ── project:mobile (Kotlin / Jetpack Compose, Android driver app) ─────────────────────────
  {
    key: "mobile.overview",
    type: "project",
    scope: MOBILE,
    content:
      "mobile is the Android driver app (package com.lumenfreight.driver) that drivers use to accept loads, scan delivery paperwork and share their location. Kotlin + Jetpack Compose, repo lumen-freight/driver-android.",
    tags: ["overview", "android", "kotlin"],
    importance: 8,
  },
  {
    key: "mobile.minsdk.24",
    type: "fact",
    scope: MOBILE,
    content:
      "minSdk is 24 (Android 7.0) and targetSdk 34; java.time needs core library desugaring.",
    tags: ["android", "sdk"],
    importance: 6,
  },
  {
    key: "mobile.minsdk.26",
    type: "fact",
    scope: MOBILE,
    content:
      "minSdk raised to 26 (Android 8.0) so java.time works without desugaring, and targetSdk is now 35. Devices below 8.0 were under 0.5% of active drivers.",
    tags: ["android", "sdk"],
    importance: 7,
    validFrom: "2026-08-01",
    supersedes: "mobile.minsdk.24",
  },
  {
    key: "mobile.di.dagger",
    type: "decision",
    scope: MOBILE,
    content:
      "Dependency injection uses hand-written Dagger 2 components (AppComponent plus a subcomponent per feature).",
    tags: ["di", "dagger"],
    importance: 6,
  },
  {
    key: "mobile.di.hilt",
    type: "decision",
    scope: MOBILE,
    content:
      "Migrated dependency injection from hand-rolled Dagger components to Hilt: @HiltViewModel for ViewModels, and Hilt modules in each Gradle module's di/ package.",
    tags: ["di", "hilt"],
    importance: 7,
    validFrom: "2026-04-28",
    supersedes: "mobile.di.dagger",
    attributes: {
      alternatives: ["keep manual Dagger components", "Koin"],
      rationale:
        "Less boilerplate per feature module and first-class ViewModel/WorkManager support.",
    },
  },
  {
    key: "mobile.decision.compose",
    type: "decision",
    scope: MOBILE,
    content:
      "All new UI is Jetpack Compose with Material 3; no new XML layouts. The document scanner keeps its Fragment + CameraX PreviewView until it is rewritten.",
    tags: ["compose", "ui"],
    importance: 7,
    attributes: {
      alternatives: ["keep XML views for new screens"],
      rationale: "Faster iteration, previews, and screenshot testing with Paparazzi.",
    },
  },
  {
    key: "mobile.db.room",
    type: "decision",
    scope: MOBILE,
    content:
      "Local persistence is Room (driver.db) and the app is offline-first: accepted loads and scans go into an outbox table that a WorkManager job syncs once there is connectivity.",
    tags: ["database", "room", "offline"],
    importance: 8,
    attributes: {
      alternatives: ["SQLDelight", "DataStore only"],
      rationale: "Drivers lose coverage on motorways; nothing may be lost while offline.",
    },
  },
  {
    key: "mobile.conv.lint",
    type: "convention",
    scope: MOBILE,
    content:
      "Formatting and static analysis: `./gradlew spotlessApply` (ktlint) and `./gradlew detekt`; the detekt baseline in config/detekt/baseline.xml must not grow.",
    tags: ["lint", "ktlint", "detekt"],
    importance: 6,
  },
  {
    key: "mobile.test.cmd",
    type: "fact",
    scope: MOBILE,
    content:
      "Unit tests: `./gradlew testDebugUnitTest`. Instrumented tests: `./gradlew connectedDebugAndroidTest` on an API 34 emulator.",
    tags: ["testing", "gradle"],
    importance: 7,
  },
  {
    key: "mobile.conv.architecture",
    type: "convention",
    scope: MOBILE,
    content:
      "MVVM with unidirectional data flow: each screen's ViewModel exposes a single StateFlow<UiState> and takes events; composables never touch repositories directly.",
    tags: ["architecture", "mvvm"],
    importance: 7,
  },
  {
    key: "mobile.conv.coroutines",
    type: "convention",
    scope: MOBILE,
    content:
      "Use viewModelScope and the injected DispatcherProvider; never GlobalScope, and never hardcode Dispatchers.IO or Dispatchers.Main inside classes.",
    tags: ["coroutines", "kotlin"],
    importance: 7,
    validFrom: "2026-07-16",
  },
  {
    key: "mobile.conv.modules",
    type: "convention",
    scope: MOBILE,
    content:
      "Gradle modules are :app, :core:data, :core:ui, :feature:loads and :feature:scan; feature modules must not depend on each other and share code through :core.",
    tags: ["gradle", "modules", "architecture"],
    importance: 6,
  },
  {
    key: "mobile.conv.versions",
    type: "convention",
    scope: MOBILE,
    content:
      "All dependency versions are declared in gradle/libs.versions.toml (the version catalog); no hardcoded versions in build.gradle.kts files.",
    tags: ["gradle", "dependencies"],
    importance: 5,
  },
  {
    key: "mobile.proc.release",
    type: "procedure",
    scope: MOBILE,
    content:
      "Shipping a new version of the driver app to Google Play: bump versions, tag, let fastlane upload to the internal track, then staged rollout in Play Console.",
    tags: ["release", "play-store", "fastlane"],
    importance: 8,
    attributes: {
      steps: [
        "Bump versionCode and versionName in app/build.gradle.kts",
        "Tag `android-v<versionName>` on main and push the tag",
        "The release workflow runs `bundle exec fastlane internal`, which builds the signed AAB and uploads it to the internal track",
        "Promote internal, then closed testing, then production in Play Console with a staged rollout of 10%, 50%, 100%, checking Crashlytics between steps",
      ],
    },
  },
  {
    key: "mobile.proc.local_api",
    type: "procedure",
    scope: MOBILE,
    content: "Pointing a debug build of the driver app at a BFF running on the laptop.",
    tags: ["local-dev", "adb"],
    importance: 4,
    attributes: {
      steps: [
        "Start the BFF with `pnpm --filter bff dev` (port 8787) in the web-app repo",
        "`adb reverse tcp:8787 tcp:8787`",
        "Set `API_BASE_URL=http://localhost:8787` in local.properties",
        "Rebuild and install the debug variant",
      ],
    },
  },
  {
    key: "mobile.env.maps_key",
    type: "fact",
    scope: MOBILE,
    content:
      "The Google Maps key is read from MAPS_API_KEY in local.properties (git-ignored) and from a GitHub Actions secret with the same name in CI.",
    tags: ["env", "maps"],
    importance: 5,
  },
  {
    key: "mobile.ep.anr",
    type: "episode",
    scope: MOBILE,
    content:
      "2026-07-15: Play Console showed an ANR spike in 3.8.0; LoadListViewModel.init ran a Room query on the main thread. Moved it off the main thread and turned on StrictMode in debug builds.",
    tags: ["incident", "anr", "performance"],
    importance: 6,
    validFrom: "2026-07-15",
    eventAt: "2026-07-15",
  },
  {
    key: "mobile.ep.location",
    type: "episode",
    scope: MOBILE,
    content:
      "2026-09-10: drivers on Android 14 stopped sharing location in the background because the manifest lacked FOREGROUND_SERVICE_LOCATION; shipped hotfix 3.9.2.",
    tags: ["incident", "location", "permissions"],
    importance: 6,
    validFrom: "2026-09-10",
    eventAt: "2026-09-10",
  },
  {
    key: "mobile.ep.r8",
    type: "episode",
    scope: MOBILE,
    content:
      "2026-10-02: the 3.10.0 release build crashed with ClassNotFoundException for kotlinx.serialization models once R8 full mode was on; added keep rules in app/proguard-rules.pro.",
    tags: ["incident", "r8", "release"],
    importance: 5,
    validFrom: "2026-10-02",
    eventAt: "2026-10-02",
  },
  {
    key: "mobile.neg.signing",
    type: "convention",
    scope: MOBILE,
    content:
      "Never commit the upload keystore or keystore.properties. Release signing only happens in CI, from the secrets ANDROID_KEYSTORE_BASE64 and ANDROID_KEYSTORE_PASSWORD.",
    tags: ["signing", "security", "release"],
    importance: 9,
    attributes: {
      polarity: "negative",
      triggers: ["git add *.jks", "keystore.properties", "sign the release locally"],
    },
  },
  {
    key: "mobile.fact.toolchain",
    type: "fact",
    scope: MOBILE,
    content:
      "Toolchain: Kotlin 2.0 with the K2 compiler, Android Gradle Plugin 8.7, Gradle 8.10 and a JDK 17 toolchain.",
    tags: ["kotlin", "gradle", "versions"],
    importance: 5,
  },
  {
    key: "mobile.fact.networking",
    type: "fact",
    scope: MOBILE,
    content:
      "Networking is Retrofit + OkHttp + kotlinx.serialization; expired access tokens are refreshed by TokenAuthenticator in :core:data.",
    tags: ["networking", "retrofit"],
    importance: 5,
  },
  {
    key: "mobile.decision.no_rn",
    type: "decision",
    scope: MOBILE,
    content:
      "Decided in March 2026 not to rewrite the app in React Native: camera and scanner performance plus the team's Kotlin experience outweighed sharing code with web-app.",
    tags: ["react-native", "architecture"],
    importance: 6,
    validFrom: "2026-03-12",
    attributes: {
      alternatives: ["React Native rewrite", "Flutter", "Kotlin Multiplatform for shared logic"],
      rationale: "Scanner frame rate on A-series phones halved in the RN prototype.",
    },
  },
  {
    key: "mobile.snippet.uistate",
    type: "snippet",
    scope: MOBILE,
    content:
      "sealed interface LoadsUiState {\n  data object Loading : LoadsUiState\n  data class Ready(val loads: List<LoadItem>) : LoadsUiState\n  data class Error(val message: UiText) : LoadsUiState\n}",
    tags: ["kotlin", "compose", "state"],
    importance: 4,
    attributes: { language: "kotlin" },
  },
  {
    key: "mobile.fact.crash",
    type: "fact",
    scope: MOBILE,
    content:
      "Crash reporting is Firebase Crashlytics; non-fatal errors logged with Timber.e are forwarded by CrashlyticsTree in release builds.",
    tags: ["crashlytics", "logging"],
    importance: 5,
  },
  {
    key: "mobile.conv.strings",
    type: "convention",
    scope: MOBILE,
    content:
      "User-visible text lives in res/values/strings.xml with pt and es translations; the HardcodedText lint check is configured as an error.",
    tags: ["i18n", "lint"],
    importance: 5,
  },
  {
    key: "mobile.fact.devices",
    type: "fact",
    scope: MOBILE,
    content:
      "Drivers mostly use Samsung Galaxy A-series phones (A14, A34) on Android 13 and 14, often on patchy 3G/4G along motorways.",
    tags: ["devices", "users"],
    importance: 6,
  },
  {
    key: "mobile.proc.screenshot",
    type: "procedure",
    scope: MOBILE,
    content: "Updating Paparazzi screenshot tests after an intended UI change.",
    tags: ["testing", "paparazzi", "compose"],
    importance: 5,
    attributes: {
      steps: [
        "`./gradlew :core:ui:recordPaparazziDebug`",
        "Review the changed PNGs under src/test/snapshots/",
        "Commit them in the same PR as the UI change",
        "CI verifies with `./gradlew verifyPaparazziDebug`",
      ],
    },
  },
  {
    key: "mobile.decision.coil",
    type: "decision",
    scope: MOBILE,
    content: "Image loading uses Coil 3; Glide was removed so the app keeps a single image cache.",
    tags: ["images", "dependencies"],
    importance: 4,
    validFrom: "2026-05-06",
    attributes: { alternatives: ["keep Glide"], rationale: "Compose-first API and one cache." },
  },

  // ── project:data-pipeline (Python / Airflow / dbt; Redshift → Snowflake) ──────────────────
  {
    key: "data.overview",
    type: "project",
    scope: DATA,
    content:
      "data-pipeline runs the nightly ELT: Airflow DAGs pull data from billing, tracking-api and the driver app's event stream into the warehouse, and dbt builds the marts behind the finance and ops dashboards.",
    tags: ["overview", "airflow", "dbt"],
    importance: 8,
  },
  {
    key: "data.wh.redshift",
    type: "decision",
    scope: DATA,
    content:
      "The warehouse is Amazon Redshift (cluster lf-analytics, 2 x ra3.xlplus); dbt uses the dbt-redshift adapter.",
    tags: ["warehouse", "redshift"],
    importance: 7,
  },
  {
    key: "data.wh.snowflake",
    type: "decision",
    scope: DATA,
    content:
      "The warehouse moved from Redshift to Snowflake (AWS eu-west-1, database ANALYTICS); dbt now uses dbt-snowflake and transformations run on the TRANSFORM_WH warehouse.",
    tags: ["warehouse", "snowflake"],
    importance: 9,
    validFrom: "2026-06-15",
    supersedes: "data.wh.redshift",
    attributes: {
      alternatives: [
        "stay on Redshift with concurrency scaling",
        "BigQuery",
        "DuckDB + MotherDuck",
      ],
      rationale:
        "Separate compute for Metabase and dbt; vacuum and WLM tuning on Redshift cost a day a month.",
    },
  },
  {
    key: "data.airflow.mwaa",
    type: "decision",
    scope: DATA,
    content:
      "Airflow runs on Amazon MWAA (environment lf-airflow, Airflow 2.8); DAGs are synced from the dags/ folder to S3.",
    tags: ["airflow", "mwaa"],
    importance: 7,
  },
  {
    key: "data.airflow.k8s",
    type: "decision",
    scope: DATA,
    content:
      "Airflow moved off MWAA to self-hosted Airflow 2.10 on EKS (official Helm chart, KubernetesExecutor) in the airflow namespace; DAGs ship inside the image, no more S3 sync.",
    tags: ["airflow", "kubernetes"],
    importance: 8,
    validFrom: "2026-09-01",
    supersedes: "data.airflow.mwaa",
    attributes: {
      alternatives: ["stay on MWAA", "Dagster Cloud", "Prefect"],
      rationale: "MWAA lagged Airflow releases by months and cost 3x the EKS equivalent.",
    },
  },
  {
    key: "data.conv.dbt_naming",
    type: "convention",
    scope: DATA,
    content:
      "dbt layers: staging models are stg_<source>__<entity>, intermediate int_<topic>, marts fct_<event> and dim_<entity>; one model per file under models/<layer>/.",
    tags: ["dbt", "naming"],
    importance: 6,
  },
  {
    key: "data.conv.lint",
    type: "convention",
    scope: DATA,
    content:
      "SQL is linted with sqlfluff (dialect snowflake, templater dbt) and Python with ruff; `make lint` runs both and CI blocks on failures.",
    tags: ["lint", "sqlfluff", "ruff"],
    importance: 6,
    validFrom: "2026-06-15",
  },
  {
    key: "data.test.cmd",
    type: "fact",
    scope: DATA,
    content:
      "CI runs `dbt build --select state:modified+ --defer --state prod-manifest/` and `pytest tests/dags`, which checks that every DAG imports cleanly and has no cycles.",
    tags: ["testing", "dbt", "ci"],
    importance: 7,
    validFrom: "2026-06-15",
  },
  {
    key: "data.conv.dag",
    type: "convention",
    scope: DATA,
    content:
      "One DAG per file in dags/, with dag_id equal to the file name, catchup=False, retries=2 and owner set to 'data-team'.",
    tags: ["airflow", "dags"],
    importance: 6,
  },
  {
    key: "data.conv.incremental",
    type: "convention",
    scope: DATA,
    content:
      "Fact tables above roughly 10M rows are incremental models with a unique_key and on_schema_change='append_new_columns'; rebuilding one from scratch needs a ticket.",
    tags: ["dbt", "incremental"],
    importance: 6,
  },
  {
    key: "data.neg.full_refresh",
    type: "convention",
    scope: DATA,
    content:
      "Never run `dbt run --full-refresh` on fct_shipments in prod: it takes 4+ hours and blocks the finance dashboards. Ask in #data first.",
    tags: ["dbt", "safety"],
    importance: 9,
    attributes: {
      polarity: "negative",
      triggers: ["--full-refresh", "full refresh fct_shipments", "rebuild fct_shipments"],
    },
  },
  {
    key: "data.ep.billing_extract",
    type: "episode",
    scope: DATA,
    content:
      "2026-07-02: extract_billing failed all night after billing dropped its RDS read replica; it now reads the latest Litestream snapshot from s3://lf-prod-billing-backups instead of querying Postgres.",
    tags: ["incident", "billing", "extract"],
    importance: 6,
    validFrom: "2026-07-02",
    eventAt: "2026-07-02",
  },
  {
    key: "data.fact.schedule",
    type: "fact",
    scope: DATA,
    content:
      "elt_nightly starts at 03:30 UTC, after billing's 02:00 invoice run, and must finish by 07:00 UTC (the finance dashboard SLA).",
    tags: ["schedule", "sla"],
    importance: 7,
  },
  {
    key: "data.proc.backfill",
    type: "procedure",
    scope: DATA,
    content:
      "Backfilling a date range without starving the nightly run: use the backfill pool, then rebuild the downstream dbt models for the same window.",
    tags: ["airflow", "backfill", "dbt"],
    importance: 7,
    attributes: {
      steps: [
        "Don't pause elt_nightly; backfills use the `backfill` pool so nightly tasks keep their slots",
        "`airflow dags backfill elt_nightly -s 2026-05-01 -e 2026-05-07 --reset-dagruns --pool backfill`",
        "`dbt build --select fct_invoices+ --vars '{start_date: 2026-05-01, end_date: 2026-05-07}'`",
        "Spot-check the totals against the Finance Overview dashboard in Metabase",
      ],
    },
  },
  {
    key: "data.proc.new_source",
    type: "procedure",
    scope: DATA,
    content:
      "Adding a new source system to the warehouse: extractor task, source declaration with freshness, staging models with tests, DAG wiring, review.",
    tags: ["airflow", "dbt", "sources"],
    importance: 6,
    validFrom: "2026-06-15",
    attributes: {
      steps: [
        "Write an extractor task in dags/extract_<source>.py that lands files in RAW.<source> through the SnowflakeStageHook",
        "Declare the source in models/staging/<source>/_sources.yml with freshness checks",
        "Add stg_<source>__<entity> models with unique and not_null tests",
        "Wire it into elt_nightly with a Dataset trigger",
        "Ask Lena to review the models",
      ],
    },
  },
  {
    key: "data.proc.local",
    type: "procedure",
    scope: DATA,
    content: "Local development for dbt models and DAGs against a personal dev schema.",
    tags: ["local-dev", "dbt", "airflow"],
    importance: 5,
    validFrom: "2026-06-15",
    attributes: {
      steps: [
        "`docker compose up airflow` for a local scheduler and webserver on :8080",
        "`dbt deps`",
        "`dbt build --target dev`; the dev target writes to the schema DEV_<YOUR_USER>",
        "`pytest tests/dags` before pushing",
      ],
    },
  },
  {
    key: "data.env.snowflake",
    type: "fact",
    scope: DATA,
    content:
      "dbt and Airflow connect with key-pair auth from SNOWFLAKE_ACCOUNT, SNOWFLAKE_USER and SNOWFLAKE_PRIVATE_KEY_PATH; there are no Snowflake passwords anywhere.",
    tags: ["env", "snowflake", "auth"],
    importance: 6,
    validFrom: "2026-06-15",
  },
  {
    key: "data.ep.cost",
    type: "episode",
    scope: DATA,
    content:
      "2026-08-11: July's Snowflake bill was double the forecast because TRANSFORM_WH had been resized to LARGE with auto_suspend disabled during a debugging session and left that way.",
    tags: ["incident", "cost", "snowflake"],
    importance: 6,
    validFrom: "2026-08-11",
    eventAt: "2026-08-11",
  },
  {
    key: "data.conv.wh_guardrails",
    type: "convention",
    scope: DATA,
    content:
      "Compute sizes are managed only in Terraform (stacks/snowflake) with auto_suspend = 60 and a resource monitor on each one; never resize from the web console.",
    tags: ["snowflake", "cost", "terraform"],
    importance: 7,
    validFrom: "2026-08-12",
    attributes: {
      polarity: "negative",
      triggers: ["ALTER WAREHOUSE", "resize warehouse", "auto_suspend = 0"],
    },
  },
  {
    key: "data.ep.dag_parse",
    type: "episode",
    scope: DATA,
    content:
      "2026-10-20: scheduler heartbeats lagged 10+ minutes and tasks sat in queued; dags/hubspot_sync.py was querying Snowflake's information_schema every time the file got parsed.",
    tags: ["incident", "airflow", "scheduler"],
    importance: 5,
    validFrom: "2026-10-20",
    eventAt: "2026-10-20",
  },
  {
    key: "data.neg.top_level",
    type: "convention",
    scope: DATA,
    content:
      "Never make network or database calls at the top level of a DAG file: the scheduler re-parses every file every 30 s. Put them inside tasks.",
    tags: ["airflow", "dags", "performance"],
    importance: 8,
    validFrom: "2026-10-21",
    attributes: {
      polarity: "negative",
      triggers: ["top-level code in a DAG", "query at import time", "Variable.get at module level"],
    },
  },
  {
    key: "data.fact.dbt_version",
    type: "fact",
    scope: DATA,
    content:
      "dbt-core 1.8 with dbt-snowflake 1.8; packages are dbt_utils and dbt_expectations, pinned in packages.yml.",
    tags: ["dbt", "versions"],
    importance: 5,
    validFrom: "2026-06-15",
  },
  {
    key: "data.conv.tests",
    type: "convention",
    scope: DATA,
    content:
      "Every model has unique and not_null tests on its primary key in the model's YAML; marts also get a dbt_expectations row count test (expect_table_row_count_to_be_between).",
    tags: ["dbt", "testing"],
    importance: 6,
  },
  {
    key: "data.entity.metabase",
    type: "entity",
    scope: DATA,
    content:
      "Metabase (metabase.internal.lumenfreight.example) hosts the finance and ops dashboards and only reads from the MARTS schema.",
    tags: ["metabase", "bi"],
    importance: 6,
  },
  {
    key: "data.fact.pii",
    type: "fact",
    scope: DATA,
    content:
      "PII columns (driver phone, email, home address) are protected by the Snowflake masking policy PII_MASK; only the ANALYST_PII role sees clear values.",
    tags: ["pii", "snowflake", "security"],
    importance: 8,
    validFrom: "2026-06-15",
  },
  {
    key: "data.decision.stay_dbt",
    type: "decision",
    scope: DATA,
    content:
      "Evaluated SQLMesh in September 2026 and decided to stay on dbt: team familiarity, Metabase lineage and the existing dbt_expectations tests outweighed SQLMesh's virtual environments.",
    tags: ["dbt", "sqlmesh", "evaluation"],
    importance: 5,
    validFrom: "2026-09-25",
    attributes: {
      alternatives: ["SQLMesh", "Dataform"],
      rationale: "Migration cost with no blocking pain on dbt.",
    },
  },
  {
    key: "data.snippet.macro",
    type: "snippet",
    scope: DATA,
    content:
      "{% macro cents_to_eur(col) %}round({{ col }} / 100.0, 2){% endmacro %} -- use {{ cents_to_eur('amount_minor') }} in marts instead of dividing inline.",
    tags: ["dbt", "jinja", "money"],
    importance: 4,
    attributes: { language: "sql" },
  },
  {
    key: "data.snippet.taskflow",
    type: "snippet",
    scope: DATA,
    content:
      '@dag(schedule="30 3 * * *", start_date=pendulum.datetime(2026, 1, 1, tz="UTC"), catchup=False)\ndef elt_nightly():\n    raw = extract_billing()\n    load_raw(raw) >> run_dbt_build()',
    tags: ["airflow", "python", "taskflow"],
    importance: 4,
    attributes: { language: "python" },
  },
  {
    key: "data.fact.python",
    type: "fact",
    scope: DATA,
    content:
      "The Airflow image is apache/airflow:2.10.3-python3.11, so DAG code must stay compatible with Python 3.11.",
    tags: ["python", "airflow", "versions"],
    importance: 5,
    validFrom: "2026-09-01",
  },

  // ── project:cli-tool (Rust CLI `lf`) ──────────────────────────────────────────────────────
  {
    key: "cli.overview",
    type: "project",
    scope: CLI,
    content:
      "cli-tool is `lf`, the open-source (Apache-2.0) Rust CLI that lets Lumen Freight customers create shipments, download invoices and tail tracking events from a terminal. Repo lumen-freight/lf.",
    tags: ["overview", "rust", "cli"],
    importance: 8,
  },
  {
    key: "cli.release.manual",
    type: "decision",
    scope: CLI,
    content:
      "Releases are built by hand: bump the version in Cargo.toml, `cargo build --release` on each OS, attach the binaries to a GitHub release and run `cargo publish`.",
    tags: ["release"],
    importance: 6,
  },
  {
    key: "cli.release.cargo_dist",
    type: "decision",
    scope: CLI,
    content:
      "Releases are built by cargo-dist: pushing a v* tag builds Linux, macOS and Windows binaries plus shell and PowerShell installers, and updates the Homebrew tap lumen-freight/homebrew-tap.",
    tags: ["release", "cargo-dist", "homebrew"],
    importance: 8,
    validFrom: "2026-05-10",
    supersedes: "cli.release.manual",
    attributes: {
      alternatives: ["keep manual releases", "goreleaser-style custom workflow"],
      rationale:
        "Manual releases took an afternoon and twice shipped a macOS binary built for x86.",
    },
  },
  {
    key: "cli.msrv.174",
    type: "convention",
    scope: CLI,
    content: "The minimum supported Rust version is 1.74 (rust-version in Cargo.toml).",
    tags: ["rust", "msrv"],
    importance: 5,
  },
  {
    key: "cli.msrv.180",
    type: "convention",
    scope: CLI,
    content:
      "The minimum supported Rust version is now 1.80 (rust-version in Cargo.toml) so we can use LazyLock; CI checks it with `cargo +1.80 check --locked`.",
    tags: ["rust", "msrv"],
    importance: 6,
    validFrom: "2026-09-01",
    supersedes: "cli.msrv.174",
  },
  {
    key: "cli.config.xdg",
    type: "fact",
    scope: CLI,
    content: "The lf config file lives at ~/.config/lf/config.toml on every platform.",
    tags: ["config"],
    importance: 5,
  },
  {
    key: "cli.config.dirs",
    type: "fact",
    scope: CLI,
    content:
      "The lf config path comes from directories::ProjectDirs: ~/.config/lf/config.toml on Linux, ~/Library/Application Support/com.lumenfreight.lf/config.toml on macOS and %APPDATA%\\lumenfreight\\lf\\config\\config.toml on Windows.",
    tags: ["config", "windows", "macos"],
    importance: 6,
    validFrom: "2026-06-25",
    supersedes: "cli.config.xdg",
  },
  {
    key: "cli.ep.windows_config",
    type: "episode",
    scope: CLI,
    content:
      "2026-06-24: Windows users reported that `lf login` kept forgetting settings because the path ~/.config was hardcoded and doesn't exist there (issue #87).",
    tags: ["incident", "windows"],
    importance: 4,
    validFrom: "2026-06-24",
    eventAt: "2026-06-24",
  },
  {
    key: "cli.decision.clap",
    type: "decision",
    scope: CLI,
    content:
      "Argument parsing is clap 4 with the derive API; each subcommand lives in src/cmd/<name>.rs and implements the Run trait.",
    tags: ["clap", "rust"],
    importance: 6,
    attributes: { alternatives: ["argh", "lexopt"], rationale: "Completions and help for free." },
  },
  {
    key: "cli.decision.blocking",
    type: "decision",
    scope: CLI,
    content:
      "Most commands use blocking reqwest to keep startup under 20 ms; tokio is only pulled in for `lf tail`, which streams server-sent events.",
    tags: ["async", "tokio", "performance"],
    importance: 6,
    attributes: {
      alternatives: ["tokio everywhere", "ureq"],
      rationale: "Startup time matters for a CLI used in shell loops.",
    },
  },
  {
    key: "cli.ep.musl",
    type: "episode",
    scope: CLI,
    content:
      "2026-04-08: the x86_64-unknown-linux-musl build failed to link OpenSSL (openssl-sys) in CI.",
    tags: ["incident", "build", "musl"],
    importance: 4,
    validFrom: "2026-04-08",
    eventAt: "2026-04-08",
  },
  {
    key: "cli.decision.rustls",
    type: "decision",
    scope: CLI,
    content:
      'reqwest is built with default-features = false and features ["blocking", "json", "rustls-tls"]; the binary must stay fully statically linkable.',
    tags: ["tls", "dependencies", "rust"],
    importance: 6,
    validFrom: "2026-04-09",
    attributes: {
      alternatives: ["vendored OpenSSL (openssl/vendored)"],
      rationale: "No C toolchain surprises when cross-compiling.",
    },
  },
  {
    key: "cli.conv.errors",
    type: "convention",
    scope: CLI,
    content:
      'Library code (src/api/) defines error enums with thiserror; command handlers use anyhow with .context("..."). No unwrap() or expect() outside tests.',
    tags: ["errors", "rust"],
    importance: 7,
  },
  {
    key: "cli.conv.lint",
    type: "convention",
    scope: CLI,
    content:
      "`cargo clippy --all-targets -- -D warnings` and `cargo fmt --check` must pass; clippy::pedantic is on with a short allow list in src/lib.rs.",
    tags: ["lint", "clippy", "rustfmt"],
    importance: 6,
  },
  {
    key: "cli.test.cmd",
    type: "fact",
    scope: CLI,
    content:
      "Run the tests with `cargo nextest run`; CLI output is covered by insta snapshot tests, and `cargo insta review` accepts changes.",
    tags: ["testing", "nextest", "insta"],
    importance: 7,
  },
  {
    key: "cli.conv.output",
    type: "convention",
    scope: CLI,
    content:
      "Every command supports `--output json|table`; the JSON output is a stable contract documented in docs/json-schema/, and breaking it needs a major version bump.",
    tags: ["output", "json", "compatibility"],
    importance: 7,
  },
  {
    key: "cli.conv.exit_codes",
    type: "convention",
    scope: CLI,
    content:
      "Exit codes: 0 success, 1 generic failure, 2 usage error (clap), 3 authentication error, 4 not found; all defined in src/exit.rs.",
    tags: ["exit-codes"],
    importance: 6,
  },
  {
    key: "cli.fact.credentials",
    type: "fact",
    scope: CLI,
    content:
      "The API token is kept in the OS keychain through the keyring crate (service name `lf`); the LF_API_TOKEN env var overrides it, which is what CI users do.",
    tags: ["auth", "keychain", "env"],
    importance: 6,
  },
  {
    key: "cli.env.api_url",
    type: "fact",
    scope: CLI,
    content:
      "LF_API_URL overrides the API endpoint (default https://api.lumenfreight.example); point it at https://api.staging.lumenfreight.example to test against staging.",
    tags: ["env", "config"],
    importance: 5,
  },
  {
    key: "cli.proc.release",
    type: "procedure",
    scope: CLI,
    content:
      "Cutting a release of lf: changelog, cargo release, then the cargo-dist workflow builds everything and updates the Homebrew tap.",
    tags: ["release", "cargo-dist"],
    importance: 7,
    validFrom: "2026-05-10",
    attributes: {
      steps: [
        "Move the entries under ## [Unreleased] in CHANGELOG.md to a new version heading",
        "`cargo release minor --execute` bumps Cargo.toml, commits and pushes the v* tag",
        "The cargo-dist release workflow builds the artifacts, creates the GitHub Release and updates the Homebrew tap",
        "Its publish job pushes to crates.io with trusted publishing; check https://crates.io/crates/lumen-lf",
      ],
    },
  },
  {
    key: "cli.neg.publish",
    type: "convention",
    scope: CLI,
    content:
      "Never run `cargo publish` from a laptop; crates.io publishing happens only in the release workflow through trusted publishing.",
    tags: ["release", "safety", "crates-io"],
    importance: 9,
    validFrom: "2026-05-10",
    attributes: { polarity: "negative", triggers: ["cargo publish", "publish the crate"] },
  },
  {
    key: "cli.proc.add_command",
    type: "procedure",
    scope: CLI,
    content:
      "Adding a new subcommand to lf: module with clap Args and Run, wire it into the Command enum, JSON schema, snapshot tests, changelog.",
    tags: ["clap", "rust"],
    importance: 6,
    attributes: {
      steps: [
        "Create src/cmd/<name>.rs with an Args struct deriving clap::Args and an impl of Run",
        "Add the variant to the Command enum in src/cli.rs",
        "Support --output json|table and document the JSON shape in docs/json-schema/<name>.json",
        "Add insta snapshot tests in tests/cli_<name>.rs",
        "Add a CHANGELOG entry under [Unreleased]",
      ],
    },
  },
  {
    key: "cli.snippet.error",
    type: "snippet",
    scope: CLI,
    content:
      '#[derive(Debug, thiserror::Error)]\npub enum ApiError {\n    #[error("not authenticated; run `lf login`")]\n    Unauthorized,\n    #[error("{0} not found")]\n    NotFound(String),\n    #[error(transparent)]\n    Http(#[from] reqwest::Error),\n}',
    tags: ["rust", "errors", "thiserror"],
    importance: 4,
    attributes: { language: "rust" },
  },
  {
    key: "cli.fact.crate_name",
    type: "fact",
    scope: CLI,
    content:
      "Published on crates.io as lumen-lf because the name lf was taken; the installed binary is still called lf.",
    tags: ["crates-io", "naming"],
    importance: 4,
  },
  {
    key: "cli.fact.nix",
    type: "fact",
    scope: CLI,
    content:
      "A Nix flake (flake.nix) builds lf reproducibly; `nix run github:lumen-freight/lf -- --help` works.",
    tags: ["nix", "packaging"],
    importance: 4,
  },
  {
    key: "cli.entity.ferris",
    type: "entity",
    scope: CLI,
    content:
      "@ferris-fan: outside volunteer contributor, mostly active on weekends; not an org member, so their PRs need a maintainer to approve workflow runs.",
    tags: ["person", "contributor"],
    importance: 4,
  },
  {
    key: "cli.conv.changelog",
    type: "convention",
    scope: CLI,
    content:
      "Every user-visible change adds a line under ## [Unreleased] in CHANGELOG.md (Keep a Changelog format); the changelog-check job fails otherwise.",
    tags: ["changelog", "ci"],
    importance: 6,
  },
  {
    key: "cli.fact.telemetry",
    type: "decision",
    scope: CLI,
    content:
      "lf has no telemetry and never phones home; this was decided publicly in GitHub discussion #58.",
    tags: ["privacy", "telemetry"],
    importance: 7,
    attributes: {
      alternatives: ["opt-in anonymous usage stats"],
      rationale: "Customers run lf on servers behind strict egress rules and asked for none.",
    },
  },
  {
    key: "cli.fact.completions",
    type: "fact",
    scope: CLI,
    content:
      "Shell completions come from clap_complete: `lf completions fish > ~/.config/fish/completions/lf.fish` (bash, zsh and powershell also work).",
    tags: ["completions", "shell"],
    importance: 4,
  },

  // ── project:auth-svc (Go identity service) ────────────────────────────────────────────────
  {
    key: "auth.overview",
    type: "project",
    scope: AUTH,
    content:
      "auth-svc is the Go service that issues and validates tokens for the dashboard, the driver app and the lf CLI: authorization code + PKCE for apps, device flow for the CLI. Repo lumen-freight/auth-svc.",
    tags: ["overview", "go", "oauth"],
    importance: 8,
  },
  {
    key: "auth.go.122",
    type: "fact",
    scope: AUTH,
    content: "auth-svc builds with Go 1.22 (go.mod says `go 1.22`, golang:1.22 builder image).",
    tags: ["go", "version"],
    importance: 5,
  },
  {
    key: "auth.go.123",
    type: "fact",
    scope: AUTH,
    content:
      "auth-svc moved to Go 1.23 (go.mod `go 1.23.0` with a pinned toolchain directive); range-over-func iterators are allowed.",
    tags: ["go", "version"],
    importance: 6,
    validFrom: "2026-05-05",
    supersedes: "auth.go.122",
  },
  {
    key: "auth.decision.tokens",
    type: "decision",
    scope: AUTH,
    content:
      "Access tokens are RS256 JWTs that expire after 15 minutes, and validation allows 60 s of clock leeway. Refresh tokens are opaque, rotated on every use and stored hashed.",
    tags: ["jwt", "tokens", "security"],
    importance: 9,
    attributes: {
      alternatives: ["opaque access tokens with introspection", "EdDSA-signed JWTs"],
      rationale:
        "Stateless verification in the BFF and billing; RS256 has the widest library support.",
    },
  },
  {
    key: "auth.db.postgres",
    type: "decision",
    scope: AUTH,
    content:
      "auth-svc keeps clients, users and hashed refresh tokens in PostgreSQL 16 (RDS lf-prod-auth) through pgx v5; migrations are goose files in db/migrations/.",
    tags: ["database", "postgres", "goose"],
    importance: 8,
    attributes: {
      alternatives: ["DynamoDB", "SQLite per pod"],
      rationale: "Needs transactional refresh-token rotation and is shared by all pods.",
    },
  },
  {
    key: "auth.conv.lint",
    type: "convention",
    scope: AUTH,
    content:
      "Lint with golangci-lint using the repo's .golangci.yml (errcheck, govet, staticcheck, revive, gosec); run `make lint`.",
    tags: ["lint", "go"],
    importance: 6,
  },
  {
    key: "auth.test.cmd",
    type: "fact",
    scope: AUTH,
    content:
      "`go test ./... -race` runs the unit tests; `make test-integration` starts Postgres with testcontainers-go and needs Docker running.",
    tags: ["testing", "go"],
    importance: 7,
  },
  {
    key: "auth.conv.errors",
    type: "convention",
    scope: AUTH,
    content:
      'Wrap errors with fmt.Errorf("doing x: %w", err); sentinel errors live in internal/authz/errors.go and are matched with errors.Is, never by string.',
    tags: ["errors", "go"],
    importance: 6,
  },
  {
    key: "auth.conv.api_errors",
    type: "convention",
    scope: AUTH,
    content:
      'OAuth endpoints return RFC 6749 error bodies ({"error": "invalid_grant", "error_description": "..."}) rather than problem+json, because OAuth client libraries expect that shape.',
    tags: ["api", "errors", "oauth"],
    importance: 7,
  },
  {
    key: "auth.conv.logging",
    type: "convention",
    scope: AUTH,
    content: "Use log/slog with the JSON handler; every line carries request_id and client_id.",
    tags: ["logging", "go"],
    importance: 6,
  },
  {
    key: "auth.neg.log_tokens",
    type: "convention",
    scope: AUTH,
    content:
      "Never log tokens, authorization codes or the Authorization header, even at debug level; the redact middleware strips them, so don't bypass it.",
    tags: ["logging", "security"],
    importance: 10,
    attributes: {
      polarity: "negative",
      triggers: ["log the token", "Authorization header", "dump request headers"],
    },
  },
  {
    key: "auth.fact.endpoints",
    type: "fact",
    scope: AUTH,
    content:
      "Endpoints: /oauth/authorize, /oauth/token, /oauth/device/code, /.well-known/jwks.json and /userinfo on port 9000; Prometheus metrics on :9090/metrics.",
    tags: ["endpoints", "ports", "oauth"],
    importance: 6,
  },
  {
    key: "auth.ep.clock_skew",
    type: "episode",
    scope: AUTH,
    content:
      "2026-05-27: right after signing in, drivers on cheap Android phones got 401 invalid_token because the phones' system time ran fast and new JWTs looked not-yet-valid; fixed with jwt.WithLeeway(60*time.Second).",
    tags: ["incident", "jwt", "mobile"],
    importance: 5,
    validFrom: "2026-05-27",
    eventAt: "2026-05-27",
  },
  {
    key: "auth.ep.jwks_cache",
    type: "episode",
    scope: AUTH,
    content:
      "2026-10-09: after a signing key rotation the dashboard BFF rejected new tokens for an hour, because it cached JWKS for 1 h and didn't refetch on an unknown kid. The BFF now refetches on a kid miss.",
    tags: ["incident", "jwks", "rotation"],
    importance: 6,
    validFrom: "2026-10-09",
    eventAt: "2026-10-09",
  },
  {
    key: "auth.proc.key_rotation",
    type: "procedure",
    scope: AUTH,
    content:
      "Rotating the token signing key without breaking verifiers: publish the new key first, switch signing a day later, retire the old key after the refresh lifetime.",
    tags: ["jwks", "rotation", "kms"],
    importance: 8,
    validFrom: "2026-10-10",
    attributes: {
      steps: [
        "Create a new asymmetric KMS key with Terraform in stacks/auth-kms",
        "Publish it in /.well-known/jwks.json as an additional key and wait 24 h so every verifier has it",
        "Point AUTH_SIGNING_KEY_ARN at the new key and redeploy; new tokens carry the new kid",
        "Remove the old key from the JWKS after the refresh-token lifetime (30 days)",
      ],
    },
  },
  {
    key: "auth.decision.router",
    type: "decision",
    scope: AUTH,
    content:
      "HTTP routing is chi v5 on net/http with no web framework; middlewares live in internal/httpx/.",
    tags: ["go", "http", "chi"],
    importance: 5,
    attributes: {
      alternatives: ["gin", "echo", "plain ServeMux"],
      rationale: "Stdlib-compatible.",
    },
  },
  {
    key: "auth.decision.ratelimit",
    type: "decision",
    scope: AUTH,
    content:
      "The token endpoint is rate-limited to 10 requests per minute per client_id+IP with a Redis sliding window (ElastiCache lf-prod-auth-redis).",
    tags: ["rate-limit", "redis", "security"],
    importance: 7,
    attributes: {
      alternatives: ["limit at ingress-nginx", "in-memory per pod"],
      rationale: "Pods scale horizontally, so limits must be shared.",
    },
  },
  {
    key: "auth.env",
    type: "fact",
    scope: AUTH,
    content:
      "Config env vars: AUTH_DATABASE_URL for Postgres, AUTH_SIGNING_KEY_ARN for the KMS signing key, AUTH_REDIS_ADDR for the rate limiter.",
    tags: ["env", "config"],
    importance: 5,
  },
  {
    key: "auth.proc.local",
    type: "procedure",
    scope: AUTH,
    content: "Running auth-svc locally with Docker Compose dependencies and a seeded test client.",
    tags: ["local-dev"],
    importance: 5,
    attributes: {
      steps: [
        "`docker compose up -d postgres redis`",
        "`make migrate` (goose up)",
        "`go run ./cmd/auth-svc`, which listens on :9000",
        "`go run ./cmd/seed --client web-dashboard` to create a test client",
      ],
    },
  },
  {
    key: "auth.decision.device_flow",
    type: "decision",
    scope: AUTH,
    content:
      "The CLI signs in with the OAuth 2.0 Device Authorization Grant (RFC 8628) instead of a localhost redirect, because many customers run lf over SSH on servers.",
    tags: ["oauth", "cli", "device-flow"],
    importance: 7,
    attributes: {
      alternatives: ["loopback redirect (RFC 8252)", "personal access tokens only"],
      rationale: "Loopback redirects don't work on remote machines.",
    },
  },
  {
    key: "auth.fact.clients",
    type: "fact",
    scope: AUTH,
    content:
      "Registered OAuth clients: web-dashboard (PKCE), driver-android (PKCE), lf-cli (device flow) and data-pipeline (client_credentials).",
    tags: ["oauth", "clients"],
    importance: 6,
  },
  {
    key: "auth.snippet.middleware",
    type: "snippet",
    scope: AUTH,
    content:
      'r.With(httpx.RequireScope("admin:clients")).Post("/admin/clients", h.CreateClient) // RequireScope reads the validated claims from the request context',
    tags: ["go", "chi", "middleware"],
    importance: 4,
    attributes: { language: "go" },
  },
  {
    key: "auth.proc.deploy",
    type: "procedure",
    scope: AUTH,
    content:
      "Deploying auth-svc: image build on main, an auth-v* tag, the image bump PR in the infra repo with the identity team's approval, then Argo CD sync.",
    tags: ["deploy", "argocd"],
    importance: 7,
    attributes: {
      steps: [
        "Merge to main; CI builds ghcr.io/lumen-freight/auth-svc:<sha>",
        "Tag `auth-v<semver>` to create a release",
        "The deploy workflow opens the image bump PR in lumen-freight/infra; production needs an approval from the identity team",
        "Argo CD syncs the auth namespace; watch the token error-rate panel for 10 minutes",
      ],
    },
  },
];

// ─────────────────────────────────────────────────────────────────────────────────────────────
// Edges
// ─────────────────────────────────────────────────────────────────────────────────────────────

function e(from: string, relation: Relation, to: string, weight?: number): QualityEdge {
  return weight === undefined ? { from, to, relation } : { from, to, relation, weight };
}

export const edges: QualityEdge[] = [
  // ── global: the developer ─────────────────────────────────────────────────────────────────
  e("me.profile", "works_on", "billing.overview"),
  e("me.profile", "works_on", "infra.overview"),
  e("me.profile", "works_on", "mobile.overview", 0.4),
  e("me.profile", "prefers", "pref.answers.terse"),
  e("me.profile", "prefers", "pref.tests.style"),
  e("me.profile", "prefers", "pref.commits"),
  e("me.profile", "prefers", "pref.typing"),
  e("me.profile", "prefers", "pref.editor.neovim"),
  e("me.languages", "related_to", "pref.explain.compare"),
  e("pref.adr", "related_to", "global.conv.adr"),
  e("pref.tests.repro", "related_to", "pref.tests.style"),
  e("pref.commits", "related_to", "pref.no_emoji"),
  e("pref.logging", "related_to", "auth.conv.logging"),
  e("global.neg.secrets", "related_to", "infra.decision.secrets"),
  e("global.ep.branch_protection", "mentions", "cli.overview"),
  e("global.proc.new_machine", "uses", "global.fact.mise"),

  // ── global: people ────────────────────────────────────────────────────────────────────────
  e("people.priya", "owns", "svc.auth"),
  e("people.priya", "owns", "auth.overview"),
  e("people.marco", "owns", "billing.entity.ledger"),
  e("people.marco", "owns", "billing.fact.tax"),
  e("people.marco", "owns", "billing.fact.invoice_numbering"),
  e("people.dana", "owns", "infra.overview"),
  e("people.dana", "owns", "infra.proc.apply"),
  e("people.kenji", "owns", "mobile.overview"),
  e("people.kenji", "owns", "mobile.proc.release"),
  e("people.lena", "owns", "data.entity.metabase"),
  e("people.lena", "works_on", "data.overview"),
  e("people.tomas", "owns", "web.overview"),
  e("people.tomas", "owns", "svc.bff"),
  e("people.aisha", "owns", "global.conv.adr"),

  // ── global: service map ───────────────────────────────────────────────────────────────────
  e("svc.bff", "depends_on", "svc.auth"),
  e("svc.bff", "depends_on", "svc.billing"),
  e("svc.bff", "depends_on", "svc.tracking"),
  e("svc.tracking", "depends_on", "svc.auth"),
  e("svc.billing", "depends_on", "svc.auth"),
  e("svc.billing", "depends_on", "svc.notify"),
  e("svc.auth", "related_to", "auth.overview"),
  e("svc.billing", "related_to", "billing.overview"),
  e("svc.bff", "related_to", "web.entity.bff"),

  // ── billing-svc ───────────────────────────────────────────────────────────────────────────
  e("billing.overview", "has_decision", "billing.db.sqlite"),
  e("billing.overview", "has_decision", "billing.deps.uv"),
  e("billing.overview", "has_decision", "billing.webhooks.idempotency"),
  e("billing.overview", "has_decision", "billing.decision.fastapi"),
  e("billing.overview", "has_convention", "billing.errors.rfc7807"),
  e("billing.overview", "has_convention", "billing.conv.money"),
  e("billing.overview", "has_convention", "billing.conv.lint"),
  e("billing.overview", "has_convention", "billing.conv.migrations"),
  e("billing.overview", "has_convention", "billing.conv.alembic_batch"),
  e("billing.overview", "has_convention", "billing.conv.single_writer"),
  e("billing.overview", "has_convention", "billing.conv.schemas"),
  e("billing.overview", "has_convention", "billing.conv.timestamps"),
  e("billing.overview", "has_convention", "billing.neg.prod_db"),
  e("billing.overview", "has_convention", "billing.neg.delete_customer"),
  e("billing.overview", "depends_on", "billing.entity.stripe"),
  e("billing.overview", "uses", "billing.entity.ledger"),
  e("billing.overview", "uses", "billing.entity.worker"),
  e("billing.db.sqlite", "related_to", "billing.env.db_url"),
  e("billing.db.sqlite", "related_to", "billing.proc.restore"),
  e("billing.db.sqlite", "related_to", "billing.neg.prod_db"),
  e("billing.conv.alembic_batch", "extends", "billing.conv.migrations"),
  e("billing.conv.alembic_batch", "related_to", "billing.db.sqlite"),
  e("billing.proc.new_migration", "related_to", "billing.conv.migrations"),
  e("billing.proc.new_migration", "related_to", "billing.conv.alembic_batch"),
  e("billing.webhooks.idempotency", "derives", "billing.ep.dup_invoices"),
  e("billing.webhooks.idempotency", "related_to", "billing.env.webhook_secret"),
  e("billing.proc.rotate_webhook_secret", "related_to", "billing.env.webhook_secret"),
  e("billing.snippet.retry", "mentions", "billing.entity.stripe"),
  e("billing.snippet.problem", "related_to", "billing.errors.rfc7807"),
  e("billing.snippet.money", "related_to", "billing.conv.money"),
  e("billing.conv.single_writer", "derives", "billing.ep.sqlite_locked"),
  e("billing.conv.single_writer", "related_to", "billing.entity.worker"),
  e("billing.ep.sqlite_locked", "mentions", "billing.entity.worker"),
  e("billing.ep.stripe_version", "updates", "billing.entity.stripe"),
  e("billing.ep.dup_invoices", "mentions", "billing.entity.stripe"),
  e("billing.fact.tax", "related_to", "billing.fact.invoice_numbering", 0.5),
  e("billing.fact.currencies", "related_to", "billing.conv.money"),
  e("billing.proc.deploy", "mentions", "infra.overview", 0.5),
  e("billing.proc.restore", "related_to", "infra.fact.dr", 0.5),

  // ── web-app ───────────────────────────────────────────────────────────────────────────────
  e("web.overview", "has_decision", "web.pkg.pnpm"),
  e("web.overview", "has_decision", "web.state.zustand"),
  e("web.overview", "has_decision", "web.router.tanstack"),
  e("web.overview", "has_decision", "web.decision.vite"),
  e("web.overview", "has_decision", "web.decision.forms"),
  e("web.overview", "has_convention", "web.test.vitest"),
  e("web.overview", "has_convention", "web.conv.lint"),
  e("web.overview", "has_convention", "web.conv.components"),
  e("web.overview", "has_convention", "web.conv.css"),
  e("web.overview", "has_convention", "web.conv.i18n"),
  e("web.overview", "has_convention", "web.conv.api_client"),
  e("web.overview", "has_convention", "web.conv.bundle_budget"),
  e("web.overview", "has_convention", "web.neg.localstorage"),
  e("web.overview", "has_convention", "web.conv.a11y"),
  e("web.overview", "has_convention", "web.conv.cookies"),
  e("web.overview", "uses", "web.entity.bff"),
  e("web.ep.lockfile", "mentions", "web.pkg.pnpm"),
  e("web.proc.lockfile", "derives", "web.ep.lockfile"),
  e("web.conv.bundle_budget", "derives", "web.ep.bundle"),
  e("web.ep.resize_observer", "mentions", "web.test.vitest"),
  e("web.conv.cookies", "derives", "web.ep.safari_logout"),
  e("web.ep.safari_logout", "mentions", "web.entity.bff"),
  e("web.ep.safari_logout", "mentions", "svc.auth", 0.5),
  e("web.fact.safari15", "contradicts", "web.fact.browsers"),
  e("web.state.zustand", "related_to", "web.snippet.store"),
  e("web.snippet.query", "related_to", "web.conv.api_client"),
  e("web.proc.regen_client", "related_to", "web.conv.api_client"),
  e("web.proc.add_locale", "related_to", "web.conv.i18n"),
  e("web.env.api_base", "related_to", "web.entity.bff"),
  e("web.test.e2e", "related_to", "web.fact.ports"),
  e("web.neg.localstorage", "related_to", "web.conv.cookies"),
  e("web.proc.deploy", "related_to", "web.env.sentry", 0.5),

  // ── infra ─────────────────────────────────────────────────────────────────────────────────
  e("infra.overview", "has_decision", "infra.ci.gha"),
  e("infra.overview", "has_decision", "infra.tf.lock_s3"),
  e("infra.overview", "has_decision", "infra.autoscale.karpenter"),
  e("infra.overview", "has_decision", "infra.decision.argocd"),
  e("infra.overview", "has_decision", "infra.decision.secrets"),
  e("infra.overview", "has_decision", "infra.decision.oidc"),
  e("infra.overview", "has_convention", "infra.neg.apply"),
  e("infra.overview", "has_convention", "infra.conv.modules"),
  e("infra.overview", "has_convention", "infra.conv.lint"),
  e("infra.overview", "has_convention", "infra.conv.tags"),
  e("infra.overview", "has_convention", "infra.conv.naming"),
  e("infra.overview", "has_convention", "infra.neg.kubectl"),
  e("infra.overview", "has_convention", "infra.conv.irsa_tests"),
  e("infra.overview", "has_convention", "infra.conv.gha_pin"),
  e("infra.overview", "has_convention", "infra.conv.workflows"),
  e("infra.neg.apply", "related_to", "infra.proc.apply"),
  e("infra.proc.apply", "uses", "infra.decision.oidc"),
  e("infra.snippet.oidc", "related_to", "infra.decision.oidc"),
  e("infra.decision.oidc", "related_to", "infra.ci.gha"),
  e("infra.ep.state_lock", "mentions", "infra.tf.lock_dynamo"),
  e("infra.proc.force_unlock", "derives", "infra.ep.state_lock"),
  e("infra.proc.force_unlock", "related_to", "infra.neg.apply"),
  e("infra.conv.irsa_tests", "derives", "infra.ep.certs"),
  e("infra.ep.certs", "mentions", "infra.fact.ingress"),
  e("infra.proc.eks_upgrade", "derives", "infra.ep.eks_upgrade"),
  e("infra.ep.eks_upgrade", "mentions", "infra.k8s.131"),
  e("infra.proc.eks_upgrade", "uses", "infra.autoscale.karpenter"),
  e("infra.fact.cluster", "related_to", "infra.proc.kubeconfig"),
  e("infra.fact.cluster", "related_to", "infra.k8s.131"),
  e("infra.decision.argocd", "related_to", "infra.neg.kubectl"),
  e("infra.proc.new_service", "uses", "infra.decision.argocd"),
  e("infra.proc.new_service", "uses", "infra.decision.secrets"),
  e("infra.fact.monitoring", "related_to", "infra.proc.new_service"),
  e("infra.conv.gha_pin", "related_to", "infra.fact.renovate"),
  e("infra.fact.runners", "related_to", "infra.ci.gha"),
  e("infra.conv.workflows", "related_to", "infra.ci.gha"),
  e("infra.test.cmd", "related_to", "infra.conv.modules"),
  e("infra.ep.nat_timeout", "mentions", "svc.billing", 0.5),

  // ── mobile ────────────────────────────────────────────────────────────────────────────────
  e("mobile.overview", "has_decision", "mobile.di.hilt"),
  e("mobile.overview", "has_decision", "mobile.decision.compose"),
  e("mobile.overview", "has_decision", "mobile.db.room"),
  e("mobile.overview", "has_decision", "mobile.decision.no_rn"),
  e("mobile.overview", "has_decision", "mobile.decision.coil"),
  e("mobile.overview", "has_convention", "mobile.conv.lint"),
  e("mobile.overview", "has_convention", "mobile.conv.architecture"),
  e("mobile.overview", "has_convention", "mobile.conv.coroutines"),
  e("mobile.overview", "has_convention", "mobile.conv.modules"),
  e("mobile.overview", "has_convention", "mobile.conv.versions"),
  e("mobile.overview", "has_convention", "mobile.neg.signing"),
  e("mobile.overview", "has_convention", "mobile.conv.strings"),
  e("mobile.overview", "depends_on", "svc.tracking", 0.5),
  e("mobile.conv.coroutines", "derives", "mobile.ep.anr"),
  e("mobile.ep.anr", "mentions", "mobile.db.room"),
  e("mobile.ep.r8", "mentions", "mobile.fact.networking"),
  e("mobile.proc.release", "related_to", "mobile.neg.signing"),
  e("mobile.proc.release", "mentions", "mobile.fact.crash"),
  e("mobile.proc.local_api", "mentions", "web.entity.bff", 0.5),
  e("mobile.conv.architecture", "related_to", "mobile.snippet.uistate"),
  e("mobile.di.hilt", "related_to", "mobile.conv.architecture"),
  e("mobile.proc.screenshot", "related_to", "mobile.decision.compose"),
  e("mobile.fact.toolchain", "related_to", "mobile.conv.versions"),
  e("mobile.minsdk.26", "related_to", "mobile.fact.devices"),

  // ── data-pipeline ─────────────────────────────────────────────────────────────────────────
  e("data.overview", "has_decision", "data.wh.snowflake"),
  e("data.overview", "has_decision", "data.airflow.k8s"),
  e("data.overview", "has_decision", "data.decision.stay_dbt"),
  e("data.overview", "has_convention", "data.conv.dbt_naming"),
  e("data.overview", "has_convention", "data.conv.lint"),
  e("data.overview", "has_convention", "data.conv.dag"),
  e("data.overview", "has_convention", "data.conv.incremental"),
  e("data.overview", "has_convention", "data.neg.full_refresh"),
  e("data.overview", "has_convention", "data.conv.wh_guardrails"),
  e("data.overview", "has_convention", "data.neg.top_level"),
  e("data.overview", "has_convention", "data.conv.tests"),
  e("data.overview", "uses", "data.entity.metabase"),
  e("data.overview", "depends_on", "svc.billing", 0.5),
  e("data.overview", "depends_on", "svc.tracking", 0.5),
  e("data.conv.wh_guardrails", "derives", "data.ep.cost"),
  e("data.neg.top_level", "derives", "data.ep.dag_parse"),
  e("data.neg.top_level", "extends", "data.conv.dag"),
  e("data.neg.full_refresh", "related_to", "data.conv.incremental"),
  e("data.proc.backfill", "related_to", "data.fact.schedule"),
  e("data.proc.backfill", "mentions", "data.entity.metabase"),
  e("data.snippet.taskflow", "related_to", "data.fact.schedule"),
  e("data.env.snowflake", "related_to", "data.wh.snowflake"),
  e("data.fact.pii", "related_to", "data.wh.snowflake"),
  e("data.fact.dbt_version", "related_to", "data.conv.tests"),
  e("data.proc.new_source", "related_to", "data.conv.dbt_naming"),
  e("data.proc.new_source", "mentions", "people.lena"),
  e("data.proc.local", "related_to", "data.test.cmd"),
  e("data.fact.python", "related_to", "data.airflow.k8s"),
  e("data.snippet.macro", "mentions", "billing.conv.money", 0.3),
  e("data.ep.billing_extract", "mentions", "billing.db.sqlite", 0.5),

  // ── cli-tool ──────────────────────────────────────────────────────────────────────────────
  e("cli.overview", "has_decision", "cli.release.cargo_dist"),
  e("cli.overview", "has_decision", "cli.decision.clap"),
  e("cli.overview", "has_decision", "cli.decision.blocking"),
  e("cli.overview", "has_decision", "cli.decision.rustls"),
  e("cli.overview", "has_decision", "cli.fact.telemetry"),
  e("cli.overview", "has_convention", "cli.msrv.180"),
  e("cli.overview", "has_convention", "cli.conv.errors"),
  e("cli.overview", "has_convention", "cli.conv.lint"),
  e("cli.overview", "has_convention", "cli.conv.output"),
  e("cli.overview", "has_convention", "cli.conv.exit_codes"),
  e("cli.overview", "has_convention", "cli.neg.publish"),
  e("cli.overview", "has_convention", "cli.conv.changelog"),
  e("cli.overview", "depends_on", "svc.auth", 0.5),
  e("cli.config.dirs", "derives", "cli.ep.windows_config"),
  e("cli.decision.rustls", "derives", "cli.ep.musl"),
  e("cli.proc.release", "uses", "cli.release.cargo_dist"),
  e("cli.neg.publish", "related_to", "cli.proc.release"),
  e("cli.proc.add_command", "related_to", "cli.decision.clap"),
  e("cli.proc.add_command", "related_to", "cli.conv.output"),
  e("cli.proc.add_command", "related_to", "cli.conv.changelog"),
  e("cli.conv.errors", "related_to", "cli.snippet.error"),
  e("cli.conv.exit_codes", "related_to", "cli.conv.errors"),
  e("cli.test.cmd", "related_to", "cli.proc.add_command"),
  e("cli.fact.credentials", "related_to", "auth.decision.device_flow", 0.5),
  e("cli.entity.ferris", "owns", "cli.fact.nix"),
  e("cli.fact.completions", "related_to", "cli.decision.clap"),
  e("cli.fact.crate_name", "related_to", "cli.proc.release"),
  e("cli.env.api_url", "related_to", "cli.fact.credentials"),

  // ── auth-svc ──────────────────────────────────────────────────────────────────────────────
  e("auth.overview", "has_decision", "auth.decision.tokens"),
  e("auth.overview", "has_decision", "auth.db.postgres"),
  e("auth.overview", "has_decision", "auth.decision.router"),
  e("auth.overview", "has_decision", "auth.decision.ratelimit"),
  e("auth.overview", "has_decision", "auth.decision.device_flow"),
  e("auth.overview", "has_convention", "auth.conv.lint"),
  e("auth.overview", "has_convention", "auth.conv.errors"),
  e("auth.overview", "has_convention", "auth.conv.api_errors"),
  e("auth.overview", "has_convention", "auth.conv.logging"),
  e("auth.overview", "has_convention", "auth.neg.log_tokens"),
  e("auth.decision.tokens", "derives", "auth.ep.clock_skew"),
  e("auth.proc.key_rotation", "derives", "auth.ep.jwks_cache"),
  e("auth.ep.jwks_cache", "mentions", "web.entity.bff", 0.5),
  e("auth.proc.key_rotation", "related_to", "auth.fact.endpoints"),
  e("auth.conv.logging", "related_to", "auth.neg.log_tokens"),
  e("auth.conv.errors", "related_to", "auth.conv.api_errors"),
  e("auth.decision.ratelimit", "related_to", "auth.env"),
  e("auth.db.postgres", "related_to", "auth.env"),
  e("auth.fact.clients", "related_to", "auth.decision.device_flow"),
  e("auth.decision.router", "related_to", "auth.snippet.middleware"),
  e("auth.proc.local", "related_to", "auth.env"),
  e("auth.proc.deploy", "mentions", "people.priya", 0.5),

  // ── supersession: newer memory → the one it replaced ──────────────────────────────────────
  ...memories.flatMap((m) =>
    m.supersedes === undefined ? [] : [e(m.key, "supersedes", m.supersedes)]
  ),
];

// ─────────────────────────────────────────────────────────────────────────────────────────────
// Queries
// ─────────────────────────────────────────────────────────────────────────────────────────────

export const queries: QualityQuery[] = [
  // ── paraphrase: little or no word overlap with the gold memory ────────────────────────────
  {
    id: "para-01",
    kind: "paraphrase",
    scope: BILLING,
    query: "what numeric representation should prices use in code?",
    gold: ["billing.conv.money"],
  },
  {
    id: "para-02",
    kind: "paraphrase",
    scope: BILLING,
    query: "what happens if the payment processor notifies us about the same thing twice?",
    gold: ["billing.webhooks.idempotency"],
  },
  {
    id: "para-03",
    kind: "paraphrase",
    scope: BILLING,
    query: "can the bill sequence skip values?",
    gold: ["billing.fact.invoice_numbering"],
  },
  {
    id: "para-04",
    kind: "paraphrase",
    scope: BILLING,
    query: "how do we handle sales tax for cross-border business clients inside the union?",
    gold: ["billing.fact.tax"],
  },
  {
    id: "para-05",
    kind: "paraphrase",
    scope: WEB,
    query: "is it okay to stash the JWT client-side in web storage?",
    gold: ["web.neg.localstorage"],
    note: "Negative memory; 'browser storage' vs 'localStorage or sessionStorage'.",
  },
  {
    id: "para-06",
    kind: "paraphrase",
    scope: WEB,
    query: "how do we offer the UI in several languages?",
    gold: ["web.conv.i18n"],
  },
  {
    id: "para-07",
    kind: "paraphrase",
    scope: WEB,
    query: "is there a cap on how big the shipped JavaScript can get?",
    gold: ["web.conv.bundle_budget"],
  },
  {
    id: "para-08",
    kind: "paraphrase",
    scope: WEB,
    query: "how do we turn a new capability on for just some customers?",
    gold: ["web.fact.feature_flags"],
  },
  {
    id: "para-09",
    kind: "paraphrase",
    scope: INFRA,
    query: "how do pipelines authenticate to the cloud without static credentials?",
    gold: ["infra.decision.oidc"],
  },
  {
    id: "para-10",
    kind: "paraphrase",
    scope: INFRA,
    query: "what labels are mandatory on provisioned cloud things for chargeback?",
    gold: ["infra.conv.tags"],
  },
  {
    id: "para-11",
    kind: "paraphrase",
    scope: INFRA,
    query: "how do passwords get from the vault into pods?",
    gold: ["infra.decision.secrets"],
    note: "global.neg.secrets mentions a 1Password vault but is about not leaking secrets.",
  },
  {
    id: "para-12",
    kind: "paraphrase",
    scope: MOBILE,
    query: "does the Android client still function in a dead zone?",
    gold: ["mobile.db.room"],
  },
  {
    id: "para-13",
    kind: "paraphrase",
    scope: MOBILE,
    query: "which handsets do our users typically carry?",
    gold: ["mobile.fact.devices"],
  },
  {
    id: "para-14",
    kind: "paraphrase",
    scope: MOBILE,
    query: "can I type a label straight into a composable?",
    gold: ["mobile.conv.strings"],
  },
  {
    id: "para-15",
    kind: "paraphrase",
    scope: DATA,
    query: "who is allowed to see customers' personal contact details in analytics?",
    gold: ["data.fact.pii"],
  },
  {
    id: "para-16",
    kind: "paraphrase",
    scope: DATA,
    query: "by what time does the overnight load have to be done?",
    gold: ["data.fact.schedule"],
  },
  {
    id: "para-17",
    kind: "paraphrase",
    scope: DATA,
    query: "why did our cloud analytics spend jump over the summer?",
    gold: ["data.ep.cost"],
  },
  {
    id: "para-18",
    kind: "paraphrase",
    scope: CLI,
    query: "does the command line program report usage statistics back to us?",
    gold: ["cli.fact.telemetry"],
  },
  {
    id: "para-19",
    kind: "paraphrase",
    scope: CLI,
    query: "how does the terminal client remember who is signed in?",
    gold: ["cli.fact.credentials"],
  },
  {
    id: "para-20",
    kind: "paraphrase",
    scope: AUTH,
    query: "how long are issued credentials good for?",
    gold: ["auth.decision.tokens"],
  },
  {
    id: "para-21",
    kind: "paraphrase",
    scope: AUTH,
    query: "signing in from a headless box that has no browser",
    gold: ["auth.decision.device_flow"],
  },
  {
    id: "para-22",
    kind: "paraphrase",
    scope: AUTH,
    query: "what stops someone brute-forcing logins?",
    gold: ["auth.decision.ratelimit"],
  },
  {
    id: "para-23",
    kind: "paraphrase",
    scope: GLOBAL,
    query: "what city is the developer based in?",
    gold: ["me.location"],
  },
  {
    id: "para-24",
    kind: "paraphrase",
    scope: GLOBAL,
    query: "which programming languages is the user most comfortable with?",
    gold: ["me.languages"],
  },

  // ── keyword: shares distinctive words with the gold memory ────────────────────────────────
  {
    id: "kw-01",
    kind: "keyword",
    scope: BILLING,
    query: "Litestream replication to S3",
    gold: ["billing.db.sqlite", "billing.proc.restore"],
  },
  {
    id: "kw-02",
    kind: "keyword",
    scope: BILLING,
    query: "Alembic batch_alter_table SQLite",
    gold: ["billing.conv.alembic_batch", "billing.proc.new_migration"],
    note: "The procedure mentions batch_alter_table only in its steps.",
  },
  {
    id: "kw-03",
    kind: "keyword",
    scope: BILLING,
    query: "reverse charge VAT ID VIES",
    gold: ["billing.fact.tax"],
  },
  {
    id: "kw-04",
    kind: "keyword",
    scope: WEB,
    query: "Tailwind design tokens hex colors",
    gold: ["web.conv.css"],
  },
  {
    id: "kw-05",
    kind: "keyword",
    scope: WEB,
    query: "Playwright end-to-end tests",
    gold: ["web.test.e2e"],
  },
  {
    id: "kw-06",
    kind: "keyword",
    scope: WEB,
    query: "Unleash feature flag rollout",
    gold: ["web.fact.feature_flags"],
  },
  {
    id: "kw-07",
    kind: "keyword",
    scope: WEB,
    query: "MapLibre lazy loading bundle size",
    gold: ["web.ep.bundle"],
    note: "web.conv.bundle_budget shares 'bundle' but not MapLibre/lazy.",
  },
  {
    id: "kw-08",
    kind: "keyword",
    scope: INFRA,
    query: "ingress-nginx cert-manager Let's Encrypt DNS-01",
    gold: ["infra.fact.ingress"],
  },
  {
    id: "kw-09",
    kind: "keyword",
    scope: INFRA,
    query: "Renovate automerge schedule",
    gold: ["infra.fact.renovate"],
  },
  {
    id: "kw-10",
    kind: "keyword",
    scope: INFRA,
    query: "NAT gateway idle timeout keep-alive",
    gold: ["infra.ep.nat_timeout"],
  },
  {
    id: "kw-11",
    kind: "keyword",
    scope: INFRA,
    query: "Karpenter NodePools spot",
    gold: ["infra.autoscale.karpenter"],
  },
  {
    id: "kw-12",
    kind: "keyword",
    scope: MOBILE,
    query: "Paparazzi screenshot tests",
    gold: ["mobile.proc.screenshot"],
  },
  {
    id: "kw-13",
    kind: "keyword",
    scope: MOBILE,
    query: "Crashlytics Timber non-fatal errors",
    gold: ["mobile.fact.crash"],
  },
  {
    id: "kw-14",
    kind: "keyword",
    scope: MOBILE,
    query: "Hilt dependency injection",
    gold: ["mobile.di.hilt"],
    note: "The superseded Dagger memory also says 'dependency injection'.",
  },
  {
    id: "kw-15",
    kind: "keyword",
    scope: DATA,
    query: "sqlfluff snowflake dialect",
    gold: ["data.conv.lint"],
  },
  {
    id: "kw-16",
    kind: "keyword",
    scope: DATA,
    query: "dbt_expectations row count test",
    gold: ["data.conv.tests"],
  },
  {
    id: "kw-17",
    kind: "keyword",
    scope: DATA,
    query: "Metabase MARTS schema dashboards",
    gold: ["data.entity.metabase"],
  },
  {
    id: "kw-18",
    kind: "keyword",
    scope: CLI,
    query: "cargo-dist Homebrew tap",
    gold: ["cli.release.cargo_dist", "cli.proc.release"],
  },
  {
    id: "kw-19",
    kind: "keyword",
    scope: CLI,
    query: "insta snapshot tests",
    gold: ["cli.test.cmd", "cli.proc.add_command"],
  },
  {
    id: "kw-20",
    kind: "keyword",
    scope: AUTH,
    query: "JWKS cache unknown kid",
    gold: ["auth.ep.jwks_cache"],
  },
  {
    id: "kw-21",
    kind: "keyword",
    scope: AUTH,
    query: "golangci-lint staticcheck",
    gold: ["auth.conv.lint"],
  },
  {
    id: "kw-22",
    kind: "keyword",
    scope: GLOBAL,
    query: "Conventional Commits imperative subject",
    gold: ["pref.commits"],
  },

  // ── exact_identifier: a path, env var, command, symbol or error string ────────────────────
  {
    id: "id-01",
    kind: "exact_identifier",
    scope: BILLING,
    query: "BILLING_WEBHOOK_SECRET",
    gold: ["billing.env.webhook_secret", "billing.proc.rotate_webhook_secret"],
  },
  {
    id: "id-02",
    kind: "exact_identifier",
    scope: BILLING,
    query: "RetryPolicy.with_jitter",
    gold: ["billing.snippet.retry"],
  },
  {
    id: "id-03",
    kind: "exact_identifier",
    scope: BILLING,
    query: "src/billing/webhooks.py",
    gold: ["billing.webhooks.idempotency"],
  },
  {
    id: "id-04",
    kind: "exact_identifier",
    scope: BILLING,
    query: "sqlite3.OperationalError: database is locked",
    gold: ["billing.ep.sqlite_locked"],
  },
  {
    id: "id-05",
    kind: "exact_identifier",
    scope: BILLING,
    query: "alembic upgrade head",
    gold: ["billing.conv.migrations", "billing.proc.new_migration"],
  },
  {
    id: "id-06",
    kind: "exact_identifier",
    scope: BILLING,
    query: "ProblemError",
    gold: ["billing.errors.rfc7807", "billing.snippet.problem"],
  },
  {
    id: "id-07",
    kind: "exact_identifier",
    scope: WEB,
    query: "useSessionStore",
    gold: ["web.state.zustand", "web.snippet.store"],
  },
  {
    id: "id-08",
    kind: "exact_identifier",
    scope: WEB,
    query: "ERR_PNPM_OUTDATED_LOCKFILE",
    gold: ["web.proc.lockfile"],
  },
  {
    id: "id-09",
    kind: "exact_identifier",
    scope: WEB,
    query: "pnpm test:e2e --filter api",
    gold: ["web.test.e2e"],
  },
  {
    id: "id-10",
    kind: "exact_identifier",
    scope: WEB,
    query: "VITE_API_BASE_URL",
    gold: ["web.env.api_base"],
  },
  {
    id: "id-11",
    kind: "exact_identifier",
    scope: WEB,
    query: "ReferenceError: ResizeObserver is not defined",
    gold: ["web.ep.resize_observer"],
  },
  {
    id: "id-12",
    kind: "exact_identifier",
    scope: INFRA,
    query: ".github/workflows/deploy.yml",
    gold: ["infra.conv.workflows"],
  },
  {
    id: "id-13",
    kind: "exact_identifier",
    scope: INFRA,
    query: "terraform force-unlock",
    gold: ["infra.ep.state_lock", "infra.proc.force_unlock"],
  },
  {
    id: "id-14",
    kind: "exact_identifier",
    scope: INFRA,
    query: "ECONNRESET",
    gold: ["infra.ep.nat_timeout"],
  },
  {
    id: "id-15",
    kind: "exact_identifier",
    scope: INFRA,
    query: "lf-prod-eks",
    gold: ["infra.fact.cluster", "infra.proc.kubeconfig"],
  },
  {
    id: "id-16",
    kind: "exact_identifier",
    scope: MOBILE,
    query: "FOREGROUND_SERVICE_LOCATION",
    gold: ["mobile.ep.location"],
  },
  {
    id: "id-17",
    kind: "exact_identifier",
    scope: MOBILE,
    query: "./gradlew spotlessApply",
    gold: ["mobile.conv.lint"],
  },
  {
    id: "id-18",
    kind: "exact_identifier",
    scope: MOBILE,
    query: "ANDROID_KEYSTORE_BASE64",
    gold: ["mobile.neg.signing"],
  },
  {
    id: "id-19",
    kind: "exact_identifier",
    scope: MOBILE,
    query: "LoadListViewModel",
    gold: ["mobile.ep.anr"],
  },
  {
    id: "id-20",
    kind: "exact_identifier",
    scope: DATA,
    query: "dbt run --full-refresh",
    gold: ["data.neg.full_refresh"],
  },
  {
    id: "id-21",
    kind: "exact_identifier",
    scope: DATA,
    query: "SNOWFLAKE_PRIVATE_KEY_PATH",
    gold: ["data.env.snowflake"],
  },
  {
    id: "id-22",
    kind: "exact_identifier",
    scope: DATA,
    query: "PII_MASK masking policy",
    gold: ["data.fact.pii"],
  },
  {
    id: "id-23",
    kind: "exact_identifier",
    scope: CLI,
    query: "LF_API_TOKEN",
    gold: ["cli.fact.credentials"],
  },
  {
    id: "id-24",
    kind: "exact_identifier",
    scope: CLI,
    query: "cargo nextest run",
    gold: ["cli.test.cmd"],
  },
  {
    id: "id-25",
    kind: "exact_identifier",
    scope: AUTH,
    query: "jwt.WithLeeway",
    gold: ["auth.ep.clock_skew"],
  },
  {
    id: "id-26",
    kind: "exact_identifier",
    scope: AUTH,
    query: "/.well-known/jwks.json",
    gold: ["auth.fact.endpoints", "auth.proc.key_rotation"],
  },

  // ── superseded: current state only; the older versions are distractors ───────────────────
  {
    id: "sup-01",
    kind: "superseded",
    scope: BILLING,
    query: "which database engine does billing use?",
    gold: ["billing.db.sqlite"],
    note: "Three-step chain: Postgres 15 → Postgres 16 → SQLite.",
  },
  {
    id: "sup-02",
    kind: "superseded",
    scope: BILLING,
    query: "what Python version does billing-svc run on?",
    gold: ["billing.py.312"],
  },
  {
    id: "sup-03",
    kind: "superseded",
    scope: BILLING,
    query: "how are billing's Python dependencies installed and locked?",
    gold: ["billing.deps.uv"],
  },
  {
    id: "sup-04",
    kind: "superseded",
    scope: BILLING,
    query: "what format do billing API error responses use?",
    gold: ["billing.errors.rfc7807"],
  },
  {
    id: "sup-05",
    kind: "superseded",
    scope: WEB,
    query: "which package manager does the web-app repo use?",
    gold: ["web.pkg.pnpm"],
  },
  {
    id: "sup-06",
    kind: "superseded",
    scope: WEB,
    query: "what test runner do the dashboard unit tests use?",
    gold: ["web.test.vitest"],
  },
  {
    id: "sup-07",
    kind: "superseded",
    scope: WEB,
    query: "where does client-side session state live in the dashboard?",
    gold: ["web.state.zustand"],
  },
  {
    id: "sup-08",
    kind: "superseded",
    scope: WEB,
    query: "which routing library does the dashboard use?",
    gold: ["web.router.tanstack"],
  },
  {
    id: "sup-09",
    kind: "superseded",
    scope: INFRA,
    query: "which CI service runs our builds?",
    gold: ["infra.ci.gha"],
  },
  {
    id: "sup-10",
    kind: "superseded",
    scope: INFRA,
    query: "what Kubernetes version is prod on?",
    gold: ["infra.k8s.131"],
  },
  {
    id: "sup-11",
    kind: "superseded",
    scope: INFRA,
    query: "how is Terraform state locking done?",
    gold: ["infra.tf.lock_s3"],
  },
  {
    id: "sup-12",
    kind: "superseded",
    scope: INFRA,
    query: "how do cluster nodes autoscale?",
    gold: ["infra.autoscale.karpenter"],
  },
  {
    id: "sup-13",
    kind: "superseded",
    scope: MOBILE,
    query: "what is the minimum supported Android version?",
    gold: ["mobile.minsdk.26"],
  },
  {
    id: "sup-14",
    kind: "superseded",
    scope: MOBILE,
    query: "which DI framework does the driver app use?",
    gold: ["mobile.di.hilt"],
  },
  {
    id: "sup-15",
    kind: "superseded",
    scope: DATA,
    query: "which data warehouse do we load into?",
    gold: ["data.wh.snowflake"],
  },
  {
    id: "sup-16",
    kind: "superseded",
    scope: DATA,
    query: "where is Airflow hosted?",
    gold: ["data.airflow.k8s"],
  },
  {
    id: "sup-17",
    kind: "superseded",
    scope: CLI,
    query: "how are lf release binaries built?",
    gold: ["cli.release.cargo_dist", "cli.proc.release"],
  },
  {
    id: "sup-18",
    kind: "superseded",
    scope: CLI,
    query: "what's the minimum supported Rust version?",
    gold: ["cli.msrv.180"],
  },
  {
    id: "sup-19",
    kind: "superseded",
    scope: CLI,
    query: "where does lf store its config file?",
    gold: ["cli.config.dirs"],
  },
  {
    id: "sup-20",
    kind: "superseded",
    scope: AUTH,
    query: "which Go version does auth-svc use?",
    gold: ["auth.go.123"],
  },
  {
    id: "sup-21",
    kind: "superseded",
    scope: GLOBAL,
    query: "how long and detailed should answers be?",
    gold: ["pref.answers.terse"],
  },

  // ── as_of: what was true at a past date ───────────────────────────────────────────────────
  {
    id: "asof-01",
    kind: "as_of",
    scope: BILLING,
    asOf: "2026-03-20",
    query: "which database did billing use?",
    gold: ["billing.db.postgres15"],
  },
  {
    id: "asof-02",
    kind: "as_of",
    scope: BILLING,
    asOf: "2026-05-15",
    query: "which database was billing on?",
    gold: ["billing.db.postgres16"],
    note: "Middle link of a three-step chain.",
  },
  {
    id: "asof-03",
    kind: "as_of",
    scope: BILLING,
    asOf: "2026-09-01",
    query: "billing database engine",
    gold: ["billing.db.sqlite"],
    note: "asOf after the last change: the current version is the right answer.",
  },
  {
    id: "asof-04",
    kind: "as_of",
    scope: BILLING,
    asOf: "2026-04-20",
    query: "what did billing API error responses look like?",
    gold: ["billing.errors.legacy"],
  },
  {
    id: "asof-05",
    kind: "as_of",
    scope: BILLING,
    asOf: "2026-03-10",
    query: "how were billing's Python dependencies managed?",
    gold: ["billing.deps.poetry"],
  },
  {
    id: "asof-06",
    kind: "as_of",
    scope: WEB,
    asOf: "2026-04-01",
    query: "which package manager did the web-app repo use?",
    gold: ["web.pkg.npm"],
  },
  {
    id: "asof-07",
    kind: "as_of",
    scope: WEB,
    asOf: "2026-04-10",
    query: "what ran the dashboard unit tests?",
    gold: ["web.test.jest"],
  },
  {
    id: "asof-08",
    kind: "as_of",
    scope: WEB,
    asOf: "2026-05-01",
    query: "client-side state management library",
    gold: ["web.state.redux"],
  },
  {
    id: "asof-09",
    kind: "as_of",
    scope: INFRA,
    asOf: "2026-04-15",
    query: "which CI service ran our builds?",
    gold: ["infra.ci.circleci"],
  },
  {
    id: "asof-10",
    kind: "as_of",
    scope: INFRA,
    asOf: "2026-07-01",
    query: "Kubernetes version of the prod cluster",
    gold: ["infra.k8s.129"],
  },
  {
    id: "asof-11",
    kind: "as_of",
    scope: INFRA,
    asOf: "2026-08-01",
    query: "how was Terraform state locked?",
    gold: ["infra.tf.lock_dynamo"],
  },
  {
    id: "asof-12",
    kind: "as_of",
    scope: MOBILE,
    asOf: "2026-06-30",
    query: "minSdk of the driver app",
    gold: ["mobile.minsdk.24"],
  },
  {
    id: "asof-13",
    kind: "as_of",
    scope: DATA,
    asOf: "2026-05-31",
    query: "which warehouse did we load into?",
    gold: ["data.wh.redshift"],
  },
  {
    id: "asof-14",
    kind: "as_of",
    scope: CLI,
    asOf: "2026-06-01",
    query: "where was the lf config file?",
    gold: ["cli.config.xdg"],
  },
  {
    id: "asof-15",
    kind: "as_of",
    scope: CLI,
    asOf: "2026-04-30",
    query: "how were lf releases built?",
    gold: ["cli.release.manual"],
  },
  {
    id: "asof-16",
    kind: "as_of",
    scope: WEB,
    asOf: "2026-05-01",
    query: "which editor does the user work in?",
    gold: ["pref.editor.vscode"],
    note: "Global preference seen from a project scope.",
  },

  // ── cross_project: other projects hold look-alike memories; scope picks the right one ─────
  {
    id: "xp-01",
    kind: "cross_project",
    scope: BILLING,
    query: "how do I run the tests?",
    gold: ["billing.test.cmd"],
  },
  {
    id: "xp-02",
    kind: "cross_project",
    scope: WEB,
    query: "how do I run the unit tests?",
    gold: ["web.test.vitest"],
  },
  {
    id: "xp-03",
    kind: "cross_project",
    scope: MOBILE,
    query: "how do I run the unit tests?",
    gold: ["mobile.test.cmd"],
  },
  {
    id: "xp-04",
    kind: "cross_project",
    scope: CLI,
    query: "how do I run the tests?",
    gold: ["cli.test.cmd"],
  },
  {
    id: "xp-05",
    kind: "cross_project",
    scope: DATA,
    query: "what runs in CI to test changes?",
    gold: ["data.test.cmd"],
  },
  {
    id: "xp-06",
    kind: "cross_project",
    scope: AUTH,
    query: "how do I run the tests?",
    gold: ["auth.test.cmd"],
  },
  {
    id: "xp-07",
    kind: "cross_project",
    scope: INFRA,
    query: "how are the tests run?",
    gold: ["infra.test.cmd"],
  },
  {
    id: "xp-08",
    kind: "cross_project",
    scope: BILLING,
    query: "how do I lint and format the code?",
    gold: ["billing.conv.lint"],
  },
  {
    id: "xp-09",
    kind: "cross_project",
    scope: WEB,
    query: "how do I lint and format the code?",
    gold: ["web.conv.lint"],
  },
  {
    id: "xp-10",
    kind: "cross_project",
    scope: MOBILE,
    query: "how do I lint and format the code?",
    gold: ["mobile.conv.lint"],
  },
  {
    id: "xp-11",
    kind: "cross_project",
    scope: AUTH,
    query: "how do I run the linter?",
    gold: ["auth.conv.lint"],
  },
  {
    id: "xp-12",
    kind: "cross_project",
    scope: DATA,
    query: "how is SQL and Python linted?",
    gold: ["data.conv.lint"],
    note: "billing.conv.lint also lints Python with ruff.",
  },
  {
    id: "xp-13",
    kind: "cross_project",
    scope: AUTH,
    query: "which database does this service use?",
    gold: ["auth.db.postgres"],
    note: "billing has a whole chain of database decisions.",
  },
  {
    id: "xp-14",
    kind: "cross_project",
    scope: MOBILE,
    query: "which database does the app use for local data?",
    gold: ["mobile.db.room"],
  },
  {
    id: "xp-15",
    kind: "cross_project",
    scope: BILLING,
    query: "how should API errors be returned?",
    gold: ["billing.errors.rfc7807"],
  },
  {
    id: "xp-16",
    kind: "cross_project",
    scope: AUTH,
    query: "how should API errors be returned?",
    gold: ["auth.conv.api_errors"],
    note: "billing's RFC 7807 convention is the lexical twin.",
  },
  {
    id: "xp-17",
    kind: "cross_project",
    scope: CLI,
    query: "how should errors be handled in code?",
    gold: ["cli.conv.errors"],
  },
  {
    id: "xp-18",
    kind: "cross_project",
    scope: WEB,
    query: "which env var sets the API base URL?",
    gold: ["web.env.api_base"],
    note: "cli.env.api_url and mobile's API_BASE_URL look alike.",
  },
  {
    id: "xp-19",
    kind: "cross_project",
    scope: CLI,
    query: "which env var overrides the API URL?",
    gold: ["cli.env.api_url"],
  },
  {
    id: "xp-20",
    kind: "cross_project",
    scope: AUTH,
    query: "how do I deploy to production?",
    gold: ["auth.proc.deploy"],
  },
  {
    id: "xp-21",
    kind: "cross_project",
    scope: WEB,
    query: "how do I deploy to production?",
    gold: ["web.proc.deploy"],
  },
  {
    id: "xp-22",
    kind: "cross_project",
    scope: MOBILE,
    query: "how do I cut a release?",
    gold: ["mobile.proc.release"],
  },
  {
    id: "xp-23",
    kind: "cross_project",
    scope: CLI,
    query: "how do I cut a release?",
    gold: ["cli.proc.release", "cli.release.cargo_dist"],
  },
  {
    id: "xp-24",
    kind: "cross_project",
    scope: DATA,
    query: "which Python version does this project run?",
    gold: ["data.fact.python"],
  },
  {
    id: "xp-25",
    kind: "cross_project",
    scope: WEB,
    query: "which ports does local development use?",
    gold: ["web.fact.ports"],
  },

  // ── graph: gold is lexically far from the query but 1-2 edges from an anchor that matches ─
  {
    id: "graph-01",
    kind: "graph",
    scope: AUTH,
    query: "who should review changes to the auth service?",
    gold: ["people.priya"],
    note: "anchor: auth.overview, svc.auth (people.priya owns both)",
  },
  {
    id: "graph-02",
    kind: "graph",
    scope: BILLING,
    query: "who knows the VAT and invoice numbering rules?",
    gold: ["people.marco"],
    note: "anchor: billing.fact.tax, billing.fact.invoice_numbering",
  },
  {
    id: "graph-03",
    kind: "graph",
    scope: INFRA,
    query: "who signs off on Terraform changes?",
    gold: ["people.dana"],
    note: "anchor: infra.proc.apply, infra.neg.apply",
  },
  {
    id: "graph-04",
    kind: "graph",
    scope: MOBILE,
    query: "who can push a build to the Play Store?",
    gold: ["people.kenji"],
    note: "anchor: mobile.proc.release",
  },
  {
    id: "graph-05",
    kind: "graph",
    scope: DATA,
    query: "who maintains the finance dashboards?",
    gold: ["people.lena"],
    note: "anchor: data.entity.metabase",
  },
  {
    id: "graph-06",
    kind: "graph",
    scope: WEB,
    query: "who is responsible for the customer dashboard?",
    gold: ["people.tomas"],
    note: "anchor: web.overview",
  },
  {
    id: "graph-07",
    kind: "graph",
    scope: GLOBAL,
    query: "what goes down if the identity provider has an outage?",
    gold: ["svc.bff", "svc.tracking", "svc.billing"],
    note: "anchor: svc.auth (incoming depends_on edges)",
  },
  {
    id: "graph-08",
    kind: "graph",
    scope: GLOBAL,
    query: "which services does the dashboard BFF depend on?",
    gold: ["svc.auth", "svc.billing", "svc.tracking"],
    note: "anchor: svc.bff (outgoing depends_on edges)",
  },
  {
    id: "graph-09",
    kind: "graph",
    scope: BILLING,
    query: "what incident led us to deduplicate Stripe webhook deliveries?",
    gold: ["billing.ep.dup_invoices"],
    note: "anchor: billing.webhooks.idempotency (derives)",
  },
  {
    id: "graph-10",
    kind: "graph",
    scope: BILLING,
    query: "background on why only one process writes to the database",
    gold: ["billing.ep.sqlite_locked"],
    note: "anchor: billing.conv.single_writer (derives)",
  },
  {
    id: "graph-11",
    kind: "graph",
    scope: DATA,
    query: "why are network calls forbidden at the top level of DAG files?",
    gold: ["data.ep.dag_parse"],
    note: "anchor: data.neg.top_level (derives)",
  },
  {
    id: "graph-12",
    kind: "graph",
    scope: INFRA,
    query: "what safeguard was added after TLS certificates failed to renew?",
    gold: ["infra.conv.irsa_tests"],
    note: "anchor: infra.ep.certs (derived convention)",
  },
  {
    id: "graph-13",
    kind: "graph",
    scope: MOBILE,
    query: "what coding rule came out of the ANR spike in 3.8.0?",
    gold: ["mobile.conv.coroutines"],
    note: "anchor: mobile.ep.anr (derived convention)",
  },
  {
    id: "graph-14",
    kind: "graph",
    scope: BILLING,
    query: "which outside vendors does the invoicing service rely on?",
    gold: ["billing.entity.stripe"],
    note: "anchor: billing.overview (depends_on)",
  },
  {
    id: "graph-15",
    kind: "graph",
    scope: CLI,
    query: "who should I ping about the Nix flake?",
    gold: ["cli.entity.ferris"],
    note: "anchor: cli.fact.nix (owns)",
  },
  {
    id: "graph-16",
    kind: "graph",
    scope: GLOBAL,
    query: "who has to accept my architecture decision record?",
    gold: ["people.aisha", "global.conv.adr"],
    note: "anchor: global.conv.adr; it names the role, the owns edge names the person",
  },
  {
    id: "graph-17",
    kind: "graph",
    scope: WEB,
    query: "what did we change after the Safari logout bug?",
    gold: ["web.conv.cookies"],
    note: "anchor: web.ep.safari_logout (derived convention)",
  },
  {
    id: "graph-18",
    kind: "graph",
    scope: CLI,
    query: "what did we change after the musl link failure?",
    gold: ["cli.decision.rustls"],
    note: "anchor: cli.ep.musl (derived decision)",
  },
  {
    id: "graph-19",
    kind: "graph",
    scope: AUTH,
    query: "why does token validation tolerate a minute of clock drift?",
    gold: ["auth.ep.clock_skew"],
    note: "anchor: auth.decision.tokens (derives)",
  },
  {
    id: "graph-20",
    kind: "graph",
    scope: DATA,
    query: "what rules came out of the Snowflake bill doubling?",
    gold: ["data.conv.wh_guardrails"],
    note: "anchor: data.ep.cost (derived convention)",
  },

  // ── procedure: how do I …? ────────────────────────────────────────────────────────────────
  {
    id: "proc-01",
    kind: "procedure",
    scope: BILLING,
    query: "how do I deploy billing to production?",
    gold: ["billing.proc.deploy"],
  },
  {
    id: "proc-02",
    kind: "procedure",
    scope: BILLING,
    query: "steps to add a database migration",
    gold: ["billing.proc.new_migration", "billing.conv.migrations", "billing.conv.alembic_batch"],
  },
  {
    id: "proc-03",
    kind: "procedure",
    scope: BILLING,
    query: "how do I rotate the Stripe webhook signing secret?",
    gold: ["billing.proc.rotate_webhook_secret"],
  },
  {
    id: "proc-04",
    kind: "procedure",
    scope: BILLING,
    query: "how do I restore the database from a backup?",
    gold: ["billing.proc.restore"],
  },
  {
    id: "proc-05",
    kind: "procedure",
    scope: BILLING,
    query: "how do I run billing-svc on my machine?",
    gold: ["billing.proc.local_setup"],
  },
  {
    id: "proc-06",
    kind: "procedure",
    scope: WEB,
    query: "how do I add a new language to the dashboard?",
    gold: ["web.proc.add_locale", "web.conv.i18n"],
  },
  {
    id: "proc-07",
    kind: "procedure",
    scope: WEB,
    query: "how do I roll back a bad frontend deploy?",
    gold: ["web.proc.deploy"],
  },
  {
    id: "proc-08",
    kind: "procedure",
    scope: WEB,
    query: "CI says the lockfile is out of date, what do I do?",
    gold: ["web.proc.lockfile"],
  },
  {
    id: "proc-09",
    kind: "procedure",
    scope: INFRA,
    query: "how do I get kubectl access to the production cluster?",
    gold: ["infra.proc.kubeconfig"],
  },
  {
    id: "proc-10",
    kind: "procedure",
    scope: INFRA,
    query: "how do I apply Terraform changes?",
    gold: ["infra.proc.apply", "infra.neg.apply"],
    note: "The negative rule is part of a complete answer.",
  },
  {
    id: "proc-11",
    kind: "procedure",
    scope: INFRA,
    query: "how do I put a new service on Kubernetes?",
    gold: ["infra.proc.new_service"],
  },
  {
    id: "proc-12",
    kind: "procedure",
    scope: INFRA,
    query: "how do I upgrade the EKS cluster?",
    gold: ["infra.proc.eks_upgrade"],
  },
  {
    id: "proc-13",
    kind: "procedure",
    scope: INFRA,
    query: "terraform is stuck on a state lock, how do I clear it?",
    gold: ["infra.proc.force_unlock"],
  },
  {
    id: "proc-14",
    kind: "procedure",
    scope: MOBILE,
    query: "how do I ship a new Android release?",
    gold: ["mobile.proc.release"],
  },
  {
    id: "proc-15",
    kind: "procedure",
    scope: DATA,
    query: "how do I backfill a week of data?",
    gold: ["data.proc.backfill"],
  },
  {
    id: "proc-16",
    kind: "procedure",
    scope: DATA,
    query: "how do I add a new source to the warehouse?",
    gold: ["data.proc.new_source"],
  },
  {
    id: "proc-17",
    kind: "procedure",
    scope: CLI,
    query: "how do I add a new subcommand?",
    gold: ["cli.proc.add_command"],
  },
  {
    id: "proc-18",
    kind: "procedure",
    scope: AUTH,
    query: "how do I rotate the token signing key?",
    gold: ["auth.proc.key_rotation"],
  },
  {
    id: "proc-19",
    kind: "procedure",
    scope: CLI,
    query: "how do I set up a new laptop?",
    gold: ["global.proc.new_machine"],
    note: "Global procedure recalled from a project scope.",
  },

  // ── preference: the user's style, asked from inside a project ─────────────────────────────
  {
    id: "pref-01",
    kind: "preference",
    scope: BILLING,
    query: "how does the user like tests structured?",
    gold: ["pref.tests.style"],
  },
  {
    id: "pref-02",
    kind: "preference",
    scope: WEB,
    query: "what commit message format should I use?",
    gold: ["pref.commits"],
  },
  {
    id: "pref-03",
    kind: "preference",
    scope: INFRA,
    query: "how long and detailed should my answers be?",
    gold: ["pref.answers.terse"],
    note: "The older 'detailed' preference is superseded.",
  },
  {
    id: "pref-04",
    kind: "preference",
    scope: MOBILE,
    query: "is it ok to add a new library for this?",
    gold: ["pref.deps"],
  },
  {
    id: "pref-05",
    kind: "preference",
    scope: CLI,
    query: "how should I explain a Rust compiler error to the user?",
    gold: ["me.languages", "pref.explain.compare"],
  },
  {
    id: "pref-06",
    kind: "preference",
    scope: DATA,
    query: "which editor does the user use?",
    gold: ["pref.editor.neovim"],
  },
  {
    id: "pref-07",
    kind: "preference",
    scope: AUTH,
    query: "should I merge main into my branch or rebase?",
    gold: ["pref.git.rebase"],
  },
  {
    id: "pref-08",
    kind: "preference",
    scope: WEB,
    query: "what kind of code comments does the user want?",
    gold: ["pref.comments"],
  },
  {
    id: "pref-09",
    kind: "preference",
    scope: BILLING,
    query: "how big should a pull request be?",
    gold: ["pref.pr.size"],
  },
  {
    id: "pref-10",
    kind: "preference",
    scope: INFRA,
    query: "what shell syntax should one-liners use?",
    gold: ["me.shell"],
  },
  {
    id: "pref-11",
    kind: "preference",
    scope: MOBILE,
    query: "how should dates be written in logs and docs?",
    gold: ["pref.dates"],
  },
  {
    id: "pref-12",
    kind: "preference",
    scope: DATA,
    query: "how strict should type checking be?",
    gold: ["pref.typing"],
  },
  {
    id: "pref-13",
    kind: "preference",
    scope: CLI,
    query: "can I use emoji in commit messages?",
    gold: ["pref.no_emoji"],
  },
  {
    id: "pref-14",
    kind: "preference",
    scope: AUTH,
    query: "how does the user want logs formatted?",
    gold: ["pref.logging", "auth.conv.logging"],
    note: "The project convention agrees with the global preference; both are relevant.",
  },
  {
    id: "pref-15",
    kind: "preference",
    scope: WEB,
    query: "when fixing a bug, what should I do first?",
    gold: ["pref.tests.repro"],
  },
  {
    id: "pref-16",
    kind: "preference",
    scope: BILLING,
    query: "can I run a destructive command without asking first?",
    gold: ["pref.shell_safety"],
  },
];
