/** `neighbourQuery()`: the attribute's own name joins the query for values that leave it unsaid. */
import { equal } from "node:assert/strict";
import { neighbourQuery } from "./statements.ts";

Deno.test("neighbour query: a region or a port names its attribute", () => {
  equal(neighbourQuery("we run mostly in eu-west-3"), "we run mostly in eu-west-3 region");
  equal(neighbourQuery("the region is eu-west-3"), "the region is eu-west-3");
  equal(neighbourQuery("metrics are on :9300"), "metrics are on :9300 port");
});
