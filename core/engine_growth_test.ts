/**
 * The strand over time through the engine: growth per day and per week read from the log,
 * and a listing as of an instant (only the memories valid then).
 */
import { deepEqual, throws } from "node:assert/strict";
import { isHelixError } from "./mod.ts";
import { tempEngine, TODAY } from "../tests/helpers.ts";

const DAY = 86_400_000;

Deno.test("growth() counts writes and forgets per UTC day, or per week from Monday", async () => {
  await using t = await tempEngine({ project: "p" });
  const { engine, clock } = t;
  // TODAY is Sunday 2026-11-22, noon UTC.
  const a = await engine.write({ content: "Lint with ruff." });
  clock.advance(DAY);
  await engine.write({ content: "Format with black." });
  await engine.write({ content: "Type-check with mypy." });
  clock.advance(DAY);
  await engine.forget({ id: a.id });
  await engine.patch((await engine.write({ content: "Test with pytest." })).id, {
    importance: 8,
  });
  deepEqual(engine.growth(), [
    { start: "2026-11-22T00:00:00.000Z", written: 1, forgotten: 0, writtenTotal: 1 },
    { start: "2026-11-23T00:00:00.000Z", written: 2, forgotten: 0, writtenTotal: 3 },
    { start: "2026-11-24T00:00:00.000Z", written: 1, forgotten: 1, writtenTotal: 4 },
  ]);
  deepEqual(engine.growth({ by: "week" }), [
    { start: "2026-11-16T00:00:00.000Z", written: 1, forgotten: 0, writtenTotal: 1 },
    { start: "2026-11-23T00:00:00.000Z", written: 3, forgotten: 1, writtenTotal: 4 },
  ]);
  throws(
    // deno-lint-ignore no-explicit-any
    () => engine.growth({ by: "month" as any }),
    (e) => isHelixError(e) && e.code === "invalid_input",
  );
  await using empty = await tempEngine();
  deepEqual(empty.engine.growth(), []);
});

Deno.test("list({ asOf }) shows the memories valid at that instant, with their status now", async () => {
  await using t = await tempEngine({ project: "p" });
  const { engine, clock } = t;
  const old = await engine.write({ content: "Deploys need one approval." });
  clock.advance(10 * DAY);
  await engine.patch(old.id, { status: "superseded", validTo: clock.now() });
  const now = await engine.write({ content: "Deploys need two approvals." });
  const ids = (asOf?: number) =>
    engine.list({
      scope: "all",
      statuses: ["active", "superseded"],
      ...(asOf === undefined ? {} : { asOf }),
    }).items.map((m) => `${m.id} ${m.status}`);
  deepEqual(ids(TODAY + 5 * DAY), [`${old.id} superseded`]);
  deepEqual(ids(TODAY + 11 * DAY), [`${now.id} active`]);
  deepEqual(ids(TODAY - DAY), []);
  deepEqual(ids(), [`${now.id} active`, `${old.id} superseded`]);
  deepEqual(
    engine.list({ scope: "all", asOf: new Date(TODAY + 5 * DAY).toISOString() }).items,
    [],
    "statuses still filter: it is superseded now",
  );
});
