import { equal } from "node:assert/strict";
import { readStatement } from "./claims.ts";
import { ownSubject } from "./own_subject.ts";
import { change } from "./statements.ts";

Deno.test("ownSubject() reads the object of a change verb, and a subject only to its clause's end", () => {
  const admin = readStatement("The admin panel is on React 17.");
  equal(ownSubject(readStatement("bumped the customer portal to React 18"), admin), true);
  equal(ownSubject(readStatement("bumped the admin panel to React 18"), admin), false);
  const netlify = readStatement("We deploy the marketing site with Netlify.");
  equal(
    ownSubject(readStatement("marketing site: netlify -> vercel, DNS already flipped"), netlify),
    false,
  );
});

Deno.test("change(): an act reported on a day, and a version said more precisely, change nothing", () => {
  equal(change("Handed on-call to Henrik on Monday.", "Handed on-call to Yuki on Monday."), null);
  equal(
    change("web app runs Next.js 14.2.15 (pinned exactly)", "The web app runs Next.js 14.2."),
    null,
  );
  // A later minor version is still a change.
  equal(change("web app runs Next.js 14.3 now", "The web app runs Next.js 14.2.")?.to, "14.3");
});
