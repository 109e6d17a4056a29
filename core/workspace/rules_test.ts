/**
 * Rules files over a workspace: a shared project's conventions, which live in its team strand,
 * are exported into the project's CLAUDE.md beside the personal ones, and a shared project's
 * rules file is imported into the team strand, where every member's agents read it.
 */
import { equal, ok } from "node:assert/strict";
import { memoryFiles } from "../rules/_memory_files.ts";
import { homeWorkspace, registerTeams } from "./_workspace_testing.ts";

Deno.test("a shared project's team conventions are exported to its rules files, and its rules files imported into the team strand", async () => {
  const home = await Deno.makeTempDir({ prefix: "helix-ws-rules-" });
  await registerTeams(home, { acme: ["billing"] });
  const workspace = await homeWorkspace(home, "billing", { embedder: null });
  try {
    await workspace.write({
      content: "Money is stored as integer cents, never floats.",
      type: "convention",
    });
    equal(workspace.strands[1]!.engine.list({ scope: "all" }).items.length, 1, "in team acme");
    const [claude] = await workspace.planRulesExport({
      files: memoryFiles({ "CLAUDE.md": "# Billing\n" }),
      targets: ["claude"],
    });
    ok(claude?.after?.includes("Money is stored as integer cents"), claude?.after ?? "");
    equal(claude?.included, 1);

    const imported = await workspace.importRules(
      memoryFiles({ "AGENTS.md": "# Rules\n\n- Always run `make lint` before pushing.\n" }),
    );
    equal(imported.rules, 1);
    const team = workspace.strands[1]!.engine.list({ scope: "all" }).items.map((m) => m.content);
    ok(team.some((c) => c.includes("make lint")), team.join("\n"));
    equal(workspace.strands[0]!.engine.list({ scope: "all" }).items.length, 0, "none personal");
  } finally {
    workspace.close();
    await Deno.remove(home, { recursive: true });
  }
});
