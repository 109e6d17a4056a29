// How a memory fades: salience (importance × decay) over the coming year if nobody uses it,
// as a small plot and the table it draws; its confidence over time across versions, likewise.
import { h, meter, num, when } from "../dom.js";
import { linePlot } from "./plot.js";

/** A small line plot of salience over the coming year (a picture of the table beside it). */
export function fadingPlot(fading) {
  return linePlot(fading.map((p) => ({ x: p.days, y: p.salience })), {
    yMax: 10,
    label: `Salience over the next year if unused: from ${num(fading[0].salience, 2)} to ${
      num(fading[fading.length - 1].salience, 2)
    } of 10`,
  });
}

/**
 * Confidence over time: each version's confidence from the moment it was written, held until
 * the next, drawn up to now (`nowIso`). The table below lists the same values.
 */
export function confidencePlot(versions, current, nowIso) {
  const points = versions
    .filter((v) => typeof v.fields.confidence === "number")
    .map((v) => ({ x: Date.parse(v.at), y: v.fields.confidence }));
  if (points.length === 0) points.push({ x: Date.parse(nowIso) - 1, y: current });
  const now = Date.parse(nowIso);
  const end = Math.max(now, points[points.length - 1].x + 1);
  points.push({ x: end, y: points[points.length - 1].y });
  const values = points.slice(0, -1).map((p) => num(p.y, 2));
  return linePlot(points, {
    yMax: 1,
    step: true,
    openEnd: true,
    className: "confidence",
    label: values.length > 1
      ? `Confidence over time: ${values.join(", then ")} (now ${num(current, 2)})`
      : `Confidence over time: ${values[0]} since it was written`,
  });
}

/** The confidence of each version, oldest first, as a table (the plot's text). */
export function confidenceView(versions) {
  const rows = versions.filter((v) => typeof v.fields.confidence === "number");
  return h(
    "table",
    { className: "confidence-table" },
    h("caption", {}, "Confidence by version"),
    h(
      "thead",
      {},
      h("tr", {}, h("th", { scope: "col" }, "From"), h("th", { scope: "col" }, "Confidence")),
    ),
    h(
      "tbody",
      {},
      rows.map((v, i) =>
        h(
          "tr",
          {},
          h("td", {}, `v${i + 1} · ${when(v.at)}`),
          h("td", {}, meter(`confidence from version ${i + 1}`, v.fields.confidence)),
        )
      ),
    ),
  );
}

export function fadingView(fading) {
  return h(
    "table",
    { className: "fading" },
    h("caption", {}, "Salience if unused (importance × decay)"),
    h(
      "thead",
      {},
      h("tr", {}, h("th", { scope: "col" }, "In"), h("th", { scope: "col" }, "Salience")),
    ),
    h(
      "tbody",
      {},
      fading.map((p) =>
        h(
          "tr",
          {},
          h("td", {}, p.days === 0 ? "now" : `${p.days} days`),
          h("td", {}, meter(`salience in ${p.days} days`, p.salience, 10)),
        )
      ),
    ),
  );
}
