/**
 * Resources: the strand manifest, one memory by id (with its edges, history and open merge
 * conflicts), and the graph in bounded pages — never the whole strand in one read.
 *
 * @module
 */
import { type McpServer, ResourceTemplate } from "./_sdk.ts";
import { McpError } from "./_sdk.ts";
import { isHelixError } from "@helix/core";
import type { Session } from "./session.ts";
import { edgeOut, memoryOut } from "./shapes.ts";

/** JSON-RPC code the MCP spec gives "resource not found". */
const RESOURCE_NOT_FOUND = -32002;
/** Edges per graph page. */
const GRAPH_PAGE = 100;

const MANIFEST = {
  title: "Strand manifest",
  description:
    "Which strand this server serves: ids, schema, embedding model, counts, and this session's scopes.",
  mimeType: "application/json",
};
const MEMORY_TEMPLATE = new ResourceTemplate("helix://memory/{id}", { list: undefined });
const MEMORY = {
  title: "A memory",
  description:
    "One memory by id: content, validity, provenance, its edges, its change history, and any open " +
    "merge conflict (edits from two devices that a person has to settle).",
  mimeType: "application/json",
};
const GRAPH = {
  title: "Memory graph (first page)",
  description:
    `The links between this project's memories, ${GRAPH_PAGE} edges per page with the memories they join ` +
    "(content shortened). Follow `next` for more.",
  mimeType: "application/json",
};
const GRAPH_PAGE_TEMPLATE = new ResourceTemplate("helix://graph/page/{cursor}", {
  list: undefined,
});
const GRAPH_LATER_PAGE = { title: "Memory graph (a later page)", mimeType: "application/json" };

function json(uri: URL, value: unknown) {
  return {
    contents: [{
      uri: uri.href,
      mimeType: "application/json",
      text: JSON.stringify(value, null, 2),
    }],
  };
}

/** Registers the resources. */
export function registerResources(
  server: McpServer,
  session: Session,
  serverVersion: string,
): void {
  server.registerResource("strand-manifest", "helix://strand/manifest", MANIFEST, (uri) => {
    const stats = session.engine.stats();
    return json(uri, {
      server: { name: "helix", version: serverVersion },
      strand: {
        id: stats.strandId,
        schema_version: stats.schemaVersion,
        embedding: stats.embedding,
        memories: stats.memories,
        by_type: stats.byType,
        by_status: stats.byStatus,
        edges: stats.edges,
        ops: stats.ops,
        vectors: stats.vectors,
        missing_vectors: stats.missingVectors,
        last_op_at: stats.lastOpAt,
      },
      session: {
        scope: session.scope,
        project: session.project,
        project_source: session.projectSource,
      },
    });
  });

  server.registerResource(
    "memory",
    MEMORY_TEMPLATE,
    MEMORY,
    (uri, variables) => {
      const id = String(variables.id ?? "");
      try {
        const memory = session.engine.get(decodeURIComponent(id));
        return json(uri, {
          memory: memoryOut(memory),
          edges: session.engine.edgesOf(memory.id).map(edgeOut),
          history: session.engine.history({ id: memory.id, limit: 50 }).map((h) => ({
            at: h.at,
            kind: h.kind,
            summary: h.summary,
            change_id: h.changeId,
          })),
          open_conflicts: session.engine.conflicts()
            .filter((c) => c.memory === memory.id || (c.kind === "fact" && c.field === memory.id))
            .map((c) => ({
              kind: c.kind,
              // text: the content holds a <<<<<<< block; fact: two successors of one memory
              ...(c.kind === "fact"
                ? { with: c.memory === memory.id ? c.field : c.memory, superseded: c.other[0] }
                : { field: c.field }),
              change_id: c.op,
            })),
        });
      } catch (error) {
        if (isHelixError(error, "not_found") || isHelixError(error, "invalid_input")) {
          throw new McpError(
            RESOURCE_NOT_FOUND,
            `Resource ${uri.href} not found: no memory has id "${id}"`,
          );
        }
        throw error;
      }
    },
  );

  const graphPage = (uri: URL, cursor?: string) => {
    const page = session.engine.graph({ limit: GRAPH_PAGE, ...(cursor ? { cursor } : {}) });
    return json(uri, {
      nodes: page.nodes,
      edges: page.edges.map(edgeOut),
      next: page.nextCursor ? `helix://graph/page/${encodeURIComponent(page.nextCursor)}` : null,
    });
  };
  server.registerResource("graph", "helix://graph", GRAPH, (uri) => graphPage(uri));
  server.registerResource(
    "graph-page",
    GRAPH_PAGE_TEMPLATE,
    GRAPH_LATER_PAGE,
    (uri, variables) => graphPage(uri, decodeURIComponent(String(variables.cursor ?? ""))),
  );
}
