// Search with why: the query, the filters, and each hit with its explanation on demand.
import { get } from "../api.js";
import { excerpt, h, link, meter, page, route } from "../dom.js";
import { go } from "../app.js";
import { explanationView } from "./explain.js";
import { filterFields, formParams } from "./filters.js";

/** A hit's list item: its content, facts, and a toggle for the explanation. */
function hitView(hit, index) {
  const m = hit.memory;
  const whyId = `why-${index}`;
  const why = h("div", { id: whyId, className: "why-box", hidden: true });
  const toggle = h("button", {
    type: "button",
    className: "why-toggle",
    "aria-expanded": "false",
    "aria-controls": whyId,
    onclick: () => {
      const open = toggle.getAttribute("aria-expanded") === "true";
      toggle.setAttribute("aria-expanded", String(!open));
      why.hidden = open;
      if (!open && why.childElementCount === 0) why.append(explanationView(hit));
    },
  }, "Why?");
  return h(
    "li",
    { className: "hit" },
    h("p", { className: "content" }, excerpt(m.content, 400)),
    h(
      "p",
      { className: "facts" },
      link(`memory/${m.id}`, null, m.id),
      ` · ${m.type} · ${m.scope} · ${m.status}${teamLabel(hit)} · score `,
      meter("score", hit.score),
      " ",
      toggle,
    ),
    why,
  );
}

/** ` · team:acme · bo` for a team strand's memory (who wrote it), nothing for your own. */
function teamLabel(hit) {
  if (!hit.strand || hit.strand === "personal") return "";
  return ` · ${hit.strand}${hit.member ? ` · ${hit.member}` : ""}`;
}

/** The search page. */
export async function searchPage({ params }) {
  const q = params.get("q") ?? "";
  // Asked at once, drawn below: the filters' vocabulary and the hits load side by side.
  const searching = q.trim() === "" ? null : get("search", Object.fromEntries(params));
  const form = h(
    "form",
    {
      className: "filters",
      role: "search",
      onsubmit: (event) => {
        event.preventDefault();
        go(route("search", formParams(form)));
      },
    },
    h(
      "span",
      { className: "field grow" },
      h("label", { htmlFor: "q" }, "Search memory"),
      h("input", {
        id: "q",
        name: "q",
        type: "search",
        value: q,
        autocomplete: "off",
        placeholder: "What do you want to recall?",
      }),
    ),
    await filterFields(params, { asOf: true }),
    h("button", { type: "submit" }, "Search"),
  );
  const parts = [h("h1", {}, "Search"), form];
  if (q.trim() !== "") {
    const result = await searching;
    const channels = result.channels
      ? Object.entries(result.channels).map(([name, state]) => `${name}: ${state}`).join(" · ")
      : "";
    parts.push(
      h(
        "p",
        { className: "summary" },
        `${result.hits.length} ${result.hits.length === 1 ? "hit" : "hits"}`,
        channels ? ` (${channels})` : "",
      ),
      result.hits.length
        ? h("ol", { className: "hits" }, result.hits.map(hitView))
        : h("p", {}, "Nothing found. Try other words, another scope, or status “any”."),
    );
  }
  return page(parts);
}
