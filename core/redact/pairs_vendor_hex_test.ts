/**
 * Tests of two bindings: a login stated as a user and a password with spaces around their
 * separator, and hex before a label that names a service whose keys are bare hex.
 *
 * @module
 */
import { kept } from "./examples_testing.ts";
import { equal } from "node:assert/strict";
import { redact } from "./redact.ts";

const R = "[REDACTED:secret_assignment]";

Deno.test("redact() takes the password of a spaced user / password login", () => {
  equal(
    redact("fyi the jump host login for the audit team is auditor2 / QmrTxaLwPe").text,
    `fyi the jump host login for the audit team is auditor2 / ${R}`,
  );
  equal(
    redact("the sign-in for the kiosk is kiosk : pZ8!wq_Tr4mN, then lock it").text,
    `the sign-in for the kiosk is kiosk : ${R}, then lock it`,
  );
  for (
    const text of [
      "the login is admin / the usual one",
      "the sign-in is sso / OktaWorkforce",
      "the login flow is redirect / callbackHandler",
    ]
  ) kept(text);
});

Deno.test("redact() takes key-length hex given for a prefix-less vendor's key", () => {
  const hex = "4be07c9d1a6f2e83b5c0d7a19e2f64b8c3d05a71";
  equal(
    redact(`Billing worker sets ${hex} as its Mailgun key.`).text,
    `Billing worker sets ${R} as its Mailgun key.`,
  );
  equal(
    redact(`The cron uses ${hex} for the Pusher signing key, see the wiki.`).text,
    `The cron uses ${R} for the Pusher signing key, see the wiki.`,
  );
  for (
    const text of [
      `see commit ${hex} for the Datadog key.`,
      `reverted ${hex} for the Datadog key rollout`,
      `pinned ${hex} for the GitHub deploy key`,
    ]
  ) kept(text);
});
