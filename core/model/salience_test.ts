import { equal, ok, throws } from "node:assert/strict";
import { DEFAULT_HALF_LIFE_MS } from "./types.ts";
import { decayFactor, salience } from "./salience.ts";

const DAY = 86_400_000;

Deno.test("decayFactor() follows each shape's half-life", async (t) => {
  await t.step("episodic halves every 7 days", () => {
    const m = { halfLifeMs: DEFAULT_HALF_LIFE_MS.episodic, lastAccessAt: 0 };
    ok(Math.abs(decayFactor(m, 7 * DAY) - 0.5) < 1e-12);
    ok(Math.abs(decayFactor(m, 14 * DAY) - 0.25) < 1e-12);
  });
  await t.step("procedural halves every 90 days", () => {
    const m = { halfLifeMs: DEFAULT_HALF_LIFE_MS.procedural, lastAccessAt: 0 };
    ok(Math.abs(decayFactor(m, 90 * DAY) - 0.5) < 1e-12);
  });
  await t.step("semantic and entity memories do not decay", () => {
    equal(DEFAULT_HALF_LIFE_MS.semantic, null);
    equal(decayFactor({ halfLifeMs: null, lastAccessAt: 0 }, 10_000 * DAY), 1);
  });
  await t.step("an access in the future counts as now", () => {
    equal(decayFactor({ halfLifeMs: DAY, lastAccessAt: 5 * DAY }, DAY), 1);
  });
});

Deno.test("salience() is importance times decay; a bad half-life is a RangeError", () => {
  ok(Math.abs(salience({ importance: 8, halfLifeMs: DAY, lastAccessAt: 0 }, DAY) - 4) < 1e-12);
  throws(() => decayFactor({ halfLifeMs: 0, lastAccessAt: 0 }, 1), RangeError);
});
