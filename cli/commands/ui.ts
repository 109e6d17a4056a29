/**
 * `helix ui`: serves the browser dashboard on 127.0.0.1 and prints its one-time URL
 * (docs/ui.md).
 *
 * @module
 */
import { booleanFlag, type Command, integerFlag, UsageError } from "../command.ts";

/** The command that opens `url` in the default browser on this OS. */
function opener(url: string): { command: string; args: string[] } {
  switch (Deno.build.os) {
    case "darwin":
      return { command: "open", args: [url] };
    case "windows":
      return { command: "cmd", args: ["/c", "start", "", url] };
    default:
      return { command: "xdg-open", args: [url] };
  }
}

export const ui: Command = {
  name: "ui",
  summary: "See, question and correct your memory in a browser (local dashboard)",
  usage: "helix ui [--port <port>] [--no-open]",
  details: `Serves a local web app on 127.0.0.1 and opens it in your browser: search with why
each memory was recalled, browse, read a memory's history, and edit, forget, restore, confirm
or discard it, each with a one-click undo. The printed URL carries a one-time token: the first
page load trades it for a session cookie, so copy it into one browser only. Runs until Ctrl-C.

  --port <port>   port to listen on (default: a free one)
  --no-open       print the URL without opening a browser`,
  options: { port: { type: "string" }, "no-open": { type: "boolean" } },
  async run(invocation, ctx) {
    if (invocation.positionals.length) {
      throw new UsageError(`unexpected argument "${invocation.positionals[0]}"`);
    }
    const port = integerFlag(invocation, "port", 0, 0, 65_535);
    // The workspace: team strands' memories are searched, browsed and edited beside yours.
    const engine = await ctx.workspace();
    // Loaded on use: every other command starts without the dashboard's server.
    const { serveUi } = await import("../../web/server/serve.ts");
    const server = serveUi({
      engine,
      port,
      onError: (error) => ctx.note(`helix ui: ${error instanceof Error ? error.stack : error}`),
    });
    if (ctx.flags.json) ctx.printJson({ url: server.url });
    else ctx.print(`Helix UI: ${server.url}\n${ctx.out.dim("(one-time link; Ctrl-C stops)")}`);
    if (!booleanFlag(invocation, "no-open")) {
      const { command, args } = opener(server.url);
      try {
        const child = new Deno.Command(command, { args, stdout: "null", stderr: "null" }).spawn();
        void child.status.catch(() => {});
      } catch {
        ctx.note("Could not open a browser: open the URL above.");
      }
    }
    const stop = () => void server.close();
    Deno.addSignalListener("SIGINT", stop);
    try {
      await server.finished;
    } finally {
      Deno.removeSignalListener("SIGINT", stop);
    }
  },
};
