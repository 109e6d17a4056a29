/**
 * The tune half of the question set (`questions.ts` says how it was written and split).
 * Heuristics are tuned on these questions only.
 *
 * @module
 */
import type { Question } from "./questions.ts";

/** 124 questions. */
export const tuneQuestions: readonly Question[] = [
  {
    "id": "chg-02",
    "kind": "changed_fact",
    "scope": "project:billing-svc",
    "query": "which Postgres version does billing use?",
    "gold": [
      "billing.db.sqlite",
    ],
    "stale": [
      "billing.db.postgres16",
      "billing.db.postgres15",
    ],
  },
  {
    "id": "chg-03",
    "kind": "changed_fact",
    "scope": "project:billing-svc",
    "query": "is billing still on Python 3.11?",
    "gold": [
      "billing.py.312",
    ],
    "stale": [
      "billing.py.311",
    ],
  },
  {
    "id": "chg-05",
    "kind": "changed_fact",
    "scope": "project:billing-svc",
    "query": "what's the JSON error body with error and message fields?",
    "gold": [
      "billing.errors.rfc7807",
    ],
    "stale": [
      "billing.errors.legacy",
    ],
  },
  {
    "id": "chg-07",
    "kind": "changed_fact",
    "scope": "project:web-app",
    "query": "where is jest.config.ts for the dashboard tests?",
    "gold": [
      "web.test.vitest",
    ],
    "stale": [
      "web.test.jest",
    ],
  },
  {
    "id": "chg-11",
    "kind": "changed_fact",
    "scope": "project:infra",
    "query": "are the clusters still on Kubernetes 1.29?",
    "gold": [
      "infra.k8s.131",
    ],
    "stale": [
      "infra.k8s.129",
    ],
  },
  {
    "id": "chg-12",
    "kind": "changed_fact",
    "scope": "project:infra",
    "query": "what's the DynamoDB table for terraform state locks?",
    "gold": [
      "infra.tf.lock_s3",
    ],
    "stale": [
      "infra.tf.lock_dynamo",
    ],
  },
  {
    "id": "chg-13",
    "kind": "changed_fact",
    "scope": "project:infra",
    "query": "how is the Cluster Autoscaler configured?",
    "gold": [
      "infra.autoscale.karpenter",
    ],
    "stale": [
      "infra.autoscale.ca",
    ],
  },
  {
    "id": "chg-15",
    "kind": "changed_fact",
    "scope": "project:mobile",
    "query": "do we still need desugaring for java.time?",
    "gold": [
      "mobile.minsdk.26",
    ],
    "stale": [
      "mobile.minsdk.24",
    ],
  },
  {
    "id": "chg-17",
    "kind": "changed_fact",
    "scope": "project:data-pipeline",
    "query": "what's the Redshift cluster called?",
    "gold": [
      "data.wh.snowflake",
    ],
    "stale": [
      "data.wh.redshift",
    ],
  },
  {
    "id": "chg-20",
    "kind": "changed_fact",
    "scope": "project:cli-tool",
    "query": "is the MSRV still 1.74?",
    "gold": [
      "cli.msrv.180",
    ],
    "stale": [
      "cli.msrv.174",
    ],
  },
  {
    "id": "chg-22",
    "kind": "changed_fact",
    "scope": "project:auth-svc",
    "query": "is auth-svc on Go 1.22?",
    "gold": [
      "auth.go.123",
    ],
    "stale": [
      "auth.go.122",
    ],
  },
  {
    "id": "chg-24",
    "kind": "changed_fact",
    "scope": "global",
    "query": "does the user want long, detailed explanations?",
    "gold": [
      "pref.answers.terse",
    ],
    "stale": [
      "pref.answers.detailed",
    ],
  },
  {
    "id": "chg-26",
    "kind": "changed_fact",
    "scope": "project:web-app",
    "query": "which state management library does the dashboard use today?",
    "gold": [
      "web.state.zustand",
    ],
    "stale": [
      "web.state.redux",
    ],
  },
  {
    "id": "chg-27",
    "kind": "changed_fact",
    "scope": "project:data-pipeline",
    "query": "which dbt adapter do we use for the warehouse?",
    "gold": [
      "data.wh.snowflake",
    ],
    "stale": [
      "data.wh.redshift",
    ],
  },
  {
    "id": "chg-29",
    "kind": "changed_fact",
    "scope": "project:mobile",
    "query": "what dependency injection do we use for ViewModels?",
    "gold": [
      "mobile.di.hilt",
    ],
    "stale": [
      "mobile.di.dagger",
    ],
  },
  {
    "id": "hop-01",
    "kind": "multi_hop",
    "scope": "project:auth-svc",
    "query": "who owns the token issuer and what does she want in PR descriptions?",
    "gold": [
      "people.priya",
      "auth.overview",
    ],
  },
  {
    "id": "hop-02",
    "kind": "multi_hop",
    "scope": "project:billing-svc",
    "query": "who owns the double-entry ledger and which days do they work?",
    "gold": [
      "people.marco",
      "billing.entity.ledger",
    ],
  },
  {
    "id": "hop-04",
    "kind": "multi_hop",
    "scope": "project:mobile",
    "query": "who runs the release train for the driver app and where is he based?",
    "gold": [
      "people.kenji",
      "mobile.proc.release",
    ],
  },
  {
    "id": "hop-05",
    "kind": "multi_hop",
    "scope": "project:data-pipeline",
    "query": "who owns the tool that hosts the finance dashboards, and when is she on call?",
    "gold": [
      "people.lena",
      "data.entity.metabase",
    ],
  },
  {
    "id": "hop-06",
    "kind": "multi_hop",
    "scope": "project:web-app",
    "query": "who leads the customer dashboard, and which design library does he maintain?",
    "gold": [
      "people.tomas",
      "web.overview",
    ],
  },
  {
    "id": "hop-07",
    "kind": "multi_hop",
    "scope": "global",
    "query": "if auth-svc has an outage, which other services are affected?",
    "gold": [
      "svc.bff",
      "svc.billing",
      "svc.tracking",
    ],
  },
  {
    "id": "hop-08",
    "kind": "multi_hop",
    "scope": "global",
    "query": "what does the invoicing service call for emails and text messages?",
    "gold": [
      "svc.billing",
      "svc.notify",
    ],
  },
  {
    "id": "hop-09",
    "kind": "multi_hop",
    "scope": "project:billing-svc",
    "query": "what incident made us start recording processed webhook events?",
    "gold": [
      "billing.webhooks.idempotency",
      "billing.ep.dup_invoices",
    ],
  },
  {
    "id": "hop-10",
    "kind": "multi_hop",
    "scope": "project:billing-svc",
    "query": "why do API pods open the data file read-only, and what failed before that rule?",
    "gold": [
      "billing.conv.single_writer",
      "billing.ep.sqlite_locked",
    ],
  },
  {
    "id": "hop-18",
    "kind": "multi_hop",
    "scope": "project:infra",
    "query":
      "why do we clear deprecated APIs before a cluster upgrade, and what happened last time?",
    "gold": [
      "infra.proc.eks_upgrade",
      "infra.ep.eks_upgrade",
    ],
  },
  {
    "id": "hop-20",
    "kind": "multi_hop",
    "scope": "project:infra",
    "query":
      "how do CI workflows get AWS credentials, and what does the workflow snippet look like?",
    "gold": [
      "infra.decision.oidc",
      "infra.snippet.oidc",
    ],
  },
  {
    "id": "hop-22",
    "kind": "multi_hop",
    "scope": "project:mobile",
    "query":
      "why did raising the minimum Android version hardly affect drivers, and what phones do they carry?",
    "gold": [
      "mobile.minsdk.26",
      "mobile.fact.devices",
    ],
  },
  {
    "id": "hop-24",
    "kind": "multi_hop",
    "scope": "project:data-pipeline",
    "query": "what guardrails did we add after the warehouse bill doubled?",
    "gold": [
      "data.ep.cost",
      "data.conv.wh_guardrails",
    ],
  },
  {
    "id": "hop-28",
    "kind": "multi_hop",
    "scope": "project:auth-svc",
    "query": "why do tokens tolerate clock leeway, and what incident prompted it?",
    "gold": [
      "auth.decision.tokens",
      "auth.ep.clock_skew",
    ],
  },
  {
    "id": "hop-30",
    "kind": "multi_hop",
    "scope": "global",
    "query": "who must accept an ADR, and what is that person's name?",
    "gold": [
      "global.conv.adr",
      "people.aisha",
    ],
  },
  {
    "id": "hop-31",
    "kind": "multi_hop",
    "scope": "project:web-app",
    "query": "what does the BFF depend on, and where does it live in the repo?",
    "gold": [
      "svc.bff",
      "web.entity.bff",
    ],
  },
  {
    "id": "id-01",
    "kind": "identifier",
    "scope": "project:billing-svc",
    "query": "what is BILLING_WEBHOOK_SECRET used for?",
    "gold": [
      "billing.env.webhook_secret",
    ],
  },
  {
    "id": "id-02",
    "kind": "identifier",
    "scope": "project:billing-svc",
    "query": "where is ProblemError defined?",
    "gold": [
      "billing.errors.rfc7807",
      "billing.snippet.problem",
    ],
  },
  {
    "id": "id-05",
    "kind": "identifier",
    "scope": "project:billing-svc",
    "query": "when should I use op.batch_alter_table?",
    "gold": [
      "billing.conv.alembic_batch",
    ],
  },
  {
    "id": "id-07",
    "kind": "identifier",
    "scope": "project:billing-svc",
    "query": "what does make db-snapshot give me?",
    "gold": [
      "billing.neg.prod_db",
    ],
  },
  {
    "id": "id-08",
    "kind": "identifier",
    "scope": "project:web-app",
    "query": "what does ERR_PNPM_OUTDATED_LOCKFILE mean and how do I fix it?",
    "gold": [
      "web.proc.lockfile",
    ],
  },
  {
    "id": "id-11",
    "kind": "identifier",
    "scope": "project:web-app",
    "query": "how is useSessionStore defined?",
    "gold": [
      "web.state.zustand",
      "web.snippet.store",
    ],
  },
  {
    "id": "id-13",
    "kind": "identifier",
    "scope": "project:infra",
    "query": "what happened with flowcontrol.apiserver.k8s.io/v1beta2?",
    "gold": [
      "infra.ep.eks_upgrade",
    ],
  },
  {
    "id": "id-15",
    "kind": "identifier",
    "scope": "project:infra",
    "query": "what is the gha-ecr-push role?",
    "gold": [
      "infra.decision.oidc",
    ],
  },
  {
    "id": "id-17",
    "kind": "identifier",
    "scope": "project:infra",
    "query": "which runners carry the lf-arm64 label?",
    "gold": [
      "infra.fact.runners",
    ],
  },
  {
    "id": "id-19",
    "kind": "identifier",
    "scope": "project:mobile",
    "query": "what does ANDROID_KEYSTORE_PASSWORD hold?",
    "gold": [
      "mobile.neg.signing",
    ],
  },
  {
    "id": "id-21",
    "kind": "identifier",
    "scope": "project:mobile",
    "query": "what went wrong in LoadListViewModel.init?",
    "gold": [
      "mobile.ep.anr",
    ],
  },
  {
    "id": "id-23",
    "kind": "identifier",
    "scope": "project:data-pipeline",
    "query": "what is TRANSFORM_WH?",
    "gold": [
      "data.wh.snowflake",
      "data.ep.cost",
    ],
  },
  {
    "id": "id-28",
    "kind": "identifier",
    "scope": "project:auth-svc",
    "query": "what is AUTH_SIGNING_KEY_ARN?",
    "gold": [
      "auth.env",
    ],
  },
  {
    "id": "id-30",
    "kind": "identifier",
    "scope": "project:auth-svc",
    "query": "where is /oauth/device/code served?",
    "gold": [
      "auth.fact.endpoints",
    ],
  },
  {
    "id": "id-31",
    "kind": "identifier",
    "scope": "global",
    "query": "what does `op run --env-file=.env.tpl` do?",
    "gold": [
      "global.neg.secrets",
    ],
  },
  {
    "id": "id-32",
    "kind": "identifier",
    "scope": "global",
    "query": "what's .mise.toml for?",
    "gold": [
      "global.fact.mise",
    ],
  },
  {
    "id": "para-05",
    "kind": "paraphrase",
    "scope": "project:billing-svc",
    "query": "is it okay to remove a customer at the payment provider from a script?",
    "gold": [
      "billing.neg.delete_customer",
    ],
  },
  {
    "id": "para-07",
    "kind": "paraphrase",
    "scope": "project:billing-svc",
    "query": "how do retries against the card processor work?",
    "gold": [
      "billing.snippet.retry",
    ],
  },
  {
    "id": "para-08",
    "kind": "paraphrase",
    "scope": "project:billing-svc",
    "query": "how should dates and times be saved in the database?",
    "gold": [
      "billing.conv.timestamps",
    ],
  },
  {
    "id": "para-09",
    "kind": "paraphrase",
    "scope": "project:billing-svc",
    "query": "can I poke at the live data file with a shell tool while the service is up?",
    "gold": [
      "billing.neg.prod_db",
    ],
  },
  {
    "id": "para-10",
    "kind": "paraphrase",
    "scope": "project:web-app",
    "query": "how should I style a button in the dashboard?",
    "gold": [
      "web.conv.css",
    ],
  },
  {
    "id": "para-14",
    "kind": "paraphrase",
    "scope": "project:web-app",
    "query": "how do we validate what users type into forms?",
    "gold": [
      "web.decision.forms",
    ],
  },
  {
    "id": "para-16",
    "kind": "paraphrase",
    "scope": "project:web-app",
    "query": "what checks that screen readers can use the UI?",
    "gold": [
      "web.conv.a11y",
    ],
  },
  {
    "id": "para-18",
    "kind": "paraphrase",
    "scope": "project:infra",
    "query": "how are dependency bumps proposed automatically?",
    "gold": [
      "infra.fact.renovate",
    ],
  },
  {
    "id": "para-20",
    "kind": "paraphrase",
    "scope": "project:infra",
    "query": "where do dashboards and paging alerts for the cluster come from?",
    "gold": [
      "infra.fact.monitoring",
    ],
  },
  {
    "id": "para-22",
    "kind": "paraphrase",
    "scope": "project:infra",
    "query": "what should I call a new S3 bucket?",
    "gold": [
      "infra.conv.naming",
    ],
  },
  {
    "id": "para-27",
    "kind": "paraphrase",
    "scope": "project:mobile",
    "query": "why didn't we go cross-platform with the driver app?",
    "gold": [
      "mobile.decision.no_rn",
    ],
  },
  {
    "id": "para-29",
    "kind": "paraphrase",
    "scope": "project:data-pipeline",
    "query": "how big does a table need to be before it gets built incrementally?",
    "gold": [
      "data.conv.incremental",
    ],
  },
  {
    "id": "para-30",
    "kind": "paraphrase",
    "scope": "project:data-pipeline",
    "query": "what should I call a new staging model?",
    "gold": [
      "data.conv.dbt_naming",
    ],
  },
  {
    "id": "para-31",
    "kind": "paraphrase",
    "scope": "project:data-pipeline",
    "query": "how do I reload old dates without hurting the nightly job?",
    "gold": [
      "data.proc.backfill",
    ],
  },
  {
    "id": "para-32",
    "kind": "paraphrase",
    "scope": "project:data-pipeline",
    "query": "what tool do people use to look at the finance charts?",
    "gold": [
      "data.entity.metabase",
    ],
  },
  {
    "id": "para-33",
    "kind": "paraphrase",
    "scope": "project:data-pipeline",
    "query": "what quality checks does every model need?",
    "gold": [
      "data.conv.tests",
    ],
  },
  {
    "id": "para-34",
    "kind": "paraphrase",
    "scope": "project:cli-tool",
    "query": "what does the tool return to the shell when the user isn't logged in?",
    "gold": [
      "cli.conv.exit_codes",
    ],
  },
  {
    "id": "para-36",
    "kind": "paraphrase",
    "scope": "project:cli-tool",
    "query": "why doesn't the terminal app use an async runtime everywhere?",
    "gold": [
      "cli.decision.blocking",
    ],
  },
  {
    "id": "para-38",
    "kind": "paraphrase",
    "scope": "project:auth-svc",
    "query": "what web routing library does the identity service use?",
    "gold": [
      "auth.decision.router",
    ],
  },
  {
    "id": "para-39",
    "kind": "paraphrase",
    "scope": "project:auth-svc",
    "query": "which apps are allowed to get tokens, and with which grant?",
    "gold": [
      "auth.fact.clients",
    ],
  },
  {
    "id": "para-40",
    "kind": "paraphrase",
    "scope": "project:auth-svc",
    "query": "what must never show up in the identity service's logs?",
    "gold": [
      "auth.neg.log_tokens",
    ],
  },
  {
    "id": "para-42",
    "kind": "paraphrase",
    "scope": "global",
    "query": "how should I write a commit message?",
    "gold": [
      "pref.commits",
    ],
  },
  {
    "id": "para-44",
    "kind": "paraphrase",
    "scope": "global",
    "query": "how big should a pull request be?",
    "gold": [
      "pref.pr.size",
    ],
  },
  {
    "id": "part-01",
    "kind": "partial_identifier",
    "scope": "project:billing-svc",
    "query": "the webhook secret env var",
    "gold": [
      "billing.env.webhook_secret",
    ],
  },
  {
    "id": "part-02",
    "kind": "partial_identifier",
    "scope": "project:billing-svc",
    "query": "batch alter table in migrations",
    "gold": [
      "billing.conv.alembic_batch",
    ],
  },
  {
    "id": "part-04",
    "kind": "partial_identifier",
    "scope": "project:billing-svc",
    "query": "problem error helper for API errors",
    "gold": [
      "billing.errors.rfc7807",
      "billing.snippet.problem",
    ],
  },
  {
    "id": "part-06",
    "kind": "partial_identifier",
    "scope": "project:billing-svc",
    "query": "billing database url",
    "gold": [
      "billing.env.db_url",
    ],
  },
  {
    "id": "part-09",
    "kind": "partial_identifier",
    "scope": "project:web-app",
    "query": "outdated lockfile error from pnpm",
    "gold": [
      "web.proc.lockfile",
    ],
  },
  {
    "id": "part-10",
    "kind": "partial_identifier",
    "scope": "project:web-app",
    "query": "lf_session cookie flags",
    "gold": [
      "web.conv.cookies",
    ],
  },
  {
    "id": "part-14",
    "kind": "partial_identifier",
    "scope": "project:web-app",
    "query": "jsx a11y rules",
    "gold": [
      "web.conv.a11y",
    ],
  },
  {
    "id": "part-15",
    "kind": "partial_identifier",
    "scope": "project:infra",
    "query": "dynamo lock table",
    "gold": [
      "infra.tf.lock_s3",
    ],
  },
  {
    "id": "part-17",
    "kind": "partial_identifier",
    "scope": "project:infra",
    "query": "irsa test in go",
    "gold": [
      "infra.conv.irsa_tests",
    ],
  },
  {
    "id": "part-19",
    "kind": "partial_identifier",
    "scope": "project:infra",
    "query": "pager duty routing for alerts",
    "gold": [
      "infra.fact.monitoring",
    ],
  },
  {
    "id": "part-20",
    "kind": "partial_identifier",
    "scope": "project:infra",
    "query": "external secrets operator",
    "gold": [
      "infra.decision.secrets",
    ],
  },
  {
    "id": "part-22",
    "kind": "partial_identifier",
    "scope": "project:mobile",
    "query": "dispatcher provider",
    "gold": [
      "mobile.conv.coroutines",
    ],
  },
  {
    "id": "part-23",
    "kind": "partial_identifier",
    "scope": "project:mobile",
    "query": "keystore base64 secret",
    "gold": [
      "mobile.neg.signing",
    ],
  },
  {
    "id": "part-24",
    "kind": "partial_identifier",
    "scope": "project:mobile",
    "query": "spotless ktlint",
    "gold": [
      "mobile.conv.lint",
    ],
  },
  {
    "id": "part-29",
    "kind": "partial_identifier",
    "scope": "project:data-pipeline",
    "query": "cents to eur macro",
    "gold": [
      "data.snippet.macro",
    ],
  },
  {
    "id": "part-30",
    "kind": "partial_identifier",
    "scope": "project:data-pipeline",
    "query": "elt nightly schedule",
    "gold": [
      "data.fact.schedule",
      "data.snippet.taskflow",
    ],
  },
  {
    "id": "part-32",
    "kind": "partial_identifier",
    "scope": "project:data-pipeline",
    "query": "snowflake private key path",
    "gold": [
      "data.env.snowflake",
    ],
  },
  {
    "id": "part-35",
    "kind": "partial_identifier",
    "scope": "project:cli-tool",
    "query": "lazy lock msrv",
    "gold": [
      "cli.msrv.180",
    ],
  },
  {
    "id": "part-37",
    "kind": "partial_identifier",
    "scope": "project:cli-tool",
    "query": "rustls feature for reqwest",
    "gold": [
      "cli.decision.rustls",
    ],
  },
  {
    "id": "part-38",
    "kind": "partial_identifier",
    "scope": "project:auth-svc",
    "query": "golangci lint",
    "gold": [
      "auth.conv.lint",
    ],
  },
  {
    "id": "part-40",
    "kind": "partial_identifier",
    "scope": "project:auth-svc",
    "query": "with leeway",
    "gold": [
      "auth.ep.clock_skew",
    ],
  },
  {
    "id": "time-01",
    "kind": "temporal",
    "scope": "project:billing-svc",
    "query": "what went wrong with invoice emails in May?",
    "gold": [
      "billing.ep.dup_invoices",
    ],
  },
  {
    "id": "time-02",
    "kind": "temporal",
    "scope": "project:billing-svc",
    "query": "what broke the nightly invoice run in early July?",
    "gold": [
      "billing.ep.sqlite_locked",
    ],
  },
  {
    "id": "time-04",
    "kind": "temporal",
    "scope": "project:billing-svc",
    "query": "what changed about billing's database in July?",
    "gold": [
      "billing.db.sqlite",
    ],
  },
  {
    "id": "time-06",
    "kind": "temporal",
    "scope": "project:web-app",
    "query": "what broke main in June?",
    "gold": [
      "web.ep.lockfile",
    ],
  },
  {
    "id": "time-08",
    "kind": "temporal",
    "scope": "project:web-app",
    "query": "what problem did Safari users have at the end of September?",
    "gold": [
      "web.ep.safari_logout",
    ],
  },
  {
    "id": "time-11",
    "kind": "temporal",
    "scope": "project:infra",
    "query": "what trouble did we have with Stripe connections in April?",
    "gold": [
      "infra.ep.nat_timeout",
    ],
  },
  {
    "id": "time-13",
    "kind": "temporal",
    "scope": "project:infra",
    "query": "what stalled the cluster upgrade in August?",
    "gold": [
      "infra.ep.eks_upgrade",
    ],
  },
  {
    "id": "time-20",
    "kind": "temporal",
    "scope": "project:mobile",
    "query": "what did we decide about React Native back in March?",
    "gold": [
      "mobile.decision.no_rn",
    ],
  },
  {
    "id": "time-21",
    "kind": "temporal",
    "scope": "project:data-pipeline",
    "query": "where did July's cost overrun come from?",
    "gold": [
      "data.ep.cost",
    ],
  },
  {
    "id": "time-22",
    "kind": "temporal",
    "scope": "project:data-pipeline",
    "query": "what made the scheduler lag last month?",
    "gold": [
      "data.ep.dag_parse",
    ],
  },
  {
    "id": "time-24",
    "kind": "temporal",
    "scope": "project:data-pipeline",
    "query": "what did we conclude from the SQLMesh evaluation in September?",
    "gold": [
      "data.decision.stay_dbt",
    ],
  },
  {
    "id": "time-25",
    "kind": "temporal",
    "scope": "project:data-pipeline",
    "query": "where did Airflow move to in September?",
    "gold": [
      "data.airflow.k8s",
    ],
  },
  {
    "id": "time-26",
    "kind": "temporal",
    "scope": "project:cli-tool",
    "query": "what linking failure did we hit in April?",
    "gold": [
      "cli.ep.musl",
    ],
  },
  {
    "id": "time-27",
    "kind": "temporal",
    "scope": "project:cli-tool",
    "query": "what did Windows users complain about in late June?",
    "gold": [
      "cli.ep.windows_config",
    ],
  },
  {
    "id": "time-28",
    "kind": "temporal",
    "scope": "project:auth-svc",
    "query": "what broke after the key rotation in October?",
    "gold": [
      "auth.ep.jwks_cache",
    ],
  },
  {
    "id": "time-31",
    "kind": "temporal",
    "scope": "global",
    "query": "what editor change happened in June?",
    "gold": [
      "pref.editor.neovim",
    ],
  },
  {
    "id": "xp-01",
    "kind": "cross_project",
    "scope": "all",
    "query": "how do I run the tests for the Android app?",
    "gold": [
      "mobile.test.cmd",
    ],
  },
  {
    "id": "xp-03",
    "kind": "cross_project",
    "scope": "all",
    "query": "how do I run the Go auth service's unit tests?",
    "gold": [
      "auth.test.cmd",
    ],
  },
  {
    "id": "xp-04",
    "kind": "cross_project",
    "scope": "all",
    "query": "how are the Terraform tests run?",
    "gold": [
      "infra.test.cmd",
    ],
  },
  {
    "id": "xp-06",
    "kind": "cross_project",
    "scope": "all",
    "query": "what does CI run for the dbt project?",
    "gold": [
      "data.test.cmd",
    ],
  },
  {
    "id": "xp-08",
    "kind": "cross_project",
    "scope": "all",
    "query": "how do I lint the Kotlin code?",
    "gold": [
      "mobile.conv.lint",
    ],
  },
  {
    "id": "xp-11",
    "kind": "cross_project",
    "scope": "all",
    "query": "what lints the SQL models?",
    "gold": [
      "data.conv.lint",
    ],
  },
  {
    "id": "xp-14",
    "kind": "cross_project",
    "scope": "all",
    "query": "what linter does the TypeScript frontend use?",
    "gold": [
      "web.conv.lint",
    ],
  },
  {
    "id": "xp-15",
    "kind": "cross_project",
    "scope": "all",
    "query": "what database does the identity service keep its clients in?",
    "gold": [
      "auth.db.postgres",
    ],
  },
  {
    "id": "xp-16",
    "kind": "cross_project",
    "scope": "all",
    "query": "where does the driver app keep data while offline?",
    "gold": [
      "mobile.db.room",
    ],
  },
  {
    "id": "xp-17",
    "kind": "cross_project",
    "scope": "all",
    "query": "what database does the invoicing service run on today?",
    "gold": [
      "billing.db.sqlite",
    ],
  },
  {
    "id": "xp-19",
    "kind": "cross_project",
    "scope": "all",
    "query": "how do I ship the customer dashboard to production?",
    "gold": [
      "web.proc.deploy",
    ],
  },
  {
    "id": "xp-21",
    "kind": "cross_project",
    "scope": "all",
    "query": "how do I release the command-line tool?",
    "gold": [
      "cli.proc.release",
      "cli.release.cargo_dist",
    ],
  },
  {
    "id": "xp-23",
    "kind": "cross_project",
    "scope": "all",
    "query": "how should the Go service wrap errors?",
    "gold": [
      "auth.conv.errors",
    ],
  },
  {
    "id": "xp-26",
    "kind": "cross_project",
    "scope": "all",
    "query": "which Python version do the Airflow DAGs need?",
    "gold": [
      "data.fact.python",
    ],
  },
  {
    "id": "xp-28",
    "kind": "cross_project",
    "scope": "all",
    "query": "how do I run the token service locally?",
    "gold": [
      "auth.proc.local",
    ],
  },
  {
    "id": "xp-30",
    "kind": "cross_project",
    "scope": "all",
    "query": "how do I work on dbt models locally?",
    "gold": [
      "data.proc.local",
    ],
  },
  {
    "id": "xp-32",
    "kind": "cross_project",
    "scope": "all",
    "query": "which port does the payments API listen on locally?",
    "gold": [
      "billing.fact.port",
    ],
  },
];
