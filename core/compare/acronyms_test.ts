/** Acronyms read as the words they stand for (`acronyms.ts`), through `change()`. */
import { equal, notEqual } from "node:assert/strict";
import { change } from "./statements.ts";

Deno.test("change(): an acronym and the words it stands for name one subject", () => {
  notEqual(
    change("Lena took over the Web Application Firewall rules from Tom", "Tom owns the WAF rules"),
    null,
  );
  notEqual(
    change("we enabled single sign on for the admin portal", "SSO is off on the admin portal"),
    null,
  );
  // Initials that spell another word of the stored statement do not make it the same subject.
  equal(
    change("we enabled single sign on for the partner portal", "SSO is off on the admin portal"),
    null,
  );
});
