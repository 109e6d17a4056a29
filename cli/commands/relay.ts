/**
 * `helix relay serve`: runs the sync relay (the same one `deno task relay` starts).
 *
 * @module
 */
import { join } from "node:path";
import { helixHome } from "@helix/core";
import { RELAY_FLAGS_HELP, RELAY_OPTIONS } from "../../relay/config.ts";
import { type Command, stringFlag, UsageError } from "../command.ts";

export const relay: Command = {
  name: "relay",
  summary: "Run a sync relay that stores only ciphertext (relay serve)",
  usage:
    "helix relay serve [--port 7438] [--host 127.0.0.1] [--data <dir>] [--storage sqlite|kv|postgres] [--postgres URL] [--token-env <VAR>]",
  details: `Serves the sync relay over HTTP: your devices push and pull sealed deltas through it;
it sees strand ids, sizes and days, never content, device ids or keys. Data lives in one SQLite
file (relay.sqlite) or a Deno KV file (relay.kv) under --data, or in a PostgreSQL database
(--postgres URL), which any number of relay processes can serve at once. Stop it with Ctrl-C.

${RELAY_FLAGS_HELP}

Examples:
  helix relay serve --port 7438 --data ~/helix-relay
  HELIX_RELAY_TOKEN=... helix relay serve --host 0.0.0.0 --token-env HELIX_RELAY_TOKEN
  HELIX_RELAY_DATABASE_URL=postgres://relay:...@db:5432/helix helix relay serve --port 8080`,
  options: RELAY_OPTIONS,
  completions: ["serve"],
  async run(invocation, ctx) {
    const [action, ...extra] = invocation.positionals;
    if (action !== "serve") {
      throw new UsageError(
        action === undefined ? "say what to do: helix relay serve" : `unknown action "${action}"`,
      );
    }
    if (extra.length) throw new UsageError(`unexpected argument "${extra[0]}"`);
    const argv = Object.keys(RELAY_OPTIONS).flatMap((flag) => {
      const value = stringFlag(invocation, flag);
      return value === undefined ? [] : [`--${flag}`, value];
    });
    const home = stringFlag(invocation, "home") ?? helixHome(ctx.env);
    // Loaded on use, like the MCP server: other commands start without Hono and the relay.
    const { serveRelay } = await import("../../relay/main.ts");
    return await serveRelay(argv, ctx.env, {
      defaultData: join(home, "relay"),
      io: { stdout: (text) => ctx.io.stdout(text), stderr: (text) => ctx.io.stderr(text) },
    });
  },
};
