/**
 * `helix relay` as the CLI runs it (`run(argv, env)`): help, and the usage errors that stop it
 * before it serves. Serving itself is tested against a real process in `relay/http_test.ts`.
 *
 * @module
 */
import { equal, match } from "node:assert/strict";
import { cli } from "./_cli.ts";

Deno.test("helix relay: --help tells every flag; bad invocations exit 64", async () => {
  const home = await Deno.makeTempDir({ prefix: "helix-relay-cli-" });
  try {
    const helix = cli(home);
    const help = await helix(["relay", "--help"]);
    equal(help.code, 0);
    for (
      const flag of [
        "--port",
        "--host",
        "--data",
        "--storage",
        "--postgres",
        "--token-env",
        "--log-level",
      ]
    ) {
      match(help.stdout, new RegExp(`${flag} `));
    }
    const missing = await helix(["relay"]);
    equal(missing.code, 64);
    match(missing.stderr, /helix relay serve/);
    equal((await helix(["relay", "start"])).code, 64);
    const storage = await helix(["relay", "serve", "--storage", "mysql"]);
    equal(storage.code, 64);
    match(storage.stderr, /--storage must be sqlite, kv or postgres/);
    const noDatabase = await helix(["relay", "serve", "--storage", "postgres"]);
    equal(noDatabase.code, 64);
    match(noDatabase.stderr, /--postgres URL or HELIX_RELAY_DATABASE_URL/);
    const token = await helix(["relay", "serve", "--token-env", "HELIX_TEST_NO_SUCH_VAR"]);
    equal(token.code, 64);
    match(token.stderr, /HELIX_TEST_NO_SUCH_VAR, which is not set/);
    const port = await helix(["relay", "serve", "--port", "70000"]);
    equal(port.code, 64);
  } finally {
    await Deno.remove(home, { recursive: true });
  }
});
