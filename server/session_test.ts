import { deepEqual, equal } from "node:assert/strict";
import { join } from "node:path";
import { openEngine } from "@helix/core";
import { silentLogger } from "./log.ts";
import { agentSource, createSession, type SessionOptions } from "./session.ts";

/** A project detector whose answers the test releases by hand, in any order. */
function heldDetector() {
  const pending = new Map<string, (project: string | null) => void>();
  const asked: string[] = [];
  const detect: NonNullable<SessionOptions["detect"]> = (dir) => {
    asked.push(dir);
    return new Promise((resolve) => pending.set(dir, resolve));
  };
  const answer = (dir: string, project: string | null) => pending.get(dir)!(project);
  return { detect, asked, answer };
}

Deno.test("createSession() adoptRoots: when calls overlap, the latest roots decide", async () => {
  const dir = await Deno.makeTempDir({ prefix: "helix-session-" });
  const engine = openEngine({ path: join(dir, "s.db") });
  try {
    const held = heldDetector();
    const session = createSession({
      engine,
      id: "s1",
      projectOverride: null,
      cwdProject: "project:cwd",
      log: silentLogger,
      now: () => 0,
      detect: held.detect,
    });
    const older = session.adoptRoots(["file:///work/old%20repo"]);
    const newer = session.adoptRoots(["file:///work/new"]);
    deepEqual(held.asked, ["/work/old repo", "/work/new"], "file URLs become paths");
    held.answer("/work/new", "project:new");
    await newer;
    held.answer("/work/old repo", "project:old");
    await older;
    equal(session.project, "project:new", "the older call finishing last does not win");
    equal(session.projectSource, "roots");
  } finally {
    engine.close();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("agentSource() marks agent writes and defaults ref to the session scope", () => {
  deepEqual(agentSource({ scope: "session:s1" }), {
    origin: "agent-ingested",
    ref: "session:s1",
  });
  deepEqual(agentSource({ scope: "session:s1" }, { agent: "claude-code", ref: "PR #42" }), {
    origin: "agent-ingested",
    agent: "claude-code",
    ref: "PR #42",
  });
});
