/**
 * The heldout half of the question set (`questions.ts` says how it was written and split).
 * Held back: run only for the record, never while tuning.
 *
 * @module
 */
import type { Question } from "./questions.ts";

/** 119 questions. */
export const heldoutQuestions: readonly Question[] = [
  {
    "id": "chg-01",
    "kind": "changed_fact",
    "scope": "project:billing-svc",
    "query": "are we still on Postgres for billing?",
    "gold": [
      "billing.db.sqlite",
    ],
    "stale": [
      "billing.db.postgres16",
      "billing.db.postgres15",
    ],
  },
  {
    "id": "chg-04",
    "kind": "changed_fact",
    "scope": "project:billing-svc",
    "query": "how do I install billing deps with Poetry?",
    "gold": [
      "billing.deps.uv",
    ],
    "stale": [
      "billing.deps.poetry",
    ],
  },
  {
    "id": "chg-06",
    "kind": "changed_fact",
    "scope": "project:web-app",
    "query": "do we run npm ci in the web-app?",
    "gold": [
      "web.pkg.pnpm",
    ],
    "stale": [
      "web.pkg.npm",
    ],
  },
  {
    "id": "chg-08",
    "kind": "changed_fact",
    "scope": "project:web-app",
    "query": "which Redux slice holds the logged-in user?",
    "gold": [
      "web.state.zustand",
    ],
    "stale": [
      "web.state.redux",
    ],
  },
  {
    "id": "chg-09",
    "kind": "changed_fact",
    "scope": "project:web-app",
    "query": "where are React Router routes declared?",
    "gold": [
      "web.router.tanstack",
    ],
    "stale": [
      "web.router.rr6",
    ],
  },
  {
    "id": "chg-10",
    "kind": "changed_fact",
    "scope": "project:infra",
    "query": "where is the CircleCI config for our pipelines?",
    "gold": [
      "infra.ci.gha",
    ],
    "stale": [
      "infra.ci.circleci",
    ],
  },
  {
    "id": "chg-14",
    "kind": "changed_fact",
    "scope": "project:mobile",
    "query": "is minSdk still 24?",
    "gold": [
      "mobile.minsdk.26",
    ],
    "stale": [
      "mobile.minsdk.24",
    ],
  },
  {
    "id": "chg-16",
    "kind": "changed_fact",
    "scope": "project:mobile",
    "query": "how do I add a Dagger component for a new feature?",
    "gold": [
      "mobile.di.hilt",
    ],
    "stale": [
      "mobile.di.dagger",
    ],
  },
  {
    "id": "chg-18",
    "kind": "changed_fact",
    "scope": "project:data-pipeline",
    "query": "how do DAGs get synced to S3 for MWAA?",
    "gold": [
      "data.airflow.k8s",
    ],
    "stale": [
      "data.airflow.mwaa",
    ],
  },
  {
    "id": "chg-19",
    "kind": "changed_fact",
    "scope": "project:cli-tool",
    "query": "how do I build release binaries by hand with cargo build?",
    "gold": [
      "cli.release.cargo_dist",
    ],
    "stale": [
      "cli.release.manual",
    ],
  },
  {
    "id": "chg-21",
    "kind": "changed_fact",
    "scope": "project:cli-tool",
    "query": "is the lf config always in ~/.config/lf?",
    "gold": [
      "cli.config.dirs",
    ],
    "stale": [
      "cli.config.xdg",
    ],
  },
  {
    "id": "chg-23",
    "kind": "changed_fact",
    "scope": "global",
    "query": "does the user still use VS Code?",
    "gold": [
      "pref.editor.neovim",
    ],
    "stale": [
      "pref.editor.vscode",
    ],
  },
  {
    "id": "chg-25",
    "kind": "changed_fact",
    "scope": "project:billing-svc",
    "query": "what connection string and database does billing use now?",
    "gold": [
      "billing.db.sqlite",
      "billing.env.db_url",
    ],
    "stale": [
      "billing.db.postgres16",
      "billing.db.postgres15",
    ],
  },
  {
    "id": "chg-28",
    "kind": "changed_fact",
    "scope": "project:infra",
    "query": "what CI orbs do we share across repos?",
    "gold": [
      "infra.ci.gha",
    ],
    "stale": [
      "infra.ci.circleci",
    ],
  },
  {
    "id": "chg-30",
    "kind": "changed_fact",
    "scope": "project:auth-svc",
    "query": "what Go toolchain version does go.mod declare?",
    "gold": [
      "auth.go.123",
    ],
    "stale": [
      "auth.go.122",
    ],
  },
  {
    "id": "hop-03",
    "kind": "multi_hop",
    "scope": "project:infra",
    "query": "who owns the terraform apply procedure and what is their role?",
    "gold": [
      "people.dana",
      "infra.proc.apply",
    ],
  },
  {
    "id": "hop-11",
    "kind": "multi_hop",
    "scope": "project:billing-svc",
    "query": "which process runs the nightly invoice job, and why do all writes go through it?",
    "gold": [
      "billing.entity.worker",
      "billing.conv.single_writer",
    ],
  },
  {
    "id": "hop-12",
    "kind": "multi_hop",
    "scope": "project:billing-svc",
    "query": "after moving the billing data to SQLite, what changed about writing migrations?",
    "gold": [
      "billing.db.sqlite",
      "billing.conv.alembic_batch",
    ],
  },
  {
    "id": "hop-13",
    "kind": "multi_hop",
    "scope": "project:web-app",
    "query": "what convention came out of Safari users being logged out?",
    "gold": [
      "web.ep.safari_logout",
      "web.conv.cookies",
    ],
  },
  {
    "id": "hop-14",
    "kind": "multi_hop",
    "scope": "project:web-app",
    "query": "what rule did we add after the map view bloated the bundle?",
    "gold": [
      "web.ep.bundle",
      "web.conv.bundle_budget",
    ],
  },
  {
    "id": "hop-15",
    "kind": "multi_hop",
    "scope": "project:web-app",
    "query": "after the lockfile drift broke main, what is the procedure now?",
    "gold": [
      "web.ep.lockfile",
      "web.proc.lockfile",
    ],
  },
  {
    "id": "hop-16",
    "kind": "multi_hop",
    "scope": "project:web-app",
    "query": "which test runner failed on the map view, and why was a polyfill needed?",
    "gold": [
      "web.ep.resize_observer",
      "web.test.vitest",
    ],
  },
  {
    "id": "hop-17",
    "kind": "multi_hop",
    "scope": "project:infra",
    "query": "what convention was introduced because certificate renewal broke?",
    "gold": [
      "infra.ep.certs",
      "infra.conv.irsa_tests",
    ],
  },
  {
    "id": "hop-19",
    "kind": "multi_hop",
    "scope": "project:infra",
    "query": "the stuck state lock incident, and the safe way to clear one",
    "gold": [
      "infra.ep.state_lock",
      "infra.proc.force_unlock",
    ],
  },
  {
    "id": "hop-21",
    "kind": "multi_hop",
    "scope": "project:mobile",
    "query": "what rule about background work came from the ANR spike?",
    "gold": [
      "mobile.ep.anr",
      "mobile.conv.coroutines",
    ],
  },
  {
    "id": "hop-23",
    "kind": "multi_hop",
    "scope": "project:data-pipeline",
    "query": "why must DAG files avoid queries at import time, and which DAG caused trouble?",
    "gold": [
      "data.neg.top_level",
      "data.ep.dag_parse",
    ],
  },
  {
    "id": "hop-25",
    "kind": "multi_hop",
    "scope": "project:cli-tool",
    "query": "why must lf stay statically linkable, and which build broke?",
    "gold": [
      "cli.decision.rustls",
      "cli.ep.musl",
    ],
  },
  {
    "id": "hop-26",
    "kind": "multi_hop",
    "scope": "project:cli-tool",
    "query": "what Windows bug led us to derive the config path per platform?",
    "gold": [
      "cli.ep.windows_config",
      "cli.config.dirs",
    ],
  },
  {
    "id": "hop-27",
    "kind": "multi_hop",
    "scope": "project:cli-tool",
    "query": "who maintains the Nix flake, and why do their PRs need a maintainer?",
    "gold": [
      "cli.entity.ferris",
      "cli.fact.nix",
    ],
  },
  {
    "id": "hop-29",
    "kind": "multi_hop",
    "scope": "project:auth-svc",
    "query": "how are signing keys rotated, and what broke the BFF last time?",
    "gold": [
      "auth.proc.key_rotation",
      "auth.ep.jwks_cache",
    ],
  },
  {
    "id": "id-03",
    "kind": "identifier",
    "scope": "project:billing-svc",
    "query": "what does archive_customer() do for us?",
    "gold": [
      "billing.neg.delete_customer",
    ],
  },
  {
    "id": "id-04",
    "kind": "identifier",
    "scope": "project:billing-svc",
    "query": "what's in the processed_events table?",
    "gold": [
      "billing.webhooks.idempotency",
    ],
  },
  {
    "id": "id-06",
    "kind": "identifier",
    "scope": "project:billing-svc",
    "query": "where is STRIPE_API_VERSION pinned?",
    "gold": [
      "billing.entity.stripe",
      "billing.ep.stripe_version",
    ],
  },
  {
    "id": "id-09",
    "kind": "identifier",
    "scope": "project:web-app",
    "query": "what is __Host-lf_session?",
    "gold": [
      "web.conv.cookies",
    ],
  },
  {
    "id": "id-10",
    "kind": "identifier",
    "scope": "project:web-app",
    "query": "what is VITE_SENTRY_DSN?",
    "gold": [
      "web.env.sentry",
    ],
  },
  {
    "id": "id-12",
    "kind": "identifier",
    "scope": "project:web-app",
    "query": "what does useFlag('new-map-view') control?",
    "gold": [
      "web.fact.feature_flags",
    ],
  },
  {
    "id": "id-14",
    "kind": "identifier",
    "scope": "project:infra",
    "query": "where is lf-tfstate-euw1 used?",
    "gold": [
      "infra.tf.lock_s3",
    ],
  },
  {
    "id": "id-16",
    "kind": "identifier",
    "scope": "project:infra",
    "query": "what is route53:ChangeResourceRecordSets needed for?",
    "gold": [
      "infra.ep.certs",
    ],
  },
  {
    "id": "id-18",
    "kind": "identifier",
    "scope": "project:mobile",
    "query": "what is FOREGROUND_SERVICE_LOCATION about?",
    "gold": [
      "mobile.ep.location",
    ],
  },
  {
    "id": "id-20",
    "kind": "identifier",
    "scope": "project:mobile",
    "query": "what is TokenAuthenticator?",
    "gold": [
      "mobile.fact.networking",
    ],
  },
  {
    "id": "id-22",
    "kind": "identifier",
    "scope": "project:data-pipeline",
    "query": "who may see columns masked by PII_MASK?",
    "gold": [
      "data.fact.pii",
    ],
  },
  {
    "id": "id-24",
    "kind": "identifier",
    "scope": "project:data-pipeline",
    "query": "what was wrong with dags/hubspot_sync.py?",
    "gold": [
      "data.ep.dag_parse",
    ],
  },
  {
    "id": "id-25",
    "kind": "identifier",
    "scope": "project:cli-tool",
    "query": "what does LF_API_TOKEN do?",
    "gold": [
      "cli.fact.credentials",
    ],
  },
  {
    "id": "id-26",
    "kind": "identifier",
    "scope": "project:cli-tool",
    "query": "what is lumen-lf?",
    "gold": [
      "cli.fact.crate_name",
    ],
  },
  {
    "id": "id-27",
    "kind": "identifier",
    "scope": "project:cli-tool",
    "query": "what did issue #87 report?",
    "gold": [
      "cli.ep.windows_config",
    ],
  },
  {
    "id": "id-29",
    "kind": "identifier",
    "scope": "project:auth-svc",
    "query": "what does jwt.WithLeeway fix?",
    "gold": [
      "auth.ep.clock_skew",
    ],
  },
  {
    "id": "para-01",
    "kind": "paraphrase",
    "scope": "project:billing-svc",
    "query": "how do we keep track of money owed and paid without losing a cent in the books?",
    "gold": [
      "billing.entity.ledger",
    ],
  },
  {
    "id": "para-02",
    "kind": "paraphrase",
    "scope": "project:billing-svc",
    "query": "what web framework is the payments backend built on, and why?",
    "gold": [
      "billing.decision.fastapi",
    ],
  },
  {
    "id": "para-03",
    "kind": "paraphrase",
    "scope": "project:billing-svc",
    "query": "what happens when the payment provider changes its payload shape between releases?",
    "gold": [
      "billing.ep.stripe_version",
    ],
  },
  {
    "id": "para-04",
    "kind": "paraphrase",
    "scope": "project:billing-svc",
    "query": "can an account switch to paying in pounds after it signs up?",
    "gold": [
      "billing.fact.currencies",
    ],
  },
  {
    "id": "para-06",
    "kind": "paraphrase",
    "scope": "project:billing-svc",
    "query": "which HTTP port does the invoicing app answer on inside its container?",
    "gold": [
      "billing.fact.port",
    ],
  },
  {
    "id": "para-11",
    "kind": "paraphrase",
    "scope": "project:web-app",
    "query": "which older browsers do customers still need us to support?",
    "gold": [
      "web.fact.safari15",
      "web.fact.browsers",
    ],
  },
  {
    "id": "para-12",
    "kind": "paraphrase",
    "scope": "project:web-app",
    "query": "how do screens talk to the backend from React?",
    "gold": [
      "web.conv.api_client",
    ],
  },
  {
    "id": "para-13",
    "kind": "paraphrase",
    "scope": "project:web-app",
    "query": "why didn't we pick a server-rendered framework for the dashboard?",
    "gold": [
      "web.decision.vite",
    ],
  },
  {
    "id": "para-15",
    "kind": "paraphrase",
    "scope": "project:web-app",
    "query": "where do I say where the backend lives when running the dashboard locally?",
    "gold": [
      "web.env.api_base",
    ],
  },
  {
    "id": "para-17",
    "kind": "paraphrase",
    "scope": "project:infra",
    "query": "where do we recover if the Ireland region goes down?",
    "gold": [
      "infra.fact.dr",
    ],
  },
  {
    "id": "para-19",
    "kind": "paraphrase",
    "scope": "project:infra",
    "query":
      "how do I look at what is running in production without being able to change anything?",
    "gold": [
      "infra.proc.kubeconfig",
    ],
  },
  {
    "id": "para-21",
    "kind": "paraphrase",
    "scope": "project:infra",
    "query": "how is HTTPS terminated and where do the certificates come from?",
    "gold": [
      "infra.fact.ingress",
    ],
  },
  {
    "id": "para-23",
    "kind": "paraphrase",
    "scope": "project:mobile",
    "query": "how do I make the phone app talk to a backend running on my machine?",
    "gold": [
      "mobile.proc.local_api",
    ],
  },
  {
    "id": "para-24",
    "kind": "paraphrase",
    "scope": "project:mobile",
    "query": "where does the app report crashes?",
    "gold": [
      "mobile.fact.crash",
    ],
  },
  {
    "id": "para-25",
    "kind": "paraphrase",
    "scope": "project:mobile",
    "query": "how are screens structured and how does state flow to the UI?",
    "gold": [
      "mobile.conv.architecture",
    ],
  },
  {
    "id": "para-26",
    "kind": "paraphrase",
    "scope": "project:mobile",
    "query": "how are pictures fetched and cached in the driver app?",
    "gold": [
      "mobile.decision.coil",
    ],
  },
  {
    "id": "para-28",
    "kind": "paraphrase",
    "scope": "project:mobile",
    "query": "where do library version numbers get declared for the build?",
    "gold": [
      "mobile.conv.versions",
    ],
  },
  {
    "id": "para-35",
    "kind": "paraphrase",
    "scope": "project:cli-tool",
    "query": "how do I get tab completion for the command line tool in my shell?",
    "gold": [
      "cli.fact.completions",
    ],
  },
  {
    "id": "para-37",
    "kind": "paraphrase",
    "scope": "project:cli-tool",
    "query": "what name is the terminal tool published under on the Rust package registry?",
    "gold": [
      "cli.fact.crate_name",
    ],
  },
  {
    "id": "para-41",
    "kind": "paraphrase",
    "scope": "global",
    "query": "what shell does the developer type commands into?",
    "gold": [
      "me.shell",
    ],
  },
  {
    "id": "para-43",
    "kind": "paraphrase",
    "scope": "global",
    "query": "should I run destructive commands myself?",
    "gold": [
      "pref.shell_safety",
    ],
  },
  {
    "id": "para-45",
    "kind": "paraphrase",
    "scope": "global",
    "query": "how do I get a new laptop ready for work?",
    "gold": [
      "global.proc.new_machine",
    ],
  },
  {
    "id": "part-03",
    "kind": "partial_identifier",
    "scope": "project:billing-svc",
    "query": "retry policy with jitter",
    "gold": [
      "billing.snippet.retry",
    ],
  },
  {
    "id": "part-05",
    "kind": "partial_identifier",
    "scope": "project:billing-svc",
    "query": "parse utc helper",
    "gold": [
      "billing.conv.timestamps",
    ],
  },
  {
    "id": "part-07",
    "kind": "partial_identifier",
    "scope": "project:billing-svc",
    "query": "processed events dedup",
    "gold": [
      "billing.webhooks.idempotency",
    ],
  },
  {
    "id": "part-08",
    "kind": "partial_identifier",
    "scope": "project:web-app",
    "query": "session store hook",
    "gold": [
      "web.state.zustand",
      "web.snippet.store",
    ],
  },
  {
    "id": "part-11",
    "kind": "partial_identifier",
    "scope": "project:web-app",
    "query": "resize observer not defined",
    "gold": [
      "web.ep.resize_observer",
    ],
  },
  {
    "id": "part-12",
    "kind": "partial_identifier",
    "scope": "project:web-app",
    "query": "typescript eslint config",
    "gold": [
      "web.conv.lint",
    ],
  },
  {
    "id": "part-13",
    "kind": "partial_identifier",
    "scope": "project:web-app",
    "query": "openapi fetch client",
    "gold": [
      "web.conv.api_client",
    ],
  },
  {
    "id": "part-16",
    "kind": "partial_identifier",
    "scope": "project:infra",
    "query": "force unlock the terraform state",
    "gold": [
      "infra.ep.state_lock",
      "infra.proc.force_unlock",
    ],
  },
  {
    "id": "part-18",
    "kind": "partial_identifier",
    "scope": "project:infra",
    "query": "configure aws credentials action",
    "gold": [
      "infra.snippet.oidc",
    ],
  },
  {
    "id": "part-21",
    "kind": "partial_identifier",
    "scope": "project:infra",
    "query": "cert manager iam role",
    "gold": [
      "infra.ep.certs",
    ],
  },
  {
    "id": "part-25",
    "kind": "partial_identifier",
    "scope": "project:mobile",
    "query": "libs versions toml",
    "gold": [
      "mobile.conv.versions",
    ],
  },
  {
    "id": "part-26",
    "kind": "partial_identifier",
    "scope": "project:mobile",
    "query": "proguard rules for kotlinx serialization",
    "gold": [
      "mobile.ep.r8",
    ],
  },
  {
    "id": "part-27",
    "kind": "partial_identifier",
    "scope": "project:mobile",
    "query": "hilt view model",
    "gold": [
      "mobile.di.hilt",
    ],
  },
  {
    "id": "part-28",
    "kind": "partial_identifier",
    "scope": "project:mobile",
    "query": "crashlytics tree",
    "gold": [
      "mobile.fact.crash",
    ],
  },
  {
    "id": "part-31",
    "kind": "partial_identifier",
    "scope": "project:data-pipeline",
    "query": "analyst pii role",
    "gold": [
      "data.fact.pii",
    ],
  },
  {
    "id": "part-33",
    "kind": "partial_identifier",
    "scope": "project:data-pipeline",
    "query": "expect table row count test",
    "gold": [
      "data.conv.tests",
    ],
  },
  {
    "id": "part-34",
    "kind": "partial_identifier",
    "scope": "project:cli-tool",
    "query": "clap complete",
    "gold": [
      "cli.fact.completions",
    ],
  },
  {
    "id": "part-36",
    "kind": "partial_identifier",
    "scope": "project:cli-tool",
    "query": "cargo dist installers",
    "gold": [
      "cli.release.cargo_dist",
      "cli.proc.release",
    ],
  },
  {
    "id": "part-39",
    "kind": "partial_identifier",
    "scope": "project:auth-svc",
    "query": "require scope middleware",
    "gold": [
      "auth.snippet.middleware",
    ],
  },
  {
    "id": "part-41",
    "kind": "partial_identifier",
    "scope": "global",
    "query": "lazyvim config",
    "gold": [
      "pref.editor.neovim",
    ],
  },
  {
    "id": "time-03",
    "kind": "temporal",
    "scope": "project:billing-svc",
    "query": "what happened when we bumped the Stripe API version in September?",
    "gold": [
      "billing.ep.stripe_version",
    ],
  },
  {
    "id": "time-05",
    "kind": "temporal",
    "scope": "project:billing-svc",
    "query": "what did we change about billing's dependency tooling in mid-March?",
    "gold": [
      "billing.deps.uv",
    ],
  },
  {
    "id": "time-07",
    "kind": "temporal",
    "scope": "project:web-app",
    "query": "what happened to the bundle size in August?",
    "gold": [
      "web.ep.bundle",
    ],
  },
  {
    "id": "time-09",
    "kind": "temporal",
    "scope": "project:web-app",
    "query": "what test failure did we hit last month?",
    "gold": [
      "web.ep.resize_observer",
    ],
  },
  {
    "id": "time-10",
    "kind": "temporal",
    "scope": "project:web-app",
    "query": "what did we switch the router to in August?",
    "gold": [
      "web.router.tanstack",
    ],
  },
  {
    "id": "time-12",
    "kind": "temporal",
    "scope": "project:infra",
    "query": "what happened to the wildcard certificate at the end of August?",
    "gold": [
      "infra.ep.certs",
    ],
  },
  {
    "id": "time-14",
    "kind": "temporal",
    "scope": "project:infra",
    "query": "what went wrong with terraform-apply in early June?",
    "gold": [
      "infra.ep.state_lock",
    ],
  },
  {
    "id": "time-15",
    "kind": "temporal",
    "scope": "project:infra",
    "query": "what changed about Terraform locking in October?",
    "gold": [
      "infra.tf.lock_s3",
    ],
  },
  {
    "id": "time-16",
    "kind": "temporal",
    "scope": "project:infra",
    "query": "what did we change about node autoscaling in June?",
    "gold": [
      "infra.autoscale.karpenter",
    ],
  },
  {
    "id": "time-17",
    "kind": "temporal",
    "scope": "project:mobile",
    "query": "what caused the ANR spike in mid-July?",
    "gold": [
      "mobile.ep.anr",
    ],
  },
  {
    "id": "time-18",
    "kind": "temporal",
    "scope": "project:mobile",
    "query": "what location bug did drivers hit in September?",
    "gold": [
      "mobile.ep.location",
    ],
  },
  {
    "id": "time-19",
    "kind": "temporal",
    "scope": "project:mobile",
    "query": "what crashed the release build last month?",
    "gold": [
      "mobile.ep.r8",
    ],
  },
  {
    "id": "time-23",
    "kind": "temporal",
    "scope": "project:data-pipeline",
    "query": "what broke the billing extract right after July 1st?",
    "gold": [
      "data.ep.billing_extract",
    ],
  },
  {
    "id": "time-29",
    "kind": "temporal",
    "scope": "project:auth-svc",
    "query": "what sign-in problem did drivers have at the end of May?",
    "gold": [
      "auth.ep.clock_skew",
    ],
  },
  {
    "id": "time-30",
    "kind": "temporal",
    "scope": "global",
    "query": "what happened with the accidental push to main in early September?",
    "gold": [
      "global.ep.branch_protection",
    ],
  },
  {
    "id": "xp-02",
    "kind": "cross_project",
    "scope": "all",
    "query": "how do I run the Rust CLI's tests?",
    "gold": [
      "cli.test.cmd",
    ],
  },
  {
    "id": "xp-05",
    "kind": "cross_project",
    "scope": "all",
    "query": "how are the payment service's tests run?",
    "gold": [
      "billing.test.cmd",
    ],
  },
  {
    "id": "xp-07",
    "kind": "cross_project",
    "scope": "all",
    "query": "what test runner does the React dashboard use?",
    "gold": [
      "web.test.vitest",
    ],
  },
  {
    "id": "xp-09",
    "kind": "cross_project",
    "scope": "all",
    "query": "how do I lint the Go service?",
    "gold": [
      "auth.conv.lint",
    ],
  },
  {
    "id": "xp-10",
    "kind": "cross_project",
    "scope": "all",
    "query": "how do I lint the Rust code?",
    "gold": [
      "cli.conv.lint",
    ],
  },
  {
    "id": "xp-12",
    "kind": "cross_project",
    "scope": "all",
    "query": "how do I lint the terraform?",
    "gold": [
      "infra.conv.lint",
    ],
  },
  {
    "id": "xp-13",
    "kind": "cross_project",
    "scope": "all",
    "query": "what linter does the Python invoicing service use?",
    "gold": [
      "billing.conv.lint",
    ],
  },
  {
    "id": "xp-18",
    "kind": "cross_project",
    "scope": "all",
    "query": "how do I deploy the token service?",
    "gold": [
      "auth.proc.deploy",
    ],
  },
  {
    "id": "xp-20",
    "kind": "cross_project",
    "scope": "all",
    "query": "how do I release the Android app?",
    "gold": [
      "mobile.proc.release",
    ],
  },
  {
    "id": "xp-22",
    "kind": "cross_project",
    "scope": "all",
    "query": "how is the payments service deployed?",
    "gold": [
      "billing.proc.deploy",
    ],
  },
  {
    "id": "xp-24",
    "kind": "cross_project",
    "scope": "all",
    "query": "how should the Rust CLI handle errors?",
    "gold": [
      "cli.conv.errors",
    ],
  },
  {
    "id": "xp-25",
    "kind": "cross_project",
    "scope": "all",
    "query": "what error format do the OAuth endpoints return?",
    "gold": [
      "auth.conv.api_errors",
    ],
  },
  {
    "id": "xp-27",
    "kind": "cross_project",
    "scope": "all",
    "query": "which Python version does the invoicing service run?",
    "gold": [
      "billing.py.312",
    ],
  },
  {
    "id": "xp-29",
    "kind": "cross_project",
    "scope": "all",
    "query": "how do I run the invoicing service on my laptop?",
    "gold": [
      "billing.proc.local_setup",
    ],
  },
  {
    "id": "xp-31",
    "kind": "cross_project",
    "scope": "all",
    "query": "which port does the identity service listen on?",
    "gold": [
      "auth.fact.endpoints",
    ],
  },
  {
    "id": "xp-33",
    "kind": "cross_project",
    "scope": "all",
    "query": "what logging library does the auth service use?",
    "gold": [
      "auth.conv.logging",
    ],
  },
];
