import { deepEqual, equal } from "node:assert/strict";
import { readStatement } from "./claims.ts";
import { conflictBetween } from "./conflict.ts";

const values = (a: string, b: string) =>
  conflictBetween(readStatement(a), readStatement(b))?.values ?? null;

Deno.test("licences: one project under two licences conflicts", () => {
  deepEqual(
    values("The parser crate is MPL-2.0 licensed.", "The parser crate is released under GPLv3."),
    [
      "MPL-2.0",
      "GPLv3",
    ],
  );
  deepEqual(
    values("Our sample datasets are CC BY-SA 4.0.", "The sample datasets are licensed under CC0."),
    [
      "CC BY-SA 4.0",
      "CC0",
    ],
  );
  // Two projects, each with its licence.
  equal(values("The parser crate is MPL-2.0 licensed.", "The docs site is MIT licensed."), null);
  // "mit" is a German preposition where nothing speaks of licences.
  equal(readStatement("Das Backend läuft mit Redis.").values.some((v) => v.norm === "mit"), false);
});
