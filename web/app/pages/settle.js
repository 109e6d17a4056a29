// Settle a contradiction side by side: the two memories that disagree, and what to keep.
// Keeping one marks the other superseded; forgetting one leaves the other; either way the
// flag closes, and the status line offers the undo.
import { get, post } from "../api.js";
import { h, link, meter, page, when } from "../dom.js";
import { announce, refresh } from "../app.js";

function side(title, m, other) {
  const act = async (path, body, message) => {
    try {
      const result = await post(path, body);
      await refresh();
      announce(message, result.undo, () => refresh());
    } catch (error) {
      announce(`Cannot do that: ${error.message}`);
    }
  };
  const source = m.provenance[m.provenance.length - 1];
  return h(
    "article",
    { className: "side", "aria-label": title },
    h("h2", {}, title),
    h("pre", { className: "memory-content" }, m.content),
    h(
      "dl",
      { className: "facts-grid" },
      h("dt", {}, "Memory"),
      h("dd", {}, link(`memory/${m.id}`, null, m.id)),
      h("dt", {}, "Recorded"),
      h("dd", {}, when(m.recordedAt)),
      h("dt", {}, "Source"),
      h(
        "dd",
        {},
        source
          ? `${source.origin} by ${source.agent ?? "unknown"}${
            source.ref ? ` (${source.ref})` : ""
          }`
          : "—",
      ),
      h("dt", {}, "Confidence"),
      h("dd", {}, meter("confidence", m.confidence)),
    ),
    h(
      "div",
      { className: "actions" },
      h("button", {
        type: "button",
        className: "primary",
        onclick: () =>
          act(
            `memories/${encodeURIComponent(other.id)}`,
            { status: "superseded" },
            `Kept ${m.id}; ${other.id} is superseded.`,
          ),
      }, `Keep ${title.toLowerCase()}`),
      h("button", {
        type: "button",
        className: "danger",
        onclick: () => act(`memories/${encodeURIComponent(m.id)}/forget`, {}, `Forgot ${m.id}.`),
      }, `Forget ${title.toLowerCase()}`),
    ),
  );
}

/** The settle page: `#/settle?edge=<contradicts edge id>`, or the list of open flags. */
export async function settlePage({ params }) {
  const { flags } = await get("flags");
  const edge = params.get("edge");
  const flag = flags.find((f) => f.edge.id === edge);
  if (!flag) {
    return page([
      h("h1", {}, "Contradictions"),
      flags.length
        ? h(
          "ul",
          {},
          flags.map((f) =>
            h(
              "li",
              {},
              link(
                "settle",
                { edge: f.edge.id },
                `${f.attribute ?? "Two memories"} disagree: ${f.newer.id} vs ${f.older.id}`,
              ),
            )
          ),
        )
        : h("p", {}, edge ? "This contradiction is settled." : "No contradiction is open."),
    ]);
  }
  return page([
    h("h1", {}, flag.attribute ? `They disagree on ${flag.attribute}` : "These memories disagree"),
    flag.values
      ? h("p", {}, `Newer says “${flag.values[0]}”; older says “${flag.values[1]}”.`)
      : null,
    h(
      "div",
      { className: "columns" },
      side("Newer", flag.newer, flag.older),
      side("Older", flag.older, flag.newer),
    ),
  ]);
}
