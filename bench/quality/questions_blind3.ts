/**
 * The third blind batch of recall questions (issue 22), written on 2026-11-26 while recall was
 * being tuned on the tune half, by a session that read the dataset (`dataset.ts`) and the
 * `Question` type but not the recall code, nor the tune and heldout questions beyond the first
 * four items of `questions_heldout.ts` (to copy the format). Natural questions a developer would ask, in other words than the memories, over every
 * kind; changed facts name the stale versions their answer replaced. Held out: run it once, at
 * the end (`deno task quality --questions blind3`), and never tune on it.
 *
 * @module
 */
import type { Question } from "./questions.ts";

/** 138 questions. */
export const blind3Questions: readonly Question[] = [
  {
    "id": "b3-para-01",
    "kind": "paraphrase",
    "scope": "project:billing-svc",
    "query": "how do I make sure a Stripe event doesn't get handled twice?",
    "gold": [
      "billing.webhooks.idempotency",
    ],
  },
  {
    "id": "b3-para-02",
    "kind": "paraphrase",
    "scope": "project:billing-svc",
    "query": "what's the right way to hold an amount of money in billing code?",
    "gold": [
      "billing.conv.money",
    ],
  },
  {
    "id": "b3-para-03",
    "kind": "paraphrase",
    "scope": "project:billing-svc",
    "query": "where should the input and output classes for a new billing endpoint go?",
    "gold": [
      "billing.conv.schemas",
    ],
  },
  {
    "id": "b3-para-04",
    "kind": "paraphrase",
    "scope": "project:billing-svc",
    "query": "can the API pods write to the billing data file themselves?",
    "gold": [
      "billing.conv.single_writer",
    ],
  },
  {
    "id": "b3-para-05",
    "kind": "paraphrase",
    "scope": "project:billing-svc",
    "query": "is it ok to remove a shipper from Stripe with a one-off script?",
    "gold": [
      "billing.neg.delete_customer",
    ],
  },
  {
    "id": "b3-para-06",
    "kind": "paraphrase",
    "scope": "project:billing-svc",
    "query": "how are EU business customers taxed on our invoices?",
    "gold": [
      "billing.fact.tax",
    ],
  },
  {
    "id": "b3-para-07",
    "kind": "paraphrase",
    "scope": "project:billing-svc",
    "query": "why can't there be holes in the invoice number sequence?",
    "gold": [
      "billing.fact.invoice_numbering",
    ],
  },
  {
    "id": "b3-para-08",
    "kind": "paraphrase",
    "scope": "project:web-app",
    "query": "can I stash the user's access token in the browser so it survives a reload?",
    "gold": [
      "web.neg.localstorage",
    ],
  },
  {
    "id": "b3-para-09",
    "kind": "paraphrase",
    "scope": "project:web-app",
    "query": "how large is the dashboard's main JS chunk allowed to get?",
    "gold": [
      "web.conv.bundle_budget",
    ],
  },
  {
    "id": "b3-para-10",
    "kind": "paraphrase",
    "scope": "project:web-app",
    "query": "how do I hide a half-finished dashboard feature behind a toggle?",
    "gold": [
      "web.fact.feature_flags",
    ],
  },
  {
    "id": "b3-para-11",
    "kind": "paraphrase",
    "scope": "project:web-app",
    "query": "why didn't the dashboard go with server-side rendering?",
    "gold": [
      "web.decision.vite",
    ],
  },
  {
    "id": "b3-para-12",
    "kind": "paraphrase",
    "scope": "project:web-app",
    "query": "can I just write #1a73e8 in a component's styles?",
    "gold": [
      "web.conv.css",
    ],
  },
  {
    "id": "b3-para-13",
    "kind": "paraphrase",
    "scope": "project:infra",
    "query": "am I allowed to bump a prod deployment's replica count by hand?",
    "gold": [
      "infra.neg.kubectl",
    ],
  },
  {
    "id": "b3-para-14",
    "kind": "paraphrase",
    "scope": "project:infra",
    "query": "which labels must every cloud resource carry for cost reports?",
    "gold": [
      "infra.conv.tags",
    ],
  },
  {
    "id": "b3-para-15",
    "kind": "paraphrase",
    "scope": "project:infra",
    "query": "how should a new bucket for the notify service be named?",
    "gold": [
      "infra.conv.naming",
    ],
  },
  {
    "id": "b3-para-16",
    "kind": "paraphrase",
    "scope": "project:infra",
    "query": "how do apps on the cluster get their credentials?",
    "gold": [
      "infra.decision.secrets",
    ],
  },
  {
    "id": "b3-para-17",
    "kind": "paraphrase",
    "scope": "project:mobile",
    "query": "can the loads feature reuse code from the scan feature directly?",
    "gold": [
      "mobile.conv.modules",
    ],
  },
  {
    "id": "b3-para-18",
    "kind": "paraphrase",
    "scope": "project:mobile",
    "query": "where do I put the version number of a new Android library?",
    "gold": [
      "mobile.conv.versions",
    ],
  },
  {
    "id": "b3-para-19",
    "kind": "paraphrase",
    "scope": "project:mobile",
    "query": "why is the driver app not shared code with the web dashboard?",
    "gold": [
      "mobile.decision.no_rn",
    ],
  },
  {
    "id": "b3-para-20",
    "kind": "paraphrase",
    "scope": "project:data-pipeline",
    "query": "can I rebuild the shipments fact table from zero in production?",
    "gold": [
      "data.neg.full_refresh",
    ],
  },
  {
    "id": "b3-para-21",
    "kind": "paraphrase",
    "scope": "project:data-pipeline",
    "query": "who is allowed to see drivers' phone numbers in the warehouse?",
    "gold": [
      "data.fact.pii",
    ],
  },
  {
    "id": "b3-para-22",
    "kind": "paraphrase",
    "scope": "project:cli-tool",
    "query": "does the lf binary report usage statistics anywhere?",
    "gold": [
      "cli.fact.telemetry",
    ],
  },
  {
    "id": "b3-para-23",
    "kind": "paraphrase",
    "scope": "project:cli-tool",
    "query": "what status code does lf return when the user isn't logged in?",
    "gold": [
      "cli.conv.exit_codes",
    ],
  },
  {
    "id": "b3-para-24",
    "kind": "paraphrase",
    "scope": "project:auth-svc",
    "query": "how long can a client use a freshly issued access token?",
    "gold": [
      "auth.decision.tokens",
    ],
  },
  {
    "id": "b3-para-25",
    "kind": "paraphrase",
    "scope": "project:auth-svc",
    "query": "why does the CLI log in by showing a code rather than a browser callback?",
    "gold": [
      "auth.decision.device_flow",
    ],
  },
  {
    "id": "b3-para-26",
    "kind": "paraphrase",
    "scope": "global",
    "query": "what should you do before running something irreversible like dropping a table?",
    "gold": [
      "pref.shell_safety",
    ],
  },
  {
    "id": "b3-para-27",
    "kind": "paraphrase",
    "scope": "global",
    "query": "how should dates and times be written in a changelog?",
    "gold": [
      "pref.dates",
    ],
  },
  {
    "id": "b3-para-28",
    "kind": "paraphrase",
    "scope": "global",
    "query": "which reviewer expects a threat-model paragraph in PR descriptions?",
    "gold": [
      "people.priya",
    ],
  },
  {
    "id": "b3-id-01",
    "kind": "identifier",
    "scope": "project:billing-svc",
    "query": "what is BILLING_DATABASE_URL set to in prod?",
    "gold": [
      "billing.env.db_url",
    ],
  },
  {
    "id": "b3-id-02",
    "kind": "identifier",
    "scope": "project:billing-svc",
    "query": "where does BILLING_WEBHOOK_SECRET come from when I run locally?",
    "gold": [
      "billing.env.webhook_secret",
    ],
  },
  {
    "id": "b3-id-03",
    "kind": "identifier",
    "scope": "project:billing-svc",
    "query": "when do I need op.batch_alter_table?",
    "gold": [
      "billing.conv.alembic_batch",
    ],
  },
  {
    "id": "b3-id-04",
    "kind": "identifier",
    "scope": "project:billing-svc",
    "query": "RetryPolicy.with_jitter usage",
    "gold": [
      "billing.snippet.retry",
    ],
  },
  {
    "id": "b3-id-05",
    "kind": "identifier",
    "scope": "project:billing-svc",
    "query": "what does archive_customer() do?",
    "gold": [
      "billing.neg.delete_customer",
    ],
  },
  {
    "id": "b3-id-06",
    "kind": "identifier",
    "scope": "project:web-app",
    "query": "__Host-lf_session attributes",
    "gold": [
      "web.conv.cookies",
    ],
  },
  {
    "id": "b3-id-07",
    "kind": "identifier",
    "scope": "project:web-app",
    "query": "CI failed with ERR_PNPM_OUTDATED_LOCKFILE, what do I do?",
    "gold": [
      "web.proc.lockfile",
    ],
  },
  {
    "id": "b3-id-08",
    "kind": "identifier",
    "scope": "project:web-app",
    "query": "what is useSessionStore?",
    "gold": [
      "web.state.zustand",
      "web.snippet.store",
    ],
  },
  {
    "id": "b3-id-09",
    "kind": "identifier",
    "scope": "project:web-app",
    "query": "where do I set VITE_API_BASE_URL when running locally?",
    "gold": [
      "web.env.api_base",
    ],
  },
  {
    "id": "b3-id-10",
    "kind": "identifier",
    "scope": "project:infra",
    "query": "what are the gha-terraform and gha-ecr-push roles?",
    "gold": [
      "infra.decision.oidc",
    ],
  },
  {
    "id": "b3-id-11",
    "kind": "identifier",
    "scope": "project:infra",
    "query": "what runs on lf-ci-eks?",
    "gold": [
      "infra.fact.runners",
    ],
  },
  {
    "id": "b3-id-12",
    "kind": "identifier",
    "scope": "project:infra",
    "query": "what lives in modules/irsa?",
    "gold": [
      "infra.conv.irsa_tests",
    ],
  },
  {
    "id": "b3-id-13",
    "kind": "identifier",
    "scope": "project:mobile",
    "query": "what did FOREGROUND_SERVICE_LOCATION break?",
    "gold": [
      "mobile.ep.location",
    ],
  },
  {
    "id": "b3-id-14",
    "kind": "identifier",
    "scope": "project:mobile",
    "query": "where are ANDROID_KEYSTORE_BASE64 and ANDROID_KEYSTORE_PASSWORD used?",
    "gold": [
      "mobile.neg.signing",
    ],
  },
  {
    "id": "b3-id-15",
    "kind": "identifier",
    "scope": "project:mobile",
    "query": "what is DispatcherProvider for?",
    "gold": [
      "mobile.conv.coroutines",
    ],
  },
  {
    "id": "b3-id-16",
    "kind": "identifier",
    "scope": "project:data-pipeline",
    "query": "what does PII_MASK protect?",
    "gold": [
      "data.fact.pii",
    ],
  },
  {
    "id": "b3-id-17",
    "kind": "identifier",
    "scope": "project:data-pipeline",
    "query": "which jobs run on TRANSFORM_WH?",
    "gold": [
      "data.wh.snowflake",
    ],
  },
  {
    "id": "b3-id-18",
    "kind": "identifier",
    "scope": "project:cli-tool",
    "query": "how do I use LF_API_TOKEN in CI?",
    "gold": [
      "cli.fact.credentials",
    ],
  },
  {
    "id": "b3-id-19",
    "kind": "identifier",
    "scope": "project:auth-svc",
    "query": "what do I put in AUTH_SIGNING_KEY_ARN?",
    "gold": [
      "auth.env",
    ],
  },
  {
    "id": "b3-id-20",
    "kind": "identifier",
    "scope": "project:auth-svc",
    "query": "where does httpx.RequireScope read the claims from?",
    "gold": [
      "auth.snippet.middleware",
    ],
  },
  {
    "id": "b3-pid-01",
    "kind": "partial_identifier",
    "scope": "project:billing-svc",
    "query": "processed events table for webhooks",
    "gold": [
      "billing.webhooks.idempotency",
    ],
  },
  {
    "id": "b3-pid-02",
    "kind": "partial_identifier",
    "scope": "project:billing-svc",
    "query": "busy_timeout stopgap",
    "gold": [
      "billing.ep.sqlite_locked",
    ],
  },
  {
    "id": "b3-pid-03",
    "kind": "partial_identifier",
    "scope": "project:billing-svc",
    "query": "db-snapshot make target",
    "gold": [
      "billing.neg.prod_db",
    ],
  },
  {
    "id": "b3-pid-04",
    "kind": "partial_identifier",
    "scope": "project:web-app",
    "query": "lf_session cookie",
    "gold": [
      "web.conv.cookies",
    ],
  },
  {
    "id": "b3-pid-05",
    "kind": "partial_identifier",
    "scope": "project:web-app",
    "query": "test:a11y axe",
    "gold": [
      "web.conv.a11y",
    ],
  },
  {
    "id": "b3-pid-06",
    "kind": "partial_identifier",
    "scope": "project:infra",
    "query": "force-unlock the tf state",
    "gold": [
      "infra.ep.state_lock",
      "infra.proc.force_unlock",
    ],
  },
  {
    "id": "b3-pid-07",
    "kind": "partial_identifier",
    "scope": "project:infra",
    "query": "configure-aws-credentials role-to-assume",
    "gold": [
      "infra.snippet.oidc",
    ],
  },
  {
    "id": "b3-pid-08",
    "kind": "partial_identifier",
    "scope": "project:infra",
    "query": "run-terratest label",
    "gold": [
      "infra.test.cmd",
    ],
  },
  {
    "id": "b3-pid-09",
    "kind": "partial_identifier",
    "scope": "project:mobile",
    "query": "spotless and detekt baseline",
    "gold": [
      "mobile.conv.lint",
    ],
  },
  {
    "id": "b3-pid-10",
    "kind": "partial_identifier",
    "scope": "project:mobile",
    "query": "proguard keep rules for kotlinx serialization",
    "gold": [
      "mobile.ep.r8",
    ],
  },
  {
    "id": "b3-pid-11",
    "kind": "partial_identifier",
    "scope": "project:mobile",
    "query": "token authenticator refresh",
    "gold": [
      "mobile.fact.networking",
    ],
  },
  {
    "id": "b3-pid-12",
    "kind": "partial_identifier",
    "scope": "project:data-pipeline",
    "query": "hubspot_sync parse time",
    "gold": [
      "data.ep.dag_parse",
    ],
  },
  {
    "id": "b3-pid-13",
    "kind": "partial_identifier",
    "scope": "project:data-pipeline",
    "query": "row count expectation test on marts",
    "gold": [
      "data.conv.tests",
    ],
  },
  {
    "id": "b3-pid-14",
    "kind": "partial_identifier",
    "scope": "project:data-pipeline",
    "query": "dbt macro for cents to euros",
    "gold": [
      "data.snippet.macro",
    ],
  },
  {
    "id": "b3-pid-15",
    "kind": "partial_identifier",
    "scope": "project:cli-tool",
    "query": "rustls-tls feature in reqwest",
    "gold": [
      "cli.decision.rustls",
    ],
  },
  {
    "id": "b3-pid-16",
    "kind": "partial_identifier",
    "scope": "project:cli-tool",
    "query": "lumen-lf on crates.io",
    "gold": [
      "cli.fact.crate_name",
    ],
  },
  {
    "id": "b3-pid-17",
    "kind": "partial_identifier",
    "scope": "project:cli-tool",
    "query": "insta review for lf output",
    "gold": [
      "cli.test.cmd",
    ],
  },
  {
    "id": "b3-pid-18",
    "kind": "partial_identifier",
    "scope": "project:auth-svc",
    "query": "WithLeeway jwt",
    "gold": [
      "auth.ep.clock_skew",
    ],
  },
  {
    "id": "b3-pid-19",
    "kind": "partial_identifier",
    "scope": "project:auth-svc",
    "query": "invalid_grant response body",
    "gold": [
      "auth.conv.api_errors",
    ],
  },
  {
    "id": "b3-hop-01",
    "kind": "multi_hop",
    "scope": "project:billing-svc",
    "query":
      "the nightly invoice run crashed on a locked database once; what rule about writes came out of that?",
    "gold": [
      "billing.ep.sqlite_locked",
      "billing.conv.single_writer",
    ],
  },
  {
    "id": "b3-hop-02",
    "kind": "multi_hop",
    "scope": "project:billing-svc",
    "query":
      "shippers got the same invoice email several times once; what keeps that from happening now?",
    "gold": [
      "billing.ep.dup_invoices",
      "billing.webhooks.idempotency",
    ],
  },
  {
    "id": "b3-hop-03",
    "kind": "multi_hop",
    "scope": "all",
    "query":
      "the dashboard proxies /api/billing somewhere; what framework is that service built with?",
    "gold": [
      "web.entity.bff",
      "billing.overview",
    ],
  },
  {
    "id": "b3-hop-04",
    "kind": "multi_hop",
    "scope": "project:web-app",
    "query":
      "why were Safari users bounced to login, and what are the session cookie settings now?",
    "gold": [
      "web.ep.safari_logout",
      "web.conv.cookies",
    ],
  },
  {
    "id": "b3-hop-05",
    "kind": "multi_hop",
    "scope": "project:web-app",
    "query": "the main bundle ballooned once; what caused it and what limit do we enforce now?",
    "gold": [
      "web.ep.bundle",
      "web.conv.bundle_budget",
    ],
  },
  {
    "id": "b3-hop-06",
    "kind": "multi_hop",
    "scope": "project:auth-svc",
    "query":
      "why did drivers get 401s right after signing in, and how much clock slack do tokens allow?",
    "gold": [
      "auth.ep.clock_skew",
      "auth.decision.tokens",
    ],
  },
  {
    "id": "b3-hop-07",
    "kind": "multi_hop",
    "scope": "project:auth-svc",
    "query":
      "what went wrong after the last signing key rotation and how should the next one be done?",
    "gold": [
      "auth.ep.jwks_cache",
      "auth.proc.key_rotation",
    ],
  },
  {
    "id": "b3-hop-08",
    "kind": "multi_hop",
    "scope": "project:infra",
    "query": "why didn't the wildcard certificate renew, and what test guards against it now?",
    "gold": [
      "infra.ep.certs",
      "infra.conv.irsa_tests",
    ],
  },
  {
    "id": "b3-hop-09",
    "kind": "multi_hop",
    "scope": "project:data-pipeline",
    "query": "why was the Snowflake bill double in July, and what rule did we add after?",
    "gold": [
      "data.ep.cost",
      "data.conv.wh_guardrails",
    ],
  },
  {
    "id": "b3-hop-10",
    "kind": "multi_hop",
    "scope": "project:data-pipeline",
    "query":
      "the scheduler lagged badly once; what caused it and what's the rule for DAG files now?",
    "gold": [
      "data.ep.dag_parse",
      "data.neg.top_level",
    ],
  },
  {
    "id": "b3-hop-11",
    "kind": "multi_hop",
    "scope": "all",
    "query": "where does extract_billing get its data now that billing has no Postgres?",
    "gold": [
      "data.ep.billing_extract",
      "billing.db.sqlite",
    ],
  },
  {
    "id": "b3-hop-12",
    "kind": "multi_hop",
    "scope": "project:mobile",
    "query": "what caused the 3.8.0 ANR spike and which coroutine rules followed?",
    "gold": [
      "mobile.ep.anr",
      "mobile.conv.coroutines",
    ],
  },
  {
    "id": "b3-hop-13",
    "kind": "multi_hop",
    "scope": "project:cli-tool",
    "query": "why did Windows users keep losing lf settings, and where is the config file now?",
    "gold": [
      "cli.ep.windows_config",
      "cli.config.dirs",
    ],
  },
  {
    "id": "b3-hop-14",
    "kind": "multi_hop",
    "scope": "project:cli-tool",
    "query": "why couldn't the musl build link, and how is reqwest set up because of it?",
    "gold": [
      "cli.ep.musl",
      "cli.decision.rustls",
    ],
  },
  {
    "id": "b3-hop-15",
    "kind": "multi_hop",
    "scope": "all",
    "query": "who runs on-call, and which PagerDuty service do cluster alerts go to?",
    "gold": [
      "people.dana",
      "infra.fact.monitoring",
    ],
  },
  {
    "id": "b3-hop-16",
    "kind": "multi_hop",
    "scope": "all",
    "query":
      "what time does billing's nightly invoice job run, and when does the ELT start relative to it?",
    "gold": [
      "billing.entity.worker",
      "data.fact.schedule",
    ],
  },
  {
    "id": "b3-time-01",
    "kind": "temporal",
    "scope": "project:billing-svc",
    "query": "what happened with invoice emails around May 19?",
    "gold": [
      "billing.ep.dup_invoices",
    ],
  },
  {
    "id": "b3-time-02",
    "kind": "temporal",
    "scope": "project:billing-svc",
    "query": "what broke in billing when the Stripe API version was bumped in September?",
    "gold": [
      "billing.ep.stripe_version",
    ],
  },
  {
    "id": "b3-time-03",
    "kind": "temporal",
    "scope": "project:web-app",
    "query": "what failed in the dashboard CI on 2026-10-14?",
    "gold": [
      "web.ep.resize_observer",
    ],
  },
  {
    "id": "b3-time-04",
    "kind": "temporal",
    "scope": "project:web-app",
    "query": "why was main red in June 2026?",
    "gold": [
      "web.ep.lockfile",
    ],
  },
  {
    "id": "b3-time-05",
    "kind": "temporal",
    "scope": "project:infra",
    "query": "what held up the cluster upgrade on August 20?",
    "gold": [
      "infra.ep.eks_upgrade",
    ],
  },
  {
    "id": "b3-time-06",
    "kind": "temporal",
    "scope": "project:infra",
    "query": "what network problem did billing have talking to Stripe in late April?",
    "gold": [
      "infra.ep.nat_timeout",
    ],
  },
  {
    "id": "b3-time-07",
    "kind": "temporal",
    "scope": "project:infra",
    "query": "what went wrong with terraform applies at the start of June?",
    "gold": [
      "infra.ep.state_lock",
    ],
  },
  {
    "id": "b3-time-08",
    "kind": "temporal",
    "scope": "project:infra",
    "query": "what happened with the TLS certificate at the end of August?",
    "gold": [
      "infra.ep.certs",
    ],
  },
  {
    "id": "b3-time-09",
    "kind": "temporal",
    "scope": "project:mobile",
    "query": "what was the September hotfix of the driver app about?",
    "gold": [
      "mobile.ep.location",
    ],
  },
  {
    "id": "b3-time-10",
    "kind": "temporal",
    "scope": "project:mobile",
    "query": "what crashed in the October release build of the driver app?",
    "gold": [
      "mobile.ep.r8",
    ],
  },
  {
    "id": "b3-time-11",
    "kind": "temporal",
    "scope": "project:mobile",
    "query": "what happened with app-not-responding reports in July?",
    "gold": [
      "mobile.ep.anr",
    ],
  },
  {
    "id": "b3-time-12",
    "kind": "temporal",
    "scope": "project:data-pipeline",
    "query": "what happened with the warehouse costs reported in August?",
    "gold": [
      "data.ep.cost",
    ],
  },
  {
    "id": "b3-time-13",
    "kind": "temporal",
    "scope": "project:data-pipeline",
    "query": "what went wrong with the Airflow scheduler in October 2026?",
    "gold": [
      "data.ep.dag_parse",
    ],
  },
  {
    "id": "b3-time-14",
    "kind": "temporal",
    "scope": "project:data-pipeline",
    "query": "what did we evaluate as a dbt replacement in September?",
    "gold": [
      "data.decision.stay_dbt",
    ],
  },
  {
    "id": "b3-time-15",
    "kind": "temporal",
    "scope": "project:auth-svc",
    "query": "what sign-in problem did drivers hit at the end of May?",
    "gold": [
      "auth.ep.clock_skew",
    ],
  },
  {
    "id": "b3-time-16",
    "kind": "temporal",
    "scope": "project:auth-svc",
    "query": "what broke for the dashboard right after the October key rotation?",
    "gold": [
      "auth.ep.jwks_cache",
    ],
  },
  {
    "id": "b3-time-17",
    "kind": "temporal",
    "scope": "global",
    "query": "what accident in early September led to branch protection on every repo?",
    "gold": [
      "global.ep.branch_protection",
    ],
  },
  {
    "id": "b3-time-18",
    "kind": "temporal",
    "scope": "project:cli-tool",
    "query": "what build failure did lf have in early April 2026?",
    "gold": [
      "cli.ep.musl",
    ],
  },
  {
    "id": "b3-chg-01",
    "kind": "changed_fact",
    "scope": "project:billing-svc",
    "query": "which database engine does billing use at the moment?",
    "gold": [
      "billing.db.sqlite",
    ],
    "stale": [
      "billing.db.postgres16",
      "billing.db.postgres15",
    ],
  },
  {
    "id": "b3-chg-02",
    "kind": "changed_fact",
    "scope": "project:billing-svc",
    "query": "which Python version should new billing code target?",
    "gold": [
      "billing.py.312",
    ],
    "stale": [
      "billing.py.311",
    ],
  },
  {
    "id": "b3-chg-03",
    "kind": "changed_fact",
    "scope": "project:billing-svc",
    "query": "how do I run billing's scripts inside its virtualenv?",
    "gold": [
      "billing.deps.uv",
    ],
    "stale": [
      "billing.deps.poetry",
    ],
  },
  {
    "id": "b3-chg-04",
    "kind": "changed_fact",
    "scope": "project:billing-svc",
    "query": "what should a billing API error response body look like?",
    "gold": [
      "billing.errors.rfc7807",
    ],
    "stale": [
      "billing.errors.legacy",
    ],
  },
  {
    "id": "b3-chg-05",
    "kind": "changed_fact",
    "scope": "global",
    "query": "which editor does Jordan use, so I can phrase editor tips right?",
    "gold": [
      "pref.editor.neovim",
    ],
    "stale": [
      "pref.editor.vscode",
    ],
  },
  {
    "id": "b3-chg-06",
    "kind": "changed_fact",
    "scope": "global",
    "query": "how long and detailed should my answers to Jordan be?",
    "gold": [
      "pref.answers.terse",
    ],
    "stale": [
      "pref.answers.detailed",
    ],
  },
  {
    "id": "b3-chg-07",
    "kind": "changed_fact",
    "scope": "project:web-app",
    "query": "which lockfile does the dashboard monorepo commit?",
    "gold": [
      "web.pkg.pnpm",
    ],
    "stale": [
      "web.pkg.npm",
    ],
  },
  {
    "id": "b3-chg-08",
    "kind": "changed_fact",
    "scope": "project:web-app",
    "query": "where is the Jest config for the dashboard tests?",
    "gold": [
      "web.test.vitest",
    ],
    "stale": [
      "web.test.jest",
    ],
  },
  {
    "id": "b3-chg-09",
    "kind": "changed_fact",
    "scope": "project:web-app",
    "query": "which client-side state library keeps the signed-in user in the dashboard?",
    "gold": [
      "web.state.zustand",
    ],
    "stale": [
      "web.state.redux",
    ],
  },
  {
    "id": "b3-chg-10",
    "kind": "changed_fact",
    "scope": "project:web-app",
    "query": "how do I add a new page route to the dashboard?",
    "gold": [
      "web.router.tanstack",
    ],
    "stale": [
      "web.router.rr6",
    ],
  },
  {
    "id": "b3-chg-11",
    "kind": "changed_fact",
    "scope": "project:infra",
    "query": "where do I edit a repo's CI pipeline definition?",
    "gold": [
      "infra.ci.gha",
    ],
    "stale": [
      "infra.ci.circleci",
    ],
  },
  {
    "id": "b3-chg-12",
    "kind": "changed_fact",
    "scope": "project:infra",
    "query": "which Kubernetes minor version do the EKS clusters run?",
    "gold": [
      "infra.k8s.131",
    ],
    "stale": [
      "infra.k8s.129",
    ],
  },
  {
    "id": "b3-chg-13",
    "kind": "changed_fact",
    "scope": "project:infra",
    "query": "how is Terraform state locked, do we still have a DynamoDB table for it?",
    "gold": [
      "infra.tf.lock_s3",
    ],
    "stale": [
      "infra.tf.lock_dynamo",
    ],
  },
  {
    "id": "b3-chg-14",
    "kind": "changed_fact",
    "scope": "project:infra",
    "query": "what adds nodes to the cluster when pods can't be scheduled?",
    "gold": [
      "infra.autoscale.karpenter",
    ],
    "stale": [
      "infra.autoscale.ca",
    ],
  },
  {
    "id": "b3-chg-15",
    "kind": "changed_fact",
    "scope": "project:mobile",
    "query": "what's the oldest Android version the driver app installs on?",
    "gold": [
      "mobile.minsdk.26",
    ],
    "stale": [
      "mobile.minsdk.24",
    ],
  },
  {
    "id": "b3-chg-16",
    "kind": "changed_fact",
    "scope": "project:mobile",
    "query": "how do I provide dependencies to a new ViewModel, add it to AppComponent?",
    "gold": [
      "mobile.di.hilt",
    ],
    "stale": [
      "mobile.di.dagger",
    ],
  },
  {
    "id": "b3-chg-17",
    "kind": "changed_fact",
    "scope": "project:data-pipeline",
    "query": "which warehouse do the dbt models build into, Redshift?",
    "gold": [
      "data.wh.snowflake",
    ],
    "stale": [
      "data.wh.redshift",
    ],
  },
  {
    "id": "b3-chg-18",
    "kind": "changed_fact",
    "scope": "project:data-pipeline",
    "query": "how do DAG changes reach Airflow, is it still the S3 sync?",
    "gold": [
      "data.airflow.k8s",
    ],
    "stale": [
      "data.airflow.mwaa",
    ],
  },
  {
    "id": "b3-chg-19",
    "kind": "changed_fact",
    "scope": "project:cli-tool",
    "query": "how is a new lf release built and published?",
    "gold": [
      "cli.release.cargo_dist",
    ],
    "stale": [
      "cli.release.manual",
    ],
  },
  {
    "id": "b3-chg-20",
    "kind": "changed_fact",
    "scope": "project:cli-tool",
    "query": "what's the oldest Rust compiler lf must build with?",
    "gold": [
      "cli.msrv.180",
    ],
    "stale": [
      "cli.msrv.174",
    ],
  },
  {
    "id": "b3-chg-21",
    "kind": "changed_fact",
    "scope": "project:cli-tool",
    "query": "where does lf keep its config on a Mac?",
    "gold": [
      "cli.config.dirs",
    ],
    "stale": [
      "cli.config.xdg",
    ],
  },
  {
    "id": "b3-chg-22",
    "kind": "changed_fact",
    "scope": "project:auth-svc",
    "query": "which Go version does auth-svc build with?",
    "gold": [
      "auth.go.123",
    ],
    "stale": [
      "auth.go.122",
    ],
  },
  {
    "id": "b3-xp-01",
    "kind": "cross_project",
    "scope": "all",
    "query": "which lint and format tools does each of our repos run?",
    "gold": [
      "billing.conv.lint",
      "web.conv.lint",
      "infra.conv.lint",
      "mobile.conv.lint",
      "data.conv.lint",
      "cli.conv.lint",
      "auth.conv.lint",
    ],
  },
  {
    "id": "b3-xp-02",
    "kind": "cross_project",
    "scope": "all",
    "query": "how do billing and auth get deployed to prod?",
    "gold": [
      "billing.proc.deploy",
      "auth.proc.deploy",
    ],
  },
  {
    "id": "b3-xp-03",
    "kind": "cross_project",
    "scope": "all",
    "query": "how are API errors shaped in billing compared with auth?",
    "gold": [
      "billing.errors.rfc7807",
      "auth.conv.api_errors",
    ],
  },
  {
    "id": "b3-xp-04",
    "kind": "cross_project",
    "scope": "all",
    "query": "which code still has to run on Python 3.11?",
    "gold": [
      "data.fact.python",
    ],
  },
  {
    "id": "b3-xp-05",
    "kind": "cross_project",
    "scope": "all",
    "query": "which apps are registered as OAuth clients and with which grant?",
    "gold": [
      "auth.fact.clients",
    ],
  },
  {
    "id": "b3-xp-06",
    "kind": "cross_project",
    "scope": "all",
    "query": "what ports do our services listen on locally?",
    "gold": [
      "billing.fact.port",
      "web.fact.ports",
      "auth.fact.endpoints",
    ],
  },
  {
    "id": "b3-xp-07",
    "kind": "cross_project",
    "scope": "all",
    "query": "where do credentials come from in CI and inside the cluster?",
    "gold": [
      "infra.decision.oidc",
      "infra.decision.secrets",
      "global.neg.secrets",
    ],
  },
  {
    "id": "b3-xp-08",
    "kind": "cross_project",
    "scope": "all",
    "query": "how does billing data end up in the warehouse?",
    "gold": [
      "data.ep.billing_extract",
      "data.overview",
    ],
  },
  {
    "id": "b3-xp-09",
    "kind": "cross_project",
    "scope": "all",
    "query": "which repos use snapshot tests and for what?",
    "gold": [
      "cli.test.cmd",
      "mobile.proc.screenshot",
    ],
  },
  {
    "id": "b3-xp-10",
    "kind": "cross_project",
    "scope": "all",
    "query": "where do we use Redis?",
    "gold": [
      "auth.decision.ratelimit",
    ],
  },
  {
    "id": "b3-xp-11",
    "kind": "cross_project",
    "scope": "all",
    "query":
      "where are billing backups replicated for disaster recovery, and how is a restore done?",
    "gold": [
      "infra.fact.dr",
      "billing.proc.restore",
    ],
  },
  {
    "id": "b3-xp-12",
    "kind": "cross_project",
    "scope": "all",
    "query": "what runs on Cloudflare?",
    "gold": [
      "web.entity.bff",
      "web.proc.deploy",
    ],
  },
  {
    "id": "b3-xp-13",
    "kind": "cross_project",
    "scope": "all",
    "query": "which services use structured JSON logging with a request id?",
    "gold": [
      "auth.conv.logging",
      "pref.logging",
    ],
  },
  {
    "id": "b3-xp-14",
    "kind": "cross_project",
    "scope": "all",
    "query": "which repos pin tool versions and with what?",
    "gold": [
      "global.fact.mise",
      "web.fact.node",
    ],
  },
  {
    "id": "b3-xp-15",
    "kind": "cross_project",
    "scope": "all",
    "query": "how are database schema migrations written in billing and in auth?",
    "gold": [
      "billing.conv.migrations",
      "auth.db.postgres",
    ],
  },
];
