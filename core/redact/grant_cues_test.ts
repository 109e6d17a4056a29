/**
 * Tests of secrets named by what they do (`grant_cues.ts`): a phrase that says a value grants
 * access, or that its access was taken away, vouches for a value only a secret is shaped like;
 * ids named by the noun before them stay. Examples are made up here, not taken from a batch.
 *
 * @module
 */
import { ALNUM, chars, gone, kept } from "./examples_testing.ts";

const strong = () => `Q${chars(ALNUM, 12)}7z`; // lower, upper and digits

Deno.test("grant cues: what a value lets one do vouches for it, on either side", () => {
  const a = strong();
  gone(`Careful: anyone with ${a} can publish to the npm org.`, a);
  const b = strong();
  gone(`The mail relay authenticates with ${b} since the migration.`, b);
  const c = strong();
  gone(`Because ${c} was leaked in the screenshot we rotate tonight.`, c);
  gone(`Put Tundra#42!walnut somewhere safe before the offsite.`, "Tundra#42!walnut");
});

Deno.test("grant cues: an id named by its noun, a one-case id and a version stay", () => {
  kept(`Session ${strong()} was revoked by the admin.`);
  kept(`User ${strong()} can push to main after review.`);
  kept(`Build 01HZX3K9QJ7M2N4P6R8T0V2W4Y still works on arm64.`);
  kept(`Release v2.3.1-rc4 still works on Node 18.`);
  kept(`Anyone with a company address can sign in.`);
  kept(`Keep the recovery sheet somewhere safe.`);
});

Deno.test("grant cues: a value said to unlock or decrypt something is its secret", () => {
  const pw = `Ty7!${chars(ALNUM, 8)}`;
  gone(`use ${pw} to unlock the team vault`, pw);
  const key = `Qm${chars(ALNUM, 14)}7`;
  gone(`I checked and ${key} decrypts the nightly backups`, key);
  kept(`use the docs id 1A2b3C4d5E6f7G8h9I0j to open the spec`);
});
