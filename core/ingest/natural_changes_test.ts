/**
 * Changes said as a user says them to an agent (issue 16 item 3): "we're on Vercel now",
 * "ditched Mocha/Chai for Vitest", "gone from npm to pnpm", "LaunchDarkly contract ended, so
 * flags live in Unleash now", "payments has a new tech lead: Aisha". Written by trying the write
 * path, not taken from the bench; each retires the stored fact, and the look-alikes beside them
 * (another subject's new lead, a move named elsewhere) leave it. Still missed, and left out:
 * "We left Slack for Microsoft Teams in September" ("left … for" is read as no change word).
 */
import { type RetireCase, retireCases } from "../../tests/fixtures/retires.ts";

const changes = "a change said as a user says it";
const leaves = "no change of the stored fact";

const cases: readonly RetireCase[] = [
  [
    changes,
    "We host the marketing site on Netlify.",
    "We're on Vercel now for the marketing site.",
    true,
  ],
  [changes, "Our Python version is 3.10.", "We're running Python 3.12 everywhere now.", true],
  [changes, "Unit tests use Mocha and Chai.", "Ditched Mocha/Chai for Vitest.", true],
  [
    changes,
    "Background jobs run on Sidekiq.",
    "Sidekiq got replaced by GoodJob last sprint.",
    true,
  ],
  [
    changes,
    "The staging cluster runs Kubernetes 1.28.",
    "staging k8s is on 1.30 since Monday.",
    true,
  ],
  [changes, "Our package manager is npm.", "gone from npm to pnpm across the monorepo.", true],
  [
    changes,
    "Feature flags are in LaunchDarkly.",
    "LaunchDarkly contract ended, so flags live in Unleash now.",
    true,
  ],
  [changes, "Images are stored in S3.", "Images now go to Cloudflare R2 instead.", true],
  [changes, "Deploys go out on Tuesdays.", "Deploy day is Thursday from this sprint on.", true],
  [changes, "Tom is the tech lead for payments.", "Payments has a new tech lead: Aisha.", true],
  [
    changes,
    "The API rate limit is 100 requests per minute.",
    "Bumped the API rate limit to 300/min.",
    true,
  ],
  [changes, "The mobile app uses Redux.", "Mobile state moved over to Zustand.", true],
  [changes, "Emails are sent through SendGrid.", "Switched transactional email to Postmark.", true],
  [changes, "Logs are kept for 7 days.", "Log retention is 30 days now.", true],
  [changes, "We track issues in Jira.", "Jira is gone, everything is in Linear.", true],
  [changes, "CI runs on CircleCI.", "CircleCI has been retired in favour of GitHub Actions.", true],
  [changes, "The docs are written in Confluence.", "Docs moved to Notion.", true],
  [changes, "We use Webpack.", "Vite replaced Webpack for the frontend build.", true],
  [changes, "The database is MySQL 5.7.", "Upgraded the database to MySQL 8.0.", true],
  [
    leaves,
    "Tom is the tech lead for payments.",
    "The search team has a new tech lead: Aisha.",
    false,
  ],
  [leaves, "Our package manager is npm.", "The docs site went from Jekyll to Astro.", false],
];

retireCases(cases);
