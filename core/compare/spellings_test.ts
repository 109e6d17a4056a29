/** `otherSpellings()` and the neighbour query: a word's other spellings join the query. */
import { deepEqual, equal } from "node:assert/strict";
import { otherSpellings } from "./spellings.ts";
import { neighbourQuery } from "./statements.ts";

Deno.test("otherSpellings(): short forms and full words both ways, words of one meaning", () => {
  equal(otherSpellings("the prod cluster", 8).includes("production"), true);
  equal(otherSpellings("the production cluster", 8).includes("prod"), true);
  equal(otherSpellings("pg replicas", 8).includes("postgresql"), true);
  equal(otherSpellings("employee laptops", 8).includes("staff"), true);
  // An inflection is the keyword index's own business; nothing said is repeated.
  deepEqual(otherSpellings("metrics and more metrics", 8), []);
  equal(otherSpellings("prod and production", 8).includes("production"), false);
});

Deno.test("neighbour query: other spellings are added, a few at most", () => {
  equal(neighbourQuery("staging k8s nodes").includes("kubernetes"), true);
  equal(otherSpellings("prod db repo config env auth docs infra", 4).length, 4);
});
