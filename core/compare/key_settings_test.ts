import { deepEqual, equal } from "node:assert/strict";
import { readStatement } from "./claims.ts";
import { conflictBetween } from "./conflict.ts";
import { keySettings } from "./key_settings.ts";

const values = (a: string, b: string) =>
  conflictBetween(readStatement(a), readStatement(b))?.values ?? null;

Deno.test("key settings: the forms a key is set in", () => {
  deepEqual(keySettings("SESSION_STORE defaults to memcached."), [["SESSION_STORE", "memcached"]]);
  deepEqual(keySettings("The default SESSION_STORE is redis."), [["SESSION_STORE", "redis"]]);
  deepEqual(keySettings("SESSION_STORE: dynamo"), [["SESSION_STORE", "dynamo"]]);
  deepEqual(keySettings("Jobs run with SESSION_STORE=redis and MAX_WORKERS=4."), [
    ["SESSION_STORE", "redis"],
    ["MAX_WORKERS", "4"],
  ]);
  // A key named without a value sets nothing.
  deepEqual(keySettings("SESSION_STORE must be documented."), []);
});

Deno.test("key settings: one key set to two values in the same places conflicts", () => {
  deepEqual(values("SESSION_STORE defaults to memcached.", "The default SESSION_STORE is redis."), [
    "memcached",
    "redis",
  ]);
  deepEqual(
    values(
      "Canary pods start with TRACE_SAMPLING=on.",
      "TRACE_SAMPLING is disabled for canary pods.",
    ),
    [
      "on",
      "disabled",
    ],
  );
  // One boolean in two spellings.
  equal(values("TRACE_SAMPLING=on in canary.", "TRACE_SAMPLING is enabled in canary."), null);
  // Two environments, each with its value.
  equal(values("SESSION_STORE=redis in staging", "SESSION_STORE=memcached locally"), null);
  equal(
    values(
      "`.env.staging`: CDN_HOST=cdn-stg.example.org",
      "`.env.production`: CDN_HOST=cdn.example.org",
    ),
    null,
  );
  // Two keys.
  equal(values("SESSION_STORE defaults to redis.", "CACHE_STORE defaults to memcached."), null);
});
