/**
 * Rules files over MCP: `helix://rules/{target}` is what `helix rules export` writes into that
 * tool's file for the session's project (Helix's part: the managed block, or the generated
 * Cursor and Windsurf files), so an agent or client without the CLI can read the project's
 * conventions, procedures and decisions in the shape its rules file takes. The server reads no
 * project file: rules imported from the tool's own format are left out, as export leaves them
 * out, and nothing is written.
 *
 * @module
 */
import { McpError, type McpServer, ResourceTemplate } from "./_sdk.ts";
import { RULE_TARGET_FILES, RULE_TARGETS, type RulesFiles, type RuleTarget } from "@helix/core";
import type { Session } from "./session.ts";

/** JSON-RPC code the MCP spec gives "resource not found". */
const RESOURCE_NOT_FOUND = -32002;

/** No project files: the export is rendered from memory alone. */
const NO_FILES: RulesFiles = {
  read: () => Promise.resolve(null),
  list: () => Promise.resolve([]),
};

const RULES = {
  title: "Rules file (Helix's part)",
  description: "What `helix rules export` writes into one tool's rules file for this project: " +
    "its conventions, procedures and decisions, most important first, within the tool's size limit.",
  mimeType: "text/markdown",
};

/** Registers `helix://rules/{target}`, listing one resource per tool. */
export function registerRulesResources(server: McpServer, session: Session): void {
  const template = new ResourceTemplate("helix://rules/{target}", {
    list: () => ({
      resources: RULE_TARGETS.map((target) => ({
        uri: `helix://rules/${target}`,
        name: `rules-${target}`,
        title: `Helix's part of ${RULE_TARGET_FILES[target].path}`,
        mimeType: "text/markdown",
      })),
    }),
  });
  server.registerResource("rules", template, RULES, async (uri, variables) => {
    const target = decodeURIComponent(String(variables.target ?? ""));
    if (!(RULE_TARGETS as readonly string[]).includes(target)) {
      throw new McpError(
        RESOURCE_NOT_FOUND,
        `Resource ${uri.href} not found: rules targets are ${RULE_TARGETS.join(", ")}`,
      );
    }
    const [change] = await session.engine.planRulesExport({
      files: NO_FILES,
      targets: [target as RuleTarget],
    });
    return {
      contents: [{ uri: uri.href, mimeType: "text/markdown", text: change?.after ?? "" }],
    };
  });
}
