/**
 * Tests of a label whose clause points back across a semicolon (`anaphora.ts`). Examples are
 * made up here.
 *
 * @module
 */
import { ALNUM, chars, gone, hex, kept } from "./examples_testing.ts";

Deno.test("anaphora: '…; it is a personal access token' names the previous clause's one value", () => {
  const key = hex(64);
  gone(
    `Drop ${key} into the CI variables and the nightly sync will reach the registry as the bot; it is a personal access token, so rotate it monthly.`,
    key,
  );
  const pw = `Zq${chars(ALNUM, 16)}`;
  gone(
    `I typed ${pw} at the prompt and the box let me in straight away; that's the root password.`,
    pw,
  );
});

Deno.test("anaphora: a full stop, or two candidates, leave the pronoun's referent unknown", () => {
  kept(
    `Pinned the base image to ${
      hex(64)
    } for the release build. It is a personal access token that pulls it.`,
  );
  kept(
    `Compared ${hex(64)} against ${
      hex(64)
    } in the mirror and both matched; it is a personal access token we need next.`,
  );
});
