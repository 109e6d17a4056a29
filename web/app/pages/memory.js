// One memory: its content and facts, provenance, validity, confidence and salience, edges,
// its own versions with a diff, and the corrections, each answered with an undo.
import { get, post } from "../api.js";
import { h, meter, num, page, when } from "../dom.js";
import { announce, refresh } from "../app.js";
import { diffView } from "./diff.js";
import { linksView, preloadRelations } from "./links.js";
import { confidencePlot, confidenceView, fadingPlot, fadingView } from "./salience.js";

async function act(path, body, message) {
  try {
    const result = await post(path, body);
    await refresh();
    announce(message, result.undo, () => refresh());
  } catch (error) {
    announce(`Cannot do that: ${error.message}`);
  }
}

function facts(m, data) {
  return h(
    "dl",
    { className: "facts-grid" },
    h("dt", {}, "Type"),
    h("dd", {}, `${m.type} (${m.cognitive})`),
    h("dt", {}, "Scope"),
    h("dd", {}, m.scope),
    h("dt", {}, "Status"),
    h("dd", {}, h("span", { className: `badge ${m.status}` }, m.status)),
    h("dt", {}, "Tags"),
    h("dd", {}, m.tags.length ? m.tags.join(", ") : "—"),
    h("dt", {}, "Confidence"),
    h("dd", {}, meter("confidence", m.confidence)),
    h("dt", {}, "Importance"),
    h("dd", {}, meter("importance", m.importance, 10)),
    h("dt", {}, "Decay now"),
    h(
      "dd",
      {},
      meter("decay", data.decay),
      m.halfLifeDays === null ? " (does not decay)" : ` (half-life ${num(m.halfLifeDays, 1)} days)`,
    ),
    h("dt", {}, "Valid"),
    h("dd", {}, `${when(m.validFrom)} → ${m.validTo ? when(m.validTo) : "still true"}`),
    h("dt", {}, "Event"),
    h(
      "dd",
      {},
      m.eventAt
        ? `${when(m.eventAt)}${m.eventEnd ? ` → ${when(m.eventEnd)}` : ""}${
          m.eventPhrase ? ` (“${m.eventPhrase}”)` : ""
        }`
        : "—",
    ),
    h("dt", {}, "Recorded"),
    h("dd", {}, `${when(m.recordedAt)}; updated ${when(m.updatedAt)}`),
    h("dt", {}, "Used"),
    h("dd", {}, `${m.accessCount}× reinforced, last ${when(m.lastAccessAt)}`),
  );
}

function provenanceView(list) {
  return h(
    "ol",
    { className: "provenance" },
    list.map((p) =>
      h(
        "li",
        {},
        h("strong", {}, p.origin),
        ` by ${p.agent ?? "unknown agent"}`,
        p.extractor ? ` · extractor ${p.extractor}` : "",
        p.model ? ` · model ${p.model}` : "",
        p.ref ? h("span", {}, " · from ", h("code", {}, p.ref)) : "",
        ` · ${when(p.at)}`,
      )
    ),
  );
}

function editForm(m) {
  const form = h(
    "form",
    {
      className: "edit",
      hidden: true,
      onsubmit: (event) => {
        event.preventDefault();
        const data = new FormData(form);
        const body = {};
        const content = String(data.get("content"));
        if (content !== m.content) body.content = content;
        const importance = Number(data.get("importance"));
        if (importance !== m.importance) body.importance = importance;
        const confidence = Number(data.get("confidence"));
        if (confidence !== m.confidence) body.confidence = confidence;
        const tags = String(data.get("tags")).split(",").map((t) => t.trim()).filter(Boolean);
        if (tags.join(",") !== m.tags.join(",")) body.tags = tags;
        if (Object.keys(body).length === 0) return announce("Nothing changed.");
        act(`memories/${encodeURIComponent(m.id)}`, body, `Saved ${m.id}.`);
      },
    },
    h("label", { htmlFor: "edit-content" }, "Content"),
    h("textarea", {
      id: "edit-content",
      name: "content",
      rows: 6,
      value: m.content,
      spellcheck: true,
    }),
    h(
      "div",
      { className: "row" },
      h(
        "span",
        { className: "field" },
        h("label", { htmlFor: "edit-importance" }, "Importance (1–10)"),
        h("input", {
          id: "edit-importance",
          name: "importance",
          type: "number",
          min: 1,
          max: 10,
          value: m.importance,
        }),
      ),
      h(
        "span",
        { className: "field" },
        h("label", { htmlFor: "edit-confidence" }, "Confidence (0–1)"),
        h("input", {
          id: "edit-confidence",
          name: "confidence",
          type: "number",
          min: 0,
          max: 1,
          value: m.confidence,
          step: "0.01",
        }),
      ),
      h(
        "span",
        { className: "field grow" },
        h("label", { htmlFor: "edit-tags" }, "Tags (comma separated)"),
        h("input", { id: "edit-tags", name: "tags", type: "text", value: m.tags.join(", ") }),
      ),
    ),
    h("button", { type: "submit" }, "Save"),
  );
  return form;
}

function actions(m, form) {
  const id = encodeURIComponent(m.id);
  const button = (label, onclick, className = "") =>
    h("button", { type: "button", className, onclick }, label);
  const list = [button("Edit", () => {
    form.hidden = !form.hidden;
    if (!form.hidden) form.querySelector("textarea").focus();
  })];
  if (m.status === "quarantined") {
    list.push(
      button(
        "Confirm",
        () =>
          act(`memories/${id}`, { status: "active" }, `Confirmed ${m.id}: recall shows it now.`),
        "primary",
      ),
      button("Discard", () => act(`memories/${id}/forget`, {}, `Discarded ${m.id}.`), "danger"),
    );
  } else if (m.status === "active") {
    list.push(
      button("Forget", () => act(`memories/${id}/forget`, {}, `Forgot ${m.id}.`), "danger"),
    );
  } else {
    list.push(
      button(
        "Restore",
        () => act(`memories/${id}`, { status: "active" }, `Restored ${m.id}.`),
        "primary",
      ),
    );
  }
  return h(
    "div",
    { className: "actions", role: "group", "aria-label": "Correct this memory" },
    list,
  );
}

function versionsView(versions) {
  if (versions.length === 0) return h("p", {}, "No versions.");
  if (versions.length === 1) return h("p", {}, "One version: unchanged since it was written.");
  const options = (selected) =>
    versions.map((v, i) =>
      h(
        "option",
        { value: String(i), selected: i === selected },
        `v${i + 1} · ${when(v.at)} · ${v.kind}`,
      )
    );
  const from = h("select", { id: "diff-from" }, options(Math.max(0, versions.length - 2)));
  const to = h("select", { id: "diff-to" }, options(versions.length - 1));
  const out = h("div", { className: "diff-out", "aria-live": "polite" });
  const draw = () => {
    out.replaceChildren(diffView(versions[Number(from.value)], versions[Number(to.value)]));
  };
  from.addEventListener("change", draw);
  to.addEventListener("change", draw);
  draw();
  return h(
    "div",
    {},
    h(
      "div",
      { className: "row" },
      h("span", { className: "field" }, h("label", { htmlFor: "diff-from" }, "Compare"), from),
      h("span", { className: "field" }, h("label", { htmlFor: "diff-to" }, "with"), to),
    ),
    out,
  );
}

function historyView(entries) {
  return h(
    "table",
    { className: "list" },
    h("caption", {}, "Ops that touched this memory, newest first"),
    h(
      "thead",
      {},
      h("tr", {}, ["When", "Op", "What", "Change"].map((t) => h("th", { scope: "col" }, t))),
    ),
    h(
      "tbody",
      {},
      entries.map((e) =>
        h(
          "tr",
          {},
          h("td", {}, when(e.at)),
          h("td", {}, e.kind),
          h("td", { className: "content" }, e.summary),
          h("td", {}, h("code", {}, e.changeId.slice(0, 12))),
        )
      ),
    ),
  );
}

/** The memory page. */
export async function memoryPage({ arg }) {
  preloadRelations();
  const data = await get(`memories/${encodeURIComponent(arg)}`);
  const m = data.memory;
  const form = editForm(m);
  const links = await linksView(m, data.edges);
  return page([
    h("h1", {}, "Memory ", h("code", {}, m.id)),
    m.status === "quarantined"
      ? h(
        "p",
        { className: "note" },
        "Quarantined: held back from recall until a person confirms it (the poisoning guard, or whoever wrote it, was not sure). Confirm it if it is true, discard it if not.",
      )
      : null,
    h("pre", { className: "memory-content" }, m.content),
    actions(m, form),
    form,
    h("h2", {}, "Facts"),
    facts(m, data),
    h(
      "div",
      { className: "columns plots" },
      h("div", {}, h("h2", {}, "Salience"), fadingPlot(data.fading), fadingView(data.fading)),
      h(
        "div",
        {},
        h("h2", {}, "Confidence"),
        confidencePlot(data.versions, m.confidence, data.now),
        confidenceView(data.versions),
      ),
    ),
    h("h2", {}, "Provenance"),
    provenanceView(m.provenance),
    h("h2", {}, "Links"),
    links,
    h("h2", {}, "Versions"),
    versionsView(data.versions),
    h("h2", {}, "History"),
    historyView(data.history),
  ]);
}
