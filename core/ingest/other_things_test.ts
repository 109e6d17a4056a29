/**
 * Statements that share a value or a name with a stored fact but do not change it: a plan, a
 * question, history, a trial, another team's or another part's change, news of a release,
 * another product of the same maker. Each must leave the stored fact standing (issue 16 item 3:
 * no false retirement), while the plain changes beside them retire it. Written by trying the
 * write path as a user would, not taken from the bench: fourteen of the eighty-five here and in
 * `other_things_more_test.ts` retired the stored fact at the start of the stop. The two left
 * wrong then ("Valkey 8 replaced Redis in the Fedora repos", "Fly.io's Postgres offering was
 * replaced by their managed Supabase") are read in `not_standing_test.ts`.
 */
import { type RetireCase, retireCases } from "../../tests/fixtures/retires.ts";

const leaves = "no change of the stored fact";
const changes = "a change of the stored fact";

const cases: readonly RetireCase[] = [
  [
    leaves,
    "We use webpack for the web app.",
    "We plan to move the web app to Vite next quarter.",
    false,
  ],
  [leaves, "Unit tests run with Jest.", "Should we switch from Jest to Vitest?", false],
  [leaves, "Our database is Postgres.", "We moved from MySQL to Postgres back in 2021.", false],
  [leaves, "Scripts run on Node 20.", "Tried Bun for the scripts but went back to Node.", false],
  [leaves, "Sessions are cached in Redis.", "If the migration works, we'll drop Redis.", false],
  [leaves, "We use npm.", "We did not switch to pnpm after all.", false],
  [
    leaves,
    "The web app uses Redux.",
    "The mobile team replaced Redux with Zustand in their app.",
    false,
  ],
  [leaves, "CI runs on Jenkins.", "Sam suggested replacing Jenkins with GitHub Actions.", false],
  [
    leaves,
    "The API is deployed to Heroku.",
    "The marketing site moved from Heroku to Vercel.",
    false,
  ],
  [leaves, "Logs go to Datadog.", "Datadog's pricing went up again.", false],
  [leaves, "We use Terraform 1.5.", "Terraform 1.9 is out with a new test framework.", false],
  [
    leaves,
    "Our Kafka cluster has 3 brokers.",
    "The staging Kafka cluster was cut to 1 broker.",
    false,
  ],
  [
    leaves,
    "Alice owns the billing service.",
    "Alice handed the invoices dashboard over to Ben.",
    false,
  ],
  [leaves, "The API listens on port 8080.", "The admin UI moved from port 8080 to 8081.", false],
  [
    leaves,
    "Docs are built with MkDocs.",
    "We considered Docusaurus instead of MkDocs but stayed.",
    false,
  ],
  [leaves, "We deploy on Fridays.", "No deploy this Friday because of the freeze.", false],
  [
    leaves,
    "The team uses Slack.",
    "Slack was down for an hour this morning, we used Zoom chat.",
    false,
  ],
  [
    leaves,
    "Python services use Poetry.",
    "The data team's notebooks switched from Poetry to uv.",
    false,
  ],
  [
    leaves,
    "Feature flags live in LaunchDarkly.",
    "Replaced the LaunchDarkly SDK wrapper with a thinner one.",
    false,
  ],
  [leaves, "We use GitHub for code.", "Moved the GitHub wiki pages to Notion.", false],
  [
    leaves,
    "The default branch is main.",
    "The docs repo renamed its default branch from master to main.",
    false,
  ],
  [leaves, "The frontend is React 18.", "We upgraded React Router from 6 to 7.", false],
  [
    leaves,
    "Builds use Docker.",
    "Dropped docker-compose from the local setup, use tilt up instead.",
    false,
  ],
  [leaves, "Postgres runs version 15.", "Upgraded pgAdmin from 7 to 8.", false],
  [
    leaves,
    "We pay for GitHub Team.",
    "GitHub Copilot seats moved from Business to Enterprise.",
    false,
  ],
  [
    changes,
    "We use webpack for the web app.",
    "The web app is on Vite now; webpack is gone.",
    true,
  ],
  [changes, "Unit tests run with Jest.", "Switched the unit tests from Jest to Vitest.", true],
  [changes, "CI runs on Jenkins.", "Jenkins is retired; CI runs on GitHub Actions.", true],
  [changes, "The API is deployed to Heroku.", "The API moved from Heroku to Fly.io.", true],
  [changes, "Our Kafka cluster has 3 brokers.", "The Kafka cluster now has 5 brokers.", true],
  [
    changes,
    "Alice owns the billing service.",
    "Ben took over the billing service from Alice.",
    true,
  ],
  [changes, "The API listens on port 8080.", "The API now listens on 9090.", true],
  [
    changes,
    "Python services use Poetry.",
    "All python services moved to uv, poetry is gone.",
    true,
  ],
  [changes, "The frontend is React 18.", "Frontend upgraded to React 19.", true],
  [changes, "The default branch is main.", "We renamed the default branch to trunk.", true],
  [leaves, "The services run on Node 20.", "Node 24 was released yesterday.", false],
  [leaves, "Our database is Postgres 16.", "Postgres 17 is now generally available.", false],
  [
    changes,
    "The services run on Node 20.",
    "Node 22 is out, so we upgraded all services to it.",
    true,
  ],
  [changes, "The services run on Node 20.", "Node 20 is out, Node 22 is in.", true],
  [changes, "We use Terraform 1.5.", "Bumped Terraform to 1.9.", true],
  [
    leaves,
    "We use the pages router.",
    "Next.js 15 deprecates the pages router in favour of the app router.",
    false,
  ],
  [leaves, "Prod runs on m5.large instances.", "Staging moved to t3.medium instances.", false],
  [leaves, "Our API uses Express.", "The tutorial we follow switched from Express to Hono.", false],
  [leaves, "Our public API is REST.", "Acme moved their integration from REST to GraphQL.", false],
  [leaves, "We use Jira.", "Our client replaced Jira with Linear last month.", false],
  [leaves, "We use axios for HTTP.", "On the v2 branch we replaced axios with fetch.", false],
  [leaves, "We use npm.", "We tried switching to Bun but reverted the same day.", false],
  [leaves, "Maya uses tabs.", "Tom switched his editor to spaces.", false],
  [
    leaves,
    "TLS 1.2 is the minimum.",
    "The vendor says they'll drop support for TLS 1.1 next year.",
    false,
  ],
  [leaves, "The web repo uses Next.js.", "Renamed the repo from web to web-app.", false],
  [
    leaves,
    "Backups run nightly at 2am.",
    "Last night's backup ran at 3am because of the maintenance window.",
    false,
  ],
  [
    leaves,
    "The default timeout is 30s.",
    "I bumped the timeout in my local config to 60s for debugging.",
    false,
  ],
  [leaves, "Deploys go through ArgoCD.", "The ArgoCD UI moved to argocd.internal.acme.io.", false],
  [leaves, "Errors go to Sentry.", "Sentry's SDK v8 dropped support for Node 14.", false],
  [
    leaves,
    "We host on AWS us-east-1.",
    "The DR copy of the backups moved from us-west-2 to eu-west-1.",
    false,
  ],
  [leaves, "The API uses JWT auth.", "The admin tool replaced JWT with session cookies.", false],
  [
    leaves,
    "The team standup is at 9:30.",
    "Tomorrow's standup moved to 10:00 because of the all-hands.",
    false,
  ],
  [
    leaves,
    "We use Postgres 15.",
    "The analytics replica was upgraded to Postgres 16 for testing.",
    false,
  ],
  [
    leaves,
    "We use GitHub Actions for CI.",
    "The GitHub Actions runner image moved from ubuntu-22.04 to ubuntu-24.04.",
    false,
  ],
  [changes, "Prod runs on m5.large instances.", "Prod moved to m6i.large instances.", true],
  [changes, "We use axios for HTTP.", "We replaced axios with fetch everywhere.", true],
  [changes, "Backups run nightly at 2am.", "Backups now run nightly at 3am.", true],
  [changes, "The default timeout is 30s.", "Default timeout raised to 60s.", true],
  [changes, "The team standup is at 9:30.", "Standup moves to 10:00 from next week on.", true],
  [changes, "We use Postgres 15.", "All databases are on Postgres 16 now.", true],
];

retireCases(cases);
