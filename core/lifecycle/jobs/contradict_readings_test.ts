/**
 * The contradiction sweep's readings through the engine, one pair per case (sentences of our
 * own, not the bench's): each pair is written in bulk (no consolidation), swept, and either
 * linked by `contradicts` or left alone.
 */
import { equal } from "node:assert/strict";
import { tempEngine } from "../../../tests/helpers.ts";

/** Whether the sweep links `older` and `newer` written one after the other. */
async function swept(older: string, newer: string): Promise<boolean> {
  await using t = await tempEngine({ project: "app" });
  const [a] = (await t.engine.writeMany([{ content: older, type: "fact" }])).ids;
  t.clock.advance(1000);
  await t.engine.writeMany([{ content: newer, type: "fact" }]);
  await t.engine.sleep({ only: "contradict" });
  return t.engine.edgesOf(a!).some((e) => e.relation === "contradicts");
}

interface Case {
  readonly older: string;
  readonly newer: string;
  readonly linked: boolean;
  readonly why: string;
}

/** Runs each case as a named test. */
export function cases(name: string, list: readonly Case[]): void {
  for (const c of list) {
    Deno.test(`${name}: ${c.why}`, async () => {
      equal(await swept(c.older, c.newer), c.linked, `${c.older} / ${c.newer}`);
    });
  }
}

cases("a beginning is history", [
  {
    older: "The storefront is a Rails 7.2 app.",
    newer: "The storefront started on Rails 4.0.",
    linked: false,
    why: "'started on' tells where the subject began, not its value now",
  },
]);

cases("rows keyed by a path", [
  {
    older: "OWNERS: /payments/ @shop/billing",
    newer: "OWNERS: /search/ @shop/discovery",
    linked: false,
    why: "two paths are two rows",
  },
]);

cases("a scope named by a capitalised word", [
  {
    older: "The media bucket is in eu-central-1.",
    newer: "Media from the APAC customers is stored in a bucket in ap-south-1.",
    linked: false,
    why: "'from the APAC customers' narrows the subject",
  },
  {
    older: "The media bucket is in eu-central-1.",
    newer: "The media bucket is in ap-south-1.",
    linked: true,
    why: "the same bucket with two regions",
  },
]);
