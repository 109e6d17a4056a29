/**
 * The contradiction sweep's readings through the engine, one pair per case (sentences of our
 * own, not the bench's): each pair is written in bulk (no consolidation), swept, and either
 * linked by `contradicts` or left alone.
 */
import { equal } from "node:assert/strict";
import { tempEngine } from "../../../tests/helpers.ts";

/** Whether the sweep links `older` and `newer` written one after the other. */
async function swept(older: string, newer: string): Promise<boolean> {
  await using t = await tempEngine({ project: "app" });
  const [a] = (await t.engine.writeMany([{ content: older, type: "fact" }])).ids;
  t.clock.advance(1000);
  await t.engine.writeMany([{ content: newer, type: "fact" }]);
  await t.engine.sleep({ only: "contradict" });
  return t.engine.edgesOf(a!).some((e) => e.relation === "contradicts");
}

interface Case {
  readonly older: string;
  readonly newer: string;
  readonly linked: boolean;
  readonly why: string;
}

/** Runs each case as a named test. */
export function cases(name: string, list: readonly Case[]): void {
  for (const c of list) {
    Deno.test(`${name}: ${c.why}`, async () => {
      equal(await swept(c.older, c.newer), c.linked, `${c.older} / ${c.newer}`);
    });
  }
}

cases("a beginning is history", [
  {
    older: "The storefront is a Rails 7.2 app.",
    newer: "The storefront started on Rails 4.0.",
    linked: false,
    why: "'started on' tells where the subject began, not its value now",
  },
]);

cases("rows keyed by a path", [
  {
    older: "OWNERS: /payments/ @shop/billing",
    newer: "OWNERS: /search/ @shop/discovery",
    linked: false,
    why: "two paths are two rows",
  },
]);

cases("identifiers that differ only in digits", [
  {
    older: "release/REL-311 is deployed to staging.",
    newer: "release/REL-318 is deployed to staging.",
    linked: false,
    why: "two tickets of one template",
  },
]);

cases("a scope named by a capitalised word", [
  {
    older: "The media bucket is in eu-central-1.",
    newer: "Media from the APAC customers is stored in a bucket in ap-south-1.",
    linked: false,
    why: "'from the APAC customers' narrows the subject",
  },
  {
    older: "The media bucket is in eu-central-1.",
    newer: "The media bucket is in ap-south-1.",
    linked: true,
    why: "the same bucket with two regions",
  },
]);

cases("a typed value read by its head words", [
  {
    older: "Our traces are exported to Jaeger.",
    newer: "Collected traces land in Honeycomb.",
    linked: true,
    why: "two tracing backends for the traces, in other words",
  },
  {
    older: "The admin portal's sessions expire after 8 hours.",
    newer: "admin portal idle timeout is 30 minutes",
    linked: true,
    why: "two durations for one timeout",
  },
  {
    older: "Invoice pods run Python 3.11.",
    newer: "Report pods run Python 3.12.",
    linked: false,
    why: "each side names a thing of its own",
  },
  {
    older: "Logs are kept for 14 days.",
    newer: "Audit logs are kept for 1 year.",
    linked: false,
    why: "a modifier of the shared word is a kind of it",
  },
  {
    older: "The catalog service listens on port 8081.",
    newer: "The catalog service exposes metrics on port 9100.",
    linked: false,
    why: "a verb with an object of its own is another function",
  },
  {
    older: "The checkout service is written in Go.",
    newer: "Checkout service scripting uses Lua.",
    linked: false,
    why: "a word past the shared ones is a part of the thing",
  },
  {
    older: "The ledger-sync job runs every 10 minutes.",
    newer: "The sync-ledger job runs every 20 minutes.",
    linked: false,
    why: "a hyphenated name is a name as a whole",
  },
]);

cases("a name no lexicon knows in the value's place", [
  {
    older: "Payment outages are escalated to Priya.",
    newer: "Payment outages escalate to Tomasz.",
    linked: true,
    why: "one subject, a person of its own on each side at the end",
  },
  {
    older: "Priya escalates payment outages.",
    newer: "Tomasz escalates payment outages.",
    linked: false,
    why: "a name before the subject words is who, not what",
  },
  {
    older: "The admin dashboard runs on Deno.",
    newer: "The admin dashboard is written in Elm.",
    linked: false,
    why: "two known technologies of different kinds fill two attributes",
  },
  {
    older: "Release PR-ZZ is merged by Priya.",
    newer: "Release PR-ZZ is merged by Priya and Tomasz.",
    linked: false,
    why: "a name the other side also says is no other value",
  },
]);

cases("what the typed reading lets through and keeps apart", [
  {
    older: "Backups run on Mondays and Fridays at night.",
    newer: "Backups run on Mondays.",
    linked: false,
    why: "one value a part of the other says less, not otherwise",
  },
  {
    older: "API keys are hashed with scrypt.",
    newer: "api key hashes are argon2, memory 64 MiB",
    linked: true,
    why: "words right after the value say more of it",
  },
  {
    older: "The api HPA scales up to 6 pods.",
    newer: "api HPA maxReplicas: 12",
    linked: true,
    why: "a setting's key is the attribute, not a measure of another thing",
  },
  {
    older: "The search HPA scales to at most 8 pods.",
    newer: "search hpa maxReplicas: 16",
    linked: true,
    why: "'at most' is a bound, not a hedge",
  },
  {
    older: "The edge node has 2 GB memory.",
    newer: "The edge node has 512 MB of disk.",
    linked: false,
    why: "both sides say more of their value, differently: two measures",
  },
  {
    older: "the api container listens on 8000",
    newer: "the api is published on 443 by the gateway",
    linked: false,
    why: "an agent after 'by' is another thing",
  },
]);

cases("a name given a role", [
  {
    older: "Marta is the release manager for the desktop app.",
    newer: "The desktop app's release manager is Kofi.",
    linked: true,
    why: "'X is the role' and 'the role is Y' give the role two people",
  },
  {
    older: "Marta is the release manager for the desktop app.",
    newer: "Kofi is the release manager for the desktop app.",
    linked: true,
    why: "two people opening the same role",
  },
  {
    older: "Marta is the release manager for the desktop app.",
    newer: "Kofi is the release manager for the mobile app.",
    linked: false,
    why: "two roles: the rest differs",
  },
  {
    older: "The ledger-sync service is owned by Marta.",
    newer: "The sync-ledger service is owned by Kofi.",
    linked: false,
    why: "a hyphenated name in the other order is another subject",
  },
  {
    older: "Billing is owned by Marta.",
    newer: "Search is owned by Kofi.",
    linked: false,
    why: "a passive opening names the subject, not the value",
  },
]);

cases("a key's number", [
  {
    older: "gunicorn workers = 4",
    newer: "gunicorn runs 9 workers per box",
    linked: true,
    why: "a bare number after a key naming the other side's unit",
  },
  {
    older: "gunicorn timeout = 4",
    newer: "gunicorn runs 9 workers per box",
    linked: false,
    why: "a key naming another thing",
  },
]);

cases("amounts with a unit suffix", [
  {
    older: "The proxy's upload_limit is 20m.",
    newer: "upload_limit 100m in the proxy config",
    linked: true,
    why: "one key, two amounts with the same suffix",
  },
  {
    older: "The latency alert has a for: 2m clause.",
    newer: "latency alert fires after being pending for 10m",
    linked: true,
    why: "a config key's value and the same setting in prose",
  },
  {
    older: "The proxy's upload_limit is 20m.",
    newer: "The proxy's download_limit is 100m.",
    linked: false,
    why: "two keys are two settings",
  },
  {
    older: "The proxy's upload_limit is 20m.",
    newer: "The proxy's upload_limit is 20k.",
    linked: false,
    why: "two suffixes are two units we cannot compare",
  },
]);

cases("amounts of money", [
  {
    older: "The monthly Datadog budget is $12,000.",
    newer: "Datadog spend is capped at $8k per month.",
    linked: true,
    why: "two monthly amounts for one budget, whatever the spelling of the number",
  },
  {
    older: "The staging cloud budget is $500 a month.",
    newer: "The production cloud budget is $5,000 a month.",
    linked: false,
    why: "two environments, two budgets",
  },
  {
    older: "The Sentry bill is $300 a month.",
    newer: "The Sentry bill is $3,600 a year.",
    linked: false,
    why: "a monthly and a yearly amount are different attributes",
  },
  {
    older: "The Sentry plan costs $80 per month.",
    newer: "Our Sentry plan costs $80 a month.",
    linked: false,
    why: "one amount restated",
  },
]);

cases("a platform word one side leaves unsaid", [
  {
    older: "The public docs site is built with Docusaurus.",
    newer: "Our docs site is built with VitePress.",
    linked: true,
    why: "'public' qualifies the docs site the other side names bare",
  },
  {
    older: "Priya leads the mobile team.",
    newer: "Tomas leads the growth team.",
    linked: false,
    why: "the other side puts its own word before the noun: two teams",
  },
  {
    older: "The internal admin account uses Okta.",
    newer: "The billing account uses Auth0.",
    linked: false,
    why: "another account, not the same one with its platform unsaid",
  },
  {
    older: "The iOS app uses Redux for state.",
    newer: "The Android app uses MobX for state.",
    linked: false,
    why: "two platforms named are two subjects",
  },
]);

cases("where a thing is kept", [
  {
    older: "Our Ansible playbooks live in the ops-playbooks repo.",
    newer: "Ansible playbooks are kept under /deploy/ansible in the main monorepo.",
    linked: true,
    why: "a named repository and a path are two places for one thing",
  },
  {
    older: "Our Ansible playbooks live in the ops-playbooks repo.",
    newer: "Our Helm values live in the ops-helm repo.",
    linked: false,
    why: "two things, each kept in its own place",
  },
  {
    older: "Design docs are kept in `docs/design/`.",
    newer: "Design docs are kept in `docs/design/` in the monorepo.",
    linked: false,
    why: "one place, said more fully",
  },
  {
    older: "Postmortems live in Notion under Incidents.",
    newer: "Postmortems are in the repo under docs/postmortems.",
    linked: true,
    why: "a container named bare ('the repo') is placed by the path after it",
  },
]);
