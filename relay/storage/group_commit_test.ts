/**
 * groupCommit() batches what arrives together and settles each item with its own result.
 *
 * @module
 */
import { deepEqual, equal, rejects } from "node:assert/strict";
import { groupCommit } from "./group_commit.ts";

Deno.test("groupCommit() commits concurrent items as one batch, each with its own result", async () => {
  const batches: number[][] = [];
  const append = groupCommit<number, number>((items) => {
    batches.push([...items]);
    return items.map((n) => (n < 0 ? new Error(`negative ${n}`) : n * 10));
  });
  const settled = await Promise.allSettled([append(1), append(-2), append(3)]);
  deepEqual(batches, [[1, -2, 3]]);
  deepEqual(settled.map((s) => s.status), ["fulfilled", "rejected", "fulfilled"]);
  equal((settled[2] as PromiseFulfilledResult<number>).value, 30);
  equal(await append(4), 40);
  deepEqual(batches.at(-1), [4], "a later item starts a new batch");
});

Deno.test("groupCommit() rejects the whole batch when the commit itself fails", async () => {
  const append = groupCommit<number, number>(() => {
    throw new Error("disk full");
  });
  await Promise.all([
    rejects(append(1), /disk full/),
    rejects(append(2), /disk full/),
  ]);
});
