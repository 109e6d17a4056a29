/**
 * `helix mcp`: runs the MCP server (the same one `deno task mcp` starts).
 *
 * @module
 */
import { isHelixError } from "@helix/core";
import { booleanFlag, type Command, stringFlag, UsageError } from "../command.ts";
import { EXIT_CODES, EXIT_SOFTWARE, EXIT_USAGE } from "../exit_codes.ts";

/**
 * The exit code of a server that could not start, from the table every command uses: a Helix
 * failure by its code, a bad flag (the server's parser throws a TypeError) as usage, a port in
 * use as "retry later", anything else as a bug.
 */
function exitCodeOf(error: unknown): number {
  if (isHelixError(error)) return EXIT_CODES[error.code];
  if (error instanceof TypeError) return EXIT_USAGE;
  if (error instanceof Deno.errors.AddrInUse) return EXIT_CODES.store_locked;
  if (error instanceof Deno.errors.PermissionDenied) return EXIT_CODES.unauthorized;
  return EXIT_SOFTWARE;
}

export const mcp: Command = {
  name: "mcp",
  summary: "Run the MCP server for agents (stdio, or --http)",
  usage: "helix mcp [--http] [--host 127.0.0.1] [--port 7437] [--log-level info]",
  details: `Serves the strand to MCP clients over stdio (what \`helix connect\` registers), or with
--http over streamable HTTP on loopback (set HELIX_MCP_TOKEN to require a bearer token; any
other address needs one). Logs go to stderr. A server that cannot start exits with the code of
its failure, as every command does: 64 a bad flag or setting, 65 not a strand, 75 the
port is in use, 77 not allowed.

  --http                serve over HTTP instead of stdio
  --host <address>      bind address (default 127.0.0.1; HELIX_MCP_HOST)
  --port <port>         port (default 7437; HELIX_MCP_PORT)
  --log-level <level>   debug, info, warn, error (default info; HELIX_LOG_LEVEL)`,
  options: {
    http: { type: "boolean" },
    host: { type: "string" },
    port: { type: "string" },
    "log-level": { type: "string" },
  },
  async run(invocation, ctx) {
    if (invocation.positionals.length) {
      throw new UsageError(`unexpected argument "${invocation.positionals[0]}"`);
    }
    const pass = (flag: string) => {
      const value = stringFlag(invocation, flag);
      return value === undefined ? [] : [`--${flag}`, value];
    };
    const argv = [
      ...(booleanFlag(invocation, "http") ? ["--http"] : []),
      ...pass("host"),
      ...pass("port"),
      ...pass("log-level"),
      ...pass("strand"),
      ...pass("project"),
    ];
    const home = stringFlag(invocation, "home");
    // The project is detected from where the user (or the client) started helix.
    const env = {
      ...ctx.env,
      INIT_CWD: ctx.io.cwd,
      ...(home !== undefined ? { HELIX_HOME: home } : {}),
    };
    // Loaded on use: every other command (agent hooks above all) starts without the MCP SDK.
    const { serve } = await import("../../server/main.ts");
    return await serve(argv, env, exitCodeOf);
  },
};
