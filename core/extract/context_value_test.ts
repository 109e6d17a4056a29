import { equal } from "node:assert/strict";
import { substituteValue } from "./context_value.ts";

Deno.test("substituteValue() replaces the one day or time of day a memory holds", () => {
  equal(
    substituteValue("Deploys run every Tuesday.", "Fridays")?.content,
    "Deploys run every Friday.",
  );
  equal(
    substituteValue("Deploys run on Tuesdays.", "Fridays now")?.content,
    "Deploys run on Fridays.",
  );
  equal(substituteValue("Backups start at 2am UTC.", "3am")?.content, "Backups start at 3am UTC.");
  equal(substituteValue("Deploys run every Tuesday.", "every Tuesday")?.same, true);
});

Deno.test("substituteValue() leaves replies that are no value, and memories with none or two", () => {
  equal(substituteValue("Deploys run every Tuesday.", "pnpm"), null);
  equal(substituteValue("Deploys run every Tuesday.", "Fridays, after the freeze"), null);
  equal(substituteValue("The release is cut from main.", "Fridays"), null);
  equal(substituteValue("Deploys run on Tuesday and the retro is on Friday.", "Mondays"), null);
});
