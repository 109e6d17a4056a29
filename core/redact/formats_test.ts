/**
 * Tests of value shapes and file formats the prose batches taught after blind5 (issue 16,
 * item 5): dotted property keys, PINs named further from their value, key ids, PuTTY MACs,
 * masked connection strings. Examples are made up here, not taken from a batch.
 *
 * @module
 */
import { equal, ok } from "node:assert/strict";
import { redact } from "./redact.ts";

const gone = (text: string, secret: string) => {
  const out = redact(text).text;
  ok(!out.includes(secret), out);
  for (let i = 0; i + 12 <= secret.length; i++) ok(!out.includes(secret.slice(i, i + 12)), out);
  equal(redact(out).text, out, "a second pass changes nothing");
  return out;
};
const kept = (text: string) => equal(redact(text).text, text);

Deno.test("dotted keys: a properties line or a chart override holds a literal, even in words", () => {
  gone("app.mail.password=OrchidTundraLantern\napp.mail.host=smtp.local", "OrchidTundraLantern");
  const out = gone(
    "helm install web ./chart --set redis.auth.password=PebbleSaffronWharf --set replicas=2",
    "PebbleSaffronWharf",
  );
  ok(out.includes("--set replicas=2"), out);
  kept("this.password=incomingPassword");
  kept("  const secret = config.signingSecret;");
});

Deno.test("PINs: a PIN label states its digits further on with a copula; other digits stay", () => {
  gone("The passcode for the badge reader at the east door is 58203917.", "58203917");
  gone("the SIM pin of the on-call phone was 40917", "40917");
  kept("The PIN for the phone 2 was reset in 2023");
  kept("The PIN pad on floor 3 is model 44871");
});
