/**
 * `ownerConflict` (`owner_frames.ts`) through `contradiction()`: one role of one subject said in
 * different frames. Wordings written for these tests.
 */
import { contradiction } from "./statements.ts";
import { equal as assertEquals } from "node:assert/strict";

Deno.test("two frames of one holder role of one subject conflict", () => {
  const pairs: [string, string, string][] = [
    ["The release notes bot is maintained by Grete.", "Release notes bot owner: Paulo.", "owner"],
    ["Owner of the pricing sheet: Mireille", "Tobias owns the pricing sheet", "owner"],
    ["the staging cluster admin is Wen", "staging cluster admins: the sre-core group", "admin"],
    [
      "escalate billing incidents to Rafa",
      "billing incident escalation contact: Ottilie",
      "escalation contact",
    ],
    [
      "Das Lagerverwaltungssystem gehört Team Kranich",
      "Für das Lagerverwaltungssystem ist Team Reiher zuständig",
      "owner",
    ],
  ];
  for (const [a, b, attribute] of pairs) assertEquals(contradiction(a, b)?.attribute, attribute, a);
});

Deno.test("other subjects, other roles, several holders and named holders do not", () => {
  const pairs: [string, string][] = [
    ["The release notes bot is maintained by Grete.", "The changelog bot is maintained by Paulo."],
    ["the staging cluster admin is Wen", "staging cluster owner: Ottilie"],
    ["Pricing sheet owner: Mireille", "Pricing sheet owner: Mireille K."],
    ["week 12 pricing sheet owner: Mireille", "week 13 pricing sheet owner: Tobias"],
    ["Pricing sheet owner: Tobias (Mireille is backup)", "Pricing sheet owner: Mireille"],
  ];
  for (const [a, b] of pairs) assertEquals(contradiction(a, b) ?? contradiction(b, a), null, a);
});
