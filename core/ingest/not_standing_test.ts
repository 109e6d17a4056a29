/**
 * Statements with a change word that change no standing fact of the team's (issue 16 item 3:
 * no false retirement), written by trying the write path as a user would, not taken from the
 * bench: what a product or its maker did to itself, a change in a tutorial, a hackathon or a
 * distribution's packages, a change that names an old value the stored fact does not hold, a
 * person who moves, a maker's own product. Seven of thirty such statements retired the stored
 * fact before these readings; the plain changes beside them must still retire it.
 */
import { type RetireCase, retireCases } from "../../tests/fixtures/retires.ts";

const news = "what a product or its maker did to itself";
const setting = "a change in a setting that is not the team's system";
const changes = "a change of the stored fact";

const cases: readonly RetireCase[] = [
  [
    news,
    "The frontend uses Tailwind 3.",
    "Tailwind 4 replaced the JS config with CSS-first configuration.",
    false,
  ],
  [news, "Our linter is ESLint 8.", "ESLint 9 switched the default to flat config.", false],
  [
    news,
    "Search runs on Elasticsearch 8.",
    "AWS replaced Elasticsearch with OpenSearch in its managed service years ago.",
    false,
  ],
  [
    news,
    "Our CI runs on GitHub Actions.",
    "GitHub deprecated the set-output command in Actions, use GITHUB_OUTPUT instead.",
    false,
  ],
  [
    news,
    "We deploy to Fly.io.",
    "Fly.io's Postgres offering was replaced by their managed Supabase.",
    false,
  ],
  [
    setting,
    "The API is built on Express.",
    "In the blog tutorial we replaced Express with Hono to show the API.",
    false,
  ],
  [setting, "The bot runs on Node 20.", "At the hackathon we moved the bot to Bun for fun.", false],
  [setting, "Our Redis is version 7.2.", "Valkey 8 replaced Redis in the Fedora repos.", false],
  [
    "a change of another attribute, named by its own old value",
    "The staging DB is seeded from prod snapshots.",
    "The staging DB moved from db.t3.medium to db.t3.large.",
    false,
  ],
  [
    "a person who moves",
    "Marta owns the billing service.",
    "Marta moved to the Berlin office in March.",
    false,
  ],
  [
    changes,
    "Airflow 1.10 runs the batch jobs.",
    "Airflow upgraded to 2.7.3, DAGs ported to the TaskFlow API.",
    true,
  ],
  [
    changes,
    "Search runs on Elasticsearch 8.",
    "We switched search from Elasticsearch to Meilisearch.",
    true,
  ],
  [changes, "Our linter is ESLint 8.", "Replaced ESLint with Biome for linting.", true],
  [
    changes,
    "We host the apps on Heroku.",
    "Heroku's free tier ended, so we moved to Fly.io.",
    true,
  ],
  [
    changes,
    "The workshop app is built on Express.",
    "We moved the workshop app from Express to Hono.",
    true,
  ],
  [
    changes,
    "Marta owns the billing service.",
    "Billing service ownership passed from Marta to Jonas.",
    true,
  ],
  [
    changes,
    "Marta owns the billing service.",
    "Marta handed the billing service over to Jonas.",
    true,
  ],
  [
    changes,
    "Looker reads from the Redshift cluster.",
    "Looker repointed at Snowflake; Redshift connection deleted.",
    true,
  ],
];

retireCases(cases);
