/**
 * The guards against retiring a true fact (issue 16 item 3): a code naming each subject
 * (`coded_subjects.ts`), a stored preference already set against the old value
 * (`restated_contrast.ts`), a region written in capitals (`capital_qualifiers.ts`); wordings
 * written for these tests.
 */
import { equal } from "node:assert/strict";
import { readStatement } from "./claims.ts";
import { changeBetween } from "./change.ts";
import { codedApart } from "./coded_subjects.ts";
import { restatedContrast } from "./restated_contrast.ts";
import { capitalQualifier } from "./capital_qualifiers.ts";

const read = readStatement;

Deno.test("codedApart: two codes before the verb are two things", () => {
  equal(
    codedApart(
      read("Status 4xx-B7 signals the token was revoked."),
      read("Status 4xx-B9 signals the token is stale."),
    ),
    true,
  );
  equal(codedApart(read("Job NIGHTLY-22 is paused."), read("Job NIGHTLY-23 was removed.")), true);
  equal(
    codedApart(
      read("DELETE /api/v3/users is the way to erase a user."),
      read("DELETE /api/v2/users is retired."),
    ),
    true,
  );
});

Deno.test("codedApart: one code, a code after the verb, or a version is no subject code", () => {
  equal(codedApart(read("Job NIGHTLY-22 is paused."), read("Job NIGHTLY-22 was removed.")), false);
  equal(
    codedApart(read("The lambdas run on python3.11."), read("The lambdas now run on python3.13.")),
    false,
  );
  equal(codedApart(read("v2 is the default API."), read("v3 is now the default API.")), false);
  equal(codedApart(read("Our chat tool is Slack."), read("Job NIGHTLY-22 was removed.")), false);
});

Deno.test("restatedContrast: the stored preference already turns the old value down", () => {
  const stored = read("Omar likes spaces rather than tabs.");
  const none = read("Omar writes code.");
  const indent = (from: string, to: string) => ({ attribute: "indentation", from, to });
  equal(restatedContrast(indent("tabs", "spaces"), none, stored), true);
  equal(restatedContrast(indent("spaces", "tabs"), none, stored), false);
  equal(restatedContrast(indent(stored.text, ""), read("Omar: spaces, not tabs."), stored), true);
  const tool = { attribute: "tool", from: "npm", to: "pnpm" };
  equal(restatedContrast(tool, none, read("We install with pnpm, not npm.")), true);
  equal(restatedContrast(tool, none, read("We install with npm.")), false);
});

Deno.test("capitalQualifier: capitals make a region of a function word", () => {
  equal(capitalQualifier("NA")?.kind, "region");
  equal(capitalQualifier("us"), null);
  equal(capitalQualifier("WE"), null);
});

Deno.test("changeBetween: the guards hold against readings that would retire", () => {
  const pairs: [string, string, boolean][] = [
    ["Fault Z700 means the key was rejected.", "Fault Z701 means the key expired.", false],
    ["Omar likes spaces rather than tabs.", "Omar: spaces, not tabs.", false],
    [
      "EU traffic is routed through Dublin.",
      "Starting today US traffic is routed through Ohio instead of Texas.",
      false,
    ],
    ["Omar likes spaces rather than tabs.", "Omar switched to tabs instead of spaces.", true],
  ];
  for (const [stored, incoming, expected] of pairs) {
    equal(
      changeBetween(read(incoming), read(stored)) !== null,
      expected,
      `${stored} / ${incoming}`,
    );
  }
});
