/**
 * `relaySettings`: which backend the flags and environment choose, PostgreSQL included.
 *
 * @module
 */
import { equal, throws } from "node:assert/strict";
import { relaySettings, RelayUsageError } from "./config.ts";

const URL_ = "postgres://relay:secret@db:5432/helix";

Deno.test("relaySettings() picks PostgreSQL from --postgres or HELIX_RELAY_DATABASE_URL", async (t) => {
  await t.step("the default is SQLite under --data", () => {
    const settings = relaySettings([], {}, "/d");
    equal(settings.storage, "sqlite");
    equal(settings.databaseUrl, undefined);
  });
  await t.step("--postgres URL", () => {
    const settings = relaySettings(["--postgres", URL_], {}, "/d");
    equal(settings.storage, "postgres");
    equal(settings.databaseUrl, URL_);
  });
  await t.step("the environment variable alone", () => {
    const settings = relaySettings([], { HELIX_RELAY_DATABASE_URL: URL_ }, "/d");
    equal(settings.storage, "postgres");
    equal(settings.databaseUrl, URL_);
  });
  await t.step("--storage sqlite wins over the variable, which it then ignores", () => {
    const settings = relaySettings(
      ["--storage", "sqlite"],
      { HELIX_RELAY_DATABASE_URL: URL_ },
      "/d",
    );
    equal(settings.storage, "sqlite");
    equal(settings.databaseUrl, undefined);
  });
  await t.step("refusals", () => {
    throws(() => relaySettings(["--storage", "postgres"], {}, "/d"), RelayUsageError);
    throws(() => relaySettings(["--postgres", "mysql://x"], {}, "/d"), /postgres:\/\/ URL/);
    throws(() => relaySettings(["--storage", "kv", "--postgres", URL_], {}, "/d"), /kv/);
    throws(() => relaySettings(["--storage", "mongo"], {}, "/d"), /sqlite, kv or postgres/);
  });
});
