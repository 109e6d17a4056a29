// Why a memory was recalled, drawn: each channel with its rank and raw signal, the fused
// score, the decay, the three ranking factors as meters, the multipliers, and the graph path.
import { h, link, meter, num, when } from "../dom.js";

const CHANNELS = {
  vector: "Meaning (vector similarity)",
  bm25: "Words (BM25)",
  exact: "Exact identifiers",
  graph: "Graph (linked memories)",
};

/** The explanation of one hit, as a definition list and a small table. */
export function explanationView(hit) {
  const e = hit.explanation;
  const rows = Object.entries(CHANNELS).map(([name, label]) => {
    const trace = e.channels[name];
    return h(
      "tr",
      { className: trace ? "" : "absent" },
      h("th", { scope: "row" }, label),
      h("td", {}, trace ? `#${trace.rank}` : "—"),
      h("td", {}, trace ? num(trace.value, 4) : "not found here"),
    );
  });
  const f = e.factors;
  return h(
    "div",
    { className: "why" },
    h(
      "table",
      { className: "channels" },
      h("caption", {}, "Channels that found it"),
      h(
        "thead",
        {},
        h(
          "tr",
          {},
          h("th", { scope: "col" }, "Channel"),
          h("th", { scope: "col" }, "Rank"),
          h("th", { scope: "col" }, "Signal"),
        ),
      ),
      h("tbody", {}, rows),
    ),
    e.matchedTokens?.length
      ? h("p", {}, "Matched identifiers: ", e.matchedTokens.map((t) => h("code", {}, t)))
      : null,
    e.archivedFallback
      ? h(
        "p",
        { className: "note" },
        "Archived, shown because no visible memory carries the identifier.",
      )
      : null,
    h(
      "dl",
      { className: "factors" },
      h("dt", {}, "Fused score (reciprocal rank)"),
      h("dd", {}, num(e.fused, 5)),
      h("dt", {}, "Relevance"),
      h("dd", {}, meter("relevance", f.normalized.relevance)),
      h("dt", {}, "Recency (decay)"),
      h(
        "dd",
        {},
        meter("decay", e.decay),
        ` last used ${
          when(e.reinforcement.lastAccessAt)
        }, ${e.reinforcement.accessCount}× reinforced`,
      ),
      h("dt", {}, "Importance"),
      h("dd", {}, meter("importance", f.normalized.importance), ` ${f.importance}/10`),
      h("dt", {}, "Salience × status"),
      h("dd", {}, `${num(e.salienceFactor)} × ${num(e.statusFactor)}`),
      h("dt", {}, "Final score"),
      h("dd", {}, meter("score", hit.score)),
    ),
    e.graphPath ? graphPath(e.graphPath) : null,
  );
}

function graphPath(path) {
  const parts = [];
  path.nodes.forEach((node, i) => {
    if (i > 0) {
      parts.push(h("span", { className: "relation" }, ` —${path.relations[i - 1] ?? "?"}→ `));
    }
    parts.push(link(`memory/${node}`, null, node));
  });
  return h("p", { className: "graph-path" }, h("strong", {}, "Graph path: "), parts);
}
