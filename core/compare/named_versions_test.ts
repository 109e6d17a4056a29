/**
 * Versions of names no lexicon knows (`named_versions.ts`) and bare numbers of a port's shape,
 * through `contradiction()`. Sentences written for these tests.
 */
import { deepEqual, equal } from "node:assert/strict";
import { contradiction } from "./statements.ts";

Deno.test("named versions: a dotted number after a name, a version written into a name", () => {
  deepEqual(
    contradiction("the sensor firmware targets Nimbus 2.4", "the sensor firmware is on Nimbus 2.1")
      ?.values,
    ["2.4", "2.1"],
  );
  equal(
    contradiction("The client bundle is compiled to ES2019.", "The client bundle is ES2023.")
      ?.attribute,
    "es version",
  );
  // "net8.0" is a version of .NET.
  equal(
    contradiction("The billing worker targets .NET 7.", "billing-worker targets net8.0.")
      ?.attribute,
    ".net version",
  );
});

Deno.test("named versions: other names, subjects and plain numbers stay apart", () => {
  equal(
    contradiction(
      "the sensor firmware targets Nimbus 2.4",
      "the sensor firmware targets Cirrus 2.1",
    ),
    null,
  );
  equal(
    contradiction(
      "the sensor firmware targets Nimbus 2.4",
      "the gateway firmware targets Nimbus 2.1",
    ),
    null,
  );
  // A ticket is no version.
  equal(
    contradiction("Hotfix for WEB-120 shipped in 3.4.1.", "Hotfix for WEB-977 shipped in 3.9.0."),
    null,
  );
});

Deno.test("ports: a bare number of a port's shape meets the other side's port", () => {
  deepEqual(
    contradiction("local memcached runs on 11211", "local memcached is exposed on 11311")?.values,
    ["11211", "11311"],
  );
  equal(contradiction("local memcached runs on 11211", "local postgres is exposed on 5432"), null);
});

Deno.test("named versions: a target or a deployment names the version, not another subject", () => {
  equal(
    contradiction("The widget is compiled to ES2018.", "tsconfig target for the widget is ES2021.")
      ?.attribute,
    "es version",
  );
});

Deno.test("named versions: 'version is N' belongs to the technology named before it", () => {
  equal(
    contradiction("the android app min version is 26", "the Android app requires Android 28+")
      ?.attribute,
    "android version",
  );
});
