/**
 * Subjects paraphrased by a short form (issue 16 item 3, `compare/names_key.ts`): a change
 * written with `tf`, `pg` or `gh` for what the stored fact spells out still retires it; a
 * short form of another subject does not. Sentences written for these tests.
 */
import { equal } from "node:assert/strict";
import { tempEngine } from "../../tests/helpers.ts";

/** Writes `stored`, then `incoming`; whether the stored memory was retired. */
async function retires(stored: string, incoming: string): Promise<boolean> {
  await using t = await tempEngine({ project: "infra" });
  const old = await t.engine.write({ content: stored });
  const next = await t.engine.write({ content: incoming });
  return next.superseded.includes(old.id) && t.engine.get(old.id).status === "superseded";
}

Deno.test("a change naming the subject by its short form retires the stored fact", async () => {
  equal(
    await retires("Terraform state is stored in local files.", "We moved tf state to S3."),
    true,
  );
  equal(
    await retires(
      "Postgres connection pooling is done by PgBouncer.",
      "nowadays pg connection pooling is done by Supavisor",
    ),
    true,
  );
});

Deno.test("a short form of another subject leaves the stored fact", async () => {
  equal(
    await retires("Terraform state is stored in local files.", "We moved the k8s state to etcd."),
    false,
  );
  equal(
    await retires(
      "Postgres connection pooling is done by PgBouncer.",
      "nowadays redis connection pooling is done by the client library",
    ),
    false,
  );
});
