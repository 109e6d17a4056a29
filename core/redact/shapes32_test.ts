/**
 * Tests of safe shapes and value shapes added in stop 32: a header's directive list is no
 * `user, password` pair. Examples are made up here.
 *
 * @module
 */
import { ALNUM, chars, gone, kept } from "./examples_testing.ts";

Deno.test("user, password: a header's directive after a comma is no password", () => {
  kept("Cache-Control: private, max-age=600");
  kept("Strict-Transport-Security: preload, max-age=63072000");
  kept("Content-Type: text, charset=utf-8");
  const pw = `Rw${chars(ALNUM, 10)}`;
  gone(`Grafana: viewer, ${pw}`, pw);
});
