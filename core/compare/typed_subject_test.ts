/** `contradiction()` for disputes of a typed slot read by `typed_subject.ts`, in wordings written for these tests. */
import { deepEqual, equal } from "node:assert/strict";
import { contradiction } from "./statements.ts";

/** [a, b, whether they contradict]. */
const PAIRS: readonly [string, string, boolean][] = [
  // The word after a personal pronoun is its verb, not a subject word of its own.
  ["Session ids are ULIDs.", "We generate session ids as UUIDv7.", true],
  ["We generate primary keys as UUIDv7.", "We generate trace ids as UUIDv4.", false],
  // A thing both name outside the dispute is a shared subject.
  ["The internal Kibana listens on 5601.", "Kibana is on port 5700 internally.", true],
  ["Our JS monorepo runs on Turborepo.", "Our Python monorepo runs on Pants.", false],
  ["The staging Kibana listens on 5601.", "Kibana is on port 5700 in prod.", false],
  // Only as the subject: a shared thing named as a scope or an object is no shared subject.
  ["Nx caches builds across the monorepo.", "Yarn workspaces hold the monorepo packages.", false],
  // A technology followed by more of its own name is still one tool.
  ["Networking is defined in Terraform HCL.", "Networking is defined in Pulumi (Go).", true],
  // Values that share a piece are two values of one shape; one inside the other says more.
  ["Nightly exports land in eu-central-1.", "The nightly export lands in eu-west-1.", true],
  ["The canary deploy goes out at 14:00.", "The canary deploy goes out at 10:00.", true],
];

for (const [a, b, expected] of PAIRS) {
  Deno.test(`contradiction() ${expected ? "flags" : "leaves"} "${a}" / "${b}"`, () => {
    equal(contradiction(a, b) !== null || contradiction(b, a) !== null, expected);
  });
}

/** Qualifiers said by what they imply (`implied_qualifiers.ts`). */
const IMPLIED: readonly [string, string, boolean][] = [
  ["CI caches are kept for 5 days.", "The build cache expires after 14 days.", true],
  [
    "CI dependency caches are kept for 5 days.",
    "The local dependency cache expires after 14 days.",
    false,
  ],
  ["iOS builds run on Bitrise.", "Android builds run on Codemagic.", false],
];

for (const [a, b, expected] of IMPLIED) {
  Deno.test(`contradiction() ${expected ? "flags" : "leaves"} "${a}" / "${b}"`, () => {
    equal(contradiction(a, b) !== null || contradiction(b, a) !== null, expected);
  });
}

/** Places and holders are typed slots; a part of a thing by its age is a subset. */
const SLOTS: readonly [string, string, boolean][] = [
  ["The billing service belongs to Jonas.", "Priya owns the billing service.", true],
  ["The billing service belongs to Jonas.", "Priya owns the billing dashboard.", false],
  [
    "Design docs are kept in `docs/design/` in the monorepo.",
    "Design docs live in the Notion space ENG.",
    true,
  ],
  ["Runbooks are kept in Confluence.", "Postmortems are kept in Notion.", false],
  ["Runbooks are kept in Confluence.", "Old runbooks are kept in Google Drive.", false],
  // Each side's own word before a shared head, soft words included: two kinds of the thing.
  ["Ola owns the release checklist.", "Ben owns the onboarding checklist.", false],
];

for (const [a, b, expected] of SLOTS) {
  Deno.test(`contradiction() ${expected ? "flags" : "leaves"} "${a}" / "${b}"`, () => {
    equal(contradiction(a, b) !== null || contradiction(b, a) !== null, expected);
  });
}

Deno.test("contradiction() reads an acronym as the words the other side spells out", () => {
  const found = contradiction(
    "Our chief information security officer is Mona.",
    "The CISO is Bashir.",
  );
  equal(found?.values.join(" / "), "Mona / Bashir");
});

Deno.test("contradiction() reads a name before a verb only people do as a person, not a technology", () => {
  equal(
    contradiction(
      "Ruby prefers two spaces in JSON files.",
      "Ruby wants 4-space indentation in JSON.",
    )
      ?.attribute,
    "number of spaces",
  );
});

Deno.test("contradiction() reads 'only' before a verb as exclusive, not as a scope", () => {
  equal(
    contradiction("Nadia only uses dark themes.", "Nadia uses a light theme.")?.attribute,
    "colour theme",
  );
  equal(contradiction("Only staging uses dark mode.", "The app uses a light theme."), null);
});

/** Addresses and paths after a word of place are typed places; as names they are subjects. */
const PLACES: readonly [string, string, boolean][] = [
  ["Build logs are uploaded to s3://acme-ci-logs.", "CI logs go to gs://acme-logs.", true],
  [
    "Build logs are uploaded to s3://acme-ci-logs.",
    "Test reports are uploaded to s3://acme-reports.",
    false,
  ],
  [
    "The Slack command /deploy opens a deploy request.",
    "The Slack command /oncall shows who is on call.",
    false,
  ],
  [
    "Staging logs are shipped to logs.stg.acme.io.",
    "Prod logs are shipped to logs.acme.io.",
    false,
  ],
];

for (const [a, b, expected] of PLACES) {
  Deno.test(`contradiction() ${expected ? "flags" : "leaves"} "${a}" / "${b}"`, () => {
    equal(contradiction(a, b) !== null || contradiction(b, a) !== null, expected);
  });
}

/** A day and a time says its day (`value_match.ts`). */
const DAYS: readonly [string, string, boolean][] = [
  ["Retro is Thursday at 15:00.", "Retro is on Fridays.", true],
  // An hour after a weekday's "at" is a time ("monday at 9").
  ["Standup is on monday at 9.", "Standup is Monday 10:30.", true],
  ["Standup is on monday at 9.", "Standup is Monday at 09:00.", false],
  ["Deploys happen Tuesdays at 14:00.", "Deploys happen on Tuesdays.", false],
  ["Retro is Thursday at 15:00.", "Planning is on Fridays.", false],
];

for (const [a, b, expected] of DAYS) {
  Deno.test(`contradiction() ${expected ? "flags" : "leaves"} "${a}" / "${b}"`, () => {
    equal(contradiction(a, b) !== null || contradiction(b, a) !== null, expected);
  });
}

Deno.test("contradiction() counts people by any word for them", () => {
  deepEqual(
    contradiction(
      "The platform guild has seven members.",
      "Five engineers make up the platform guild.",
    ),
    {
      attribute: "number of people",
      values: ["seven members", "Five engineers"],
    },
  );
});
