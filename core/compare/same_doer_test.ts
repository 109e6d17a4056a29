/**
 * `sameDoer` (`same_doer.ts`) and `contradiction()` with a name and its handle: one person,
 * no conflict; two people still conflict. Wordings written for these tests.
 */
import { equal } from "node:assert/strict";
import { sameDoer } from "./same_doer.ts";
import { contradiction } from "./statements.ts";

Deno.test("sameDoer: a handle spells the name, or the other side names both", () => {
  equal(sameDoer("@rosa", "Rosa", "@rosa reviews infra PRs.", "Infra PRs: reviewer Rosa."), true);
  equal(
    sameDoer("Rosa", "Kim", "Rosa reviews infra PRs.", "Infra PRs: reviewer Kim (@rosa-k)."),
    false,
  );
  equal(
    sameDoer("Rosa", "@rk", "Rosa reviews infra PRs.", "Reviewer of infra PRs: @rk (Rosa)."),
    true,
  );
});

Deno.test("contradiction(): a name with its handle is one doer, two names are two", () => {
  const both = (a: string, b: string) =>
    contradiction(a, b) !== null || contradiction(b, a) !== null;
  equal(both("@rosa maintains acme/docs.", "acme/docs — maintainer: Rosa (@rosa)."), false);
  equal(both("@rosa maintains acme/docs.", "acme/docs — maintainer: Kim (@kim)."), true);
});
