// How a memory fades: salience (importance × decay) over the coming year if nobody uses it,
// as a small plot and the table it draws, and its confidence across versions.
import { h, meter, num } from "../dom.js";

const SVG = "http://www.w3.org/2000/svg";

/** A small line plot of salience over the coming year (a picture of the table beside it). */
export function fadingPlot(fading) {
  const width = 240;
  const height = 64;
  const last = fading[fading.length - 1].days || 1;
  const point = (p) =>
    `${((p.days / last) * (width - 8) + 4).toFixed(1)},${
      (height - 4 - (p.salience / 10) * (height - 8)).toFixed(1)
    }`;
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  svg.setAttribute("class", "plot");
  svg.setAttribute("role", "img");
  svg.setAttribute(
    "aria-label",
    `Salience over the next year if unused: from ${num(fading[0].salience, 2)} to ${
      num(fading[fading.length - 1].salience, 2)
    } of 10`,
  );
  const axis = document.createElementNS(SVG, "polyline");
  axis.setAttribute("points", `4,4 4,${height - 4} ${width - 4},${height - 4}`);
  axis.setAttribute("class", "axis");
  const line = document.createElementNS(SVG, "polyline");
  line.setAttribute("points", fading.map(point).join(" "));
  line.setAttribute("class", "line");
  svg.append(axis, line);
  return svg;
}

export function fadingView(fading, confidence) {
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
    confidence.length > 1
      ? h(
        "tfoot",
        {},
        h(
          "tr",
          {},
          h("td", { "aria-hidden": "true" }),
          h("td", {}, `Confidence over versions: ${confidence.map((c) => num(c, 2)).join(" → ")}`),
        ),
      )
      : null,
  );
}
