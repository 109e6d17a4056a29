/**
 * Changes of values no lexicon knows, read from the slot the stored statement fills
 * (`slot_change.ts`), later versions said without a change word (`upgrade.ts`), subjects told
 * apart by their modifiers (`modifiers.ts`) and questions, all through `change()`, with the
 * look-alikes each must leave alone.
 */
import { equal, notEqual } from "node:assert/strict";
import { change } from "./statements.ts";

/** [stored, incoming]: the incoming statement changes the stored one. */
const CHANGES: readonly [string, string][] = [
  // A new filler of the slot, the subject named all or but one generic word.
  ["image thumbnails are rendered by Imgproxy", "as of Monday thumbnails are rendered by Thumbor"],
  ["pipeline secrets come from Doppler", "since March pipeline secrets come from Infisical"],
  ["the nightly export writes to the Quill bucket", "nightly export moved to the Heron bucket"],
  ["cluster ingress is Traefik", "rolled the ingress back to Contour, traefik kept dropping"],
  ["UPDATE: chat alerts go to Zulip", "UPDATE: chat alerts are in Mattermost now"],
  // A later version of the same thing.
  ["the gateway runs Envoy 1.28", "the gateway runs Envoy 1.31"],
  ["minSdkVersion = 24", "minSdkVersion = 26"],
  ["web builds use Vite 4.5", "web builds are on Vite 5.2.1"],
  ["the SLA for P1 tickets is 4 hours", "P1 SLA tightened to 2 hours"],
  ["the ORM is Sequelize", "Sequelize was replaced with Prisma"],
  // A plain word as the value; a time as the value; the attribute's words said.
  ["archives are compressed with gzip", "archives are now compressed with zstd"],
  ["the ETL writes Parquet", "ETL output format changed to Iceberg tables"],
  // "out of X into Y" names X as old; "scaled" is a verb of change.
  ["tokens are stored in Redis", "we moved tokens out of Redis into DynamoDB"],
  ["prod runs 3 worker pods", "scaled prod workers to 5 pods"],
  // An abbreviation of the stored modifier is no other subject.
  ["worker memory limit 4Gi", "lowered worker mem limit to 2Gi, it peaks at 1.1"],
  // Another version, later or earlier, said with a change word; what follows is comment.
  [
    "Helm chart version for traefik is 26.1.0",
    "rolled traefik back to chart 25.0.3, 26.1.0 broke the CRDs",
  ],
  [
    "we run the nginx ingress controller 1.9",
    "ingress-nginx rolled back to 1.8.4 after the breakage",
  ],
  // An acronym and the words it stands for; a switch someone flipped.
  ["SSO is off on the admin portal", "we enabled single sign on for the admin portal"],
];

/** [stored, incoming]: the incoming statement does not change the stored one. */
const LEFT: readonly [string, string][] = [
  // Another subject of the same kind, told by its modifier.
  ["the invoices queue is on SQS", "audit queue moved from SQS to Kafka"],
  ["search cache TTL is 5 minutes", "lowered the session cache TTL to 2 min"],
  // Another subject or attribute the incoming statement names besides.
  ["the worker runs on Hetzner", "moved the worker logs to Loki"],
  // Questions ask, they state nothing.
  ["previews are hosted on Render", "has the preview hosting moved off render?"],
  ["CI runs on 2-core runners", "did we switch CI to 4-core runners"],
  // Its own old value, not the stored one.
  ["The web app runs on Node 22", "We switched the web app from npm to pnpm"],
  // An old version the stored statement does not hold.
  ["the api needs python >= 3.11", "dropped python 3.8 from the client sdk's test matrix"],
  // Versions: an earlier one, a refinement, another subject, an event, a proposal.
  ["the gateway runs Envoy 1.31", "the gateway runs Envoy 1.28"],
  ["the gateway runs Envoy 1.31", "the gateway runs Envoy 1.31.2"],
  ["the gateway runs Envoy 1.28", "the mesh sidecars run Envoy 1.31"],
  ["the pg 15 upgrade took 12 min", "the pg 16 upgrade took 4 min"],
  ["the gateway runs Envoy 1.28", "we might move the gateway to Envoy 1.31"],
  [
    "Helm chart version for traefik is 26.1.0",
    "rolled the billing worker back to traefik 25.0.3",
  ],
  // A switch as a state, not a change ("has PITR enabled").
  ["orders db is postgres 16.2", "orders db has PITR enabled, 7 day window"],
  ["SSO is off on the admin portal", "we enabled single sign on for the partner portal"],
  // Values that name the subject, not its value; a scope after "for"; a scope said once.
  ["websocket server listens on 8443", "grpc server port changed to 9443"],
  ["we use Mailgun for transactional email", "marketing email no longer goes through Mailgun"],
  ["the k8s cluster is on 1.27", "the staging k8s cluster is on 1.29"],
  // Short ids of one kind in the subjects ("P1" / "P2"); a scope the stored fact never names.
  ["the SLA for P1 tickets is 4 hours", "P2 SLA tightened to 8 hours"],
  ["the ORM is Sequelize", "Sequelize was replaced with Prisma in the admin tool"],
  ["CI runs the e2e suite on every push", "CI runs the unit suite on every push now"],
  // A change denied, a scope named before it, people rather than the thing.
  ["the api runs on Heroku", "we never moved the api off Heroku"],
  ["the api runs on Heroku", "the staging api moved to Fly.io"],
  ["the api runs on Heroku", "the api team moved to the new office"],
  // A later version for another thing, or for a few only.
  ["Node 18 in CI", "the docs build uses Node 20 in CI"],
  ["Node 18 in CI", "Node 20 in CI for the new services only"],
  // Someone else's thing: a client's, a person's.
  ["the cdn is Fastly", "the client's cdn changed from Fastly to Akamai"],
  ["we use Sentry for error tracking", "Maya switched her side project to Rollbar"],
];

Deno.test("change(): a new filler of the stored slot, or a later version, changes it", async (t) => {
  for (const [stored, incoming] of CHANGES) {
    await t.step(incoming, () => notEqual(change(incoming, stored), null, stored));
  }
});

Deno.test("change(): other subjects, questions and earlier versions change nothing", async (t) => {
  for (const [stored, incoming] of LEFT) {
    await t.step(incoming, () => equal(change(incoming, stored), null, stored));
  }
});
