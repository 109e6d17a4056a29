/**
 * The new value in the main clause, the old one demoted to a side clause that ends it
 * (`demoted.ts`, `side_clause.ts`, `ending_predicates.ts`), through `change()`: the old value as
 * the side clause's subject or object, one member of a list, named with another head, ended by
 * a state, a verb with its particle, a negated use, or a bare contrast. Look-alikes: another
 * subject's value ending, a part of the tool ending, a negated use with a scope of its own, a
 * value that only scopes the predicate's object, a denied ending. Sentences written for these
 * tests, not taken from the bench.
 */
import { changeCases } from "./change_cases_testing.ts";

/** [stored, incoming]: the incoming statement changes the stored one. */
const CHANGES: readonly [string, string][] = [
  // The old value as the subject of the side clause, named with another head.
  ["CI builds run on a Bamboo server.", "CI builds: Buildkite; the Bamboo agents were reimaged"],
  // A state of ending the older lists lack.
  ["Feature flags are served by Flagsmith.", "feature flags come from Unleash, Flagsmith lapsed"],
  // A verb that ends only with its particle.
  [
    "Metrics are scraped by Telegraf.",
    "metrics: Grafana Alloy scrapes them; Telegraf was switched off",
  ],
  // A negated use that holds from now on.
  [
    "Secrets reach the pods through `vault-agent`.",
    "secrets reach the pods through `sops-operator`. vault-agent isn't deployed anymore",
  ],
  // The old value as the object: nobody uses it.
  [
    "Release notes are drafted in Confluence.",
    "release notes are drafted in Notion; nobody opens Confluence anymore",
  ],
  // One member of a list.
  [
    "Python code is linted with pylint.",
    "pylint/pycodestyle are dead to us; Ruff lints the python code",
  ],
  // A bare contrast between dashes.
  ["Unit tests run with Jasmine.", "Mocha — not Jasmine — runs the unit tests now"],
  // A hyphenated name no lexicon knows, after a full stop that ends a sentence.
  [
    "Certificates are renewed by acme-renewer.",
    "certificates: the `certbot-operator` job renews them. acme-renewer isn't running anywhere now",
  ],
  // A technology of another slot, when the main clause names the old one's attribute.
  [
    "Python code is formatted with yapf.",
    "yapf is dead to us, ruff does the formatting and the linting",
  ],
  // A contract not renewed.
  [
    "Uptime checks use Pingdom.",
    "uptime checks moved to Checkly, Pingdom subscription not renewed",
  ],
];

/** [stored, incoming]: nothing changes. */
const LOOKALIKES: readonly [string, string][] = [
  // Another subject's value ending beside it.
  [
    "Inference runs on A40 nodes.",
    "Training jobs are scheduled onto the B200 pool; the old A40 nodes were handed back",
  ],
  // A part of the tool ended, not the tool (a head that is no install of it).
  ["We chat on Slack.", "Alerts go to Opsgenie; the Slack alert channel was switched off"],
  // A negated use with a scope of its own: an exception, not an end.
  [
    "Unit tests run with Jasmine.",
    "Mocha runs the browser tests, Jasmine isn't used in the e2e suite",
  ],
  // The stored value only scopes the predicate's own object.
  ["The CLI ships for macOS and Linux.", "no Windows build of the CLI, WSL only"],
  // The ending denied.
  [
    "Metrics are scraped by Telegraf.",
    "metrics: Grafana Alloy scrapes them too; Telegraf wasn't removed",
  ],
  // No new value: only the old one ended.
  ["Uptime checks use Pingdom.", "the Pingdom invoices were disputed, subscription not renewed"],
];

changeCases("demoted", CHANGES, LOOKALIKES);
