import { deepEqual, equal, match } from "node:assert/strict";
import { instructionsFor } from "./instructions.ts";

Deno.test("instructionsFor() names the client and the ones Helix can set up", () => {
  const text = instructionsFor("Zed", { command: "helix", args: ["mcp"] });
  match(
    text,
    /^Helix cannot set up "Zed" by itself \(it can: claude, cursor, vscode, windsurf, codex, gemini, copilot\)\./,
  );
  equal(text.endsWith("\n  helix mcp\n"), true);
});

Deno.test("instructionsFor() gives an mcpServers snippet that parses", () => {
  const server = {
    name: "memory",
    command: "deno",
    args: ["run", "-A", "/opt/helix/server/main.ts"],
    env: { HELIX_HOME: "/data" },
  };
  const text = instructionsFor("zed", server);
  const snippet = text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1);
  deepEqual(JSON.parse(snippet), {
    mcpServers: {
      memory: {
        command: "deno",
        args: ["run", "-A", "/opt/helix/server/main.ts"],
        env: { HELIX_HOME: "/data" },
      },
    },
  });
  match(text, /\[mcp_servers\.memory\] table/);
  match(text, /^ {2}deno run -A \/opt\/helix\/server\/main\.ts$/m);
  match(text, /with these environment variables:\n\n {2}HELIX_HOME=\/data\n$/);
});

Deno.test("instructionsFor() quotes shell words that need it", () => {
  const text = instructionsFor("x", {
    command: "/Applications/My Tools/helix",
    args: ["it's", "mcp"],
  });
  match(text, /^ {2}'\/Applications\/My Tools\/helix' 'it'\\''s' mcp$/m);
});
