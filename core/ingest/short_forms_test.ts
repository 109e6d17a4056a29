/**
 * Subjects paraphrased by a short form (issue 16 item 3, `compare/names_key.ts`): a change
 * written with `tf`, `pg` or `gh` for what the stored fact spells out still retires it; a
 * short form of another subject does not. Sentences written for these tests.
 */
import { equal } from "node:assert/strict";
import { retires } from "../../tests/fixtures/retires.ts";

Deno.test("a change naming the subject by its short form retires the stored fact", async () => {
  equal(
    await retires("Terraform state is stored in local files.", "We moved tf state to S3.", "infra"),
    true,
  );
  equal(
    await retires(
      "Postgres connection pooling is done by PgBouncer.",
      "nowadays pg connection pooling is done by Supavisor",
      "infra",
    ),
    true,
  );
});

Deno.test("a short form of another subject leaves the stored fact", async () => {
  equal(
    await retires(
      "Terraform state is stored in local files.",
      "We moved the k8s state to etcd.",
      "infra",
    ),
    false,
  );
  equal(
    await retires(
      "Postgres connection pooling is done by PgBouncer.",
      "nowadays redis connection pooling is done by the client library",
      "infra",
    ),
    false,
  );
});
