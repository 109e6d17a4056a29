/**
 * Resources: the strand manifest, one memory by id (with its edges, history and open merge
 * conflicts), and the graph in bounded pages — never the whole strand in one read. A memory
 * withheld from agents (quarantined, forgotten) is not served, nor named as a neighbour.
 *
 * @module
 */
import { type McpServer, ResourceTemplate } from "./_sdk.ts";
import { McpError } from "./_sdk.ts";
import { type Engine, isHelixError, isWithheld, type SyncStatus } from "@helix/core";
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

/**
 * Whether a memory linked to the one a resource shows may be named there: not when it is
 * withheld from agents (quarantined, forgotten) or gone. Answers are cached per read.
 */
function shownById(engine: Engine): (id: string) => boolean {
  const known = new Map<string, boolean>();
  return (id) => {
    let shown = known.get(id);
    if (shown === undefined) {
      try {
        shown = !isWithheld(engine.get(id).status);
      } catch (error) {
        if (!isHelixError(error, "not_found")) throw error;
        shown = false;
      }
      known.set(id, shown);
    }
    return shown;
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
      sync: syncManifest(session.engine.syncStatus()),
      // Each team strand's sync, so an alarm there (a fork, a tampered delta) is seen too.
      teams: session.engine.strands.filter((s) => s.team !== null).map((s) => ({
        team: s.team,
        ...syncManifest(s.engine.syncStatus()),
      })),
    });
  });

  server.registerResource(
    "memory",
    MEMORY_TEMPLATE,
    MEMORY,
    (uri, variables) => {
      const id = String(variables.id ?? "");
      const { engine } = session;
      try {
        const memory = engine.get(decodeURIComponent(id));
        if (isWithheld(memory.status)) {
          throw new McpError(
            RESOURCE_NOT_FOUND,
            `Resource ${uri.href} not found: memory "${id}" is ${memory.status}`,
          );
        }
        const shown = shownById(engine);
        const other = (a: string, b: string) => (a === memory.id ? b : a);
        return json(uri, {
          memory: memoryOut(memory),
          edges: engine.edgesOf(memory.id).filter((e) => shown(other(e.from, e.to))).map(edgeOut),
          history: engine.history({ id: memory.id, limit: 50 })
            .filter((h) =>
              !("from" in h.payload && "to" in h.payload) ||
              shown(other(h.payload.from, h.payload.to))
            )
            .map((h) => ({ at: h.at, kind: h.kind, summary: h.summary, change_id: h.changeId })),
          open_conflicts: engine.conflicts()
            .filter((c) => c.memory === memory.id || (c.kind === "fact" && c.field === memory.id))
            .filter((c) => c.kind !== "fact" || shown(other(c.memory, c.field)))
            .map((c) => ({
              kind: c.kind,
              // text: the content holds a <<<<<<< block; fact: two successors of one memory
              ...(c.kind === "fact"
                ? { with: other(c.memory, c.field), superseded: c.other[0] }
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

/** What the manifest says of sync: whether the strand syncs and what waits or alarms. */
function syncManifest(status: SyncStatus): Record<string, unknown> {
  if (!status.synced) return { enabled: false };
  return {
    enabled: true,
    relay: status.relay,
    devices: status.devices?.length ?? null,
    last_push_at: status.pushedAt,
    last_pull_at: status.pulledAt,
    unpushed: status.unpushed,
    pending: status.pending,
    quarantined: status.quarantined,
    alarms: status.alarms.map((alarm) => alarm.kind),
  };
}
