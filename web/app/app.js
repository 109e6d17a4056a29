// The dashboard's entry: routes `#/<page>/<arg>?<params>` to a page module, keeps the nav
// current, and owns the status line where every correction offers its undo.
import { post, session } from "./api.js";
import { h, replace } from "./dom.js";
import { browsePage } from "./pages/browse.js";
import { healthPage } from "./pages/health.js";
import { historyPage } from "./pages/history.js";
import { memoryPage } from "./pages/memory.js";
import { resolvePage } from "./pages/resolve.js";
import { searchPage } from "./pages/search.js";
import { settlePage } from "./pages/settle.js";

const PAGES = {
  search: searchPage,
  browse: browsePage,
  memory: memoryPage,
  history: historyPage,
  health: healthPage,
  settle: settlePage,
  resolve: resolvePage,
};

/** The current route: page name, its argument and parameters. */
export function currentRoute() {
  const raw = location.hash.replace(/^#\/?/, "");
  const [path, query = ""] = raw.split("?", 2);
  const [page = "search", ...rest] = path.split("/").map(decodeURIComponent);
  return { page: page || "search", arg: rest.join("/"), params: new URLSearchParams(query) };
}

/** Goes to a route (a string from `route()`), replacing the entry when `replaceEntry`. */
export function go(hash, replaceEntry = false) {
  if (replaceEntry) history.replaceState(null, "", hash);
  else location.hash = hash;
  if (replaceEntry) render();
}

/**
 * Says what happened in the status line; with `undo` (an `{ id, change }` handle) offers the
 * one-click undo, whose own answer offers an undo again.
 */
export function announce(message, undo, after) {
  const status = document.getElementById("status");
  const children = [h("span", {}, message)];
  if (undo) {
    children.push(
      h("button", {
        type: "button",
        className: "undo",
        onclick: async () => {
          try {
            const result = await post("undo", undo);
            announce(undo.id ? `Undone on ${undo.id}.` : "Undone.", result.undo, after);
            after?.();
          } catch (error) {
            announce(`Cannot undo: ${error.message}`);
          }
        },
      }, "Undo"),
    );
  }
  replace(status, ...children);
}

let rendering = 0;
/** Set by `/` on a page without a search box: focus the box once the search page is drawn. */
let focusSearch = false;

/** Draws the current route again (after a change). */
export function refresh() {
  return render(true);
}

/** Draws the current route; a new route starts at the top, a refresh keeps the place. */
async function render(keepScroll = false) {
  const route = currentRoute();
  const page = PAGES[route.page] ?? searchPage;
  for (const a of document.querySelectorAll("nav a")) {
    if (a.dataset.page === route.page) a.setAttribute("aria-current", "page");
    else a.removeAttribute("aria-current");
  }
  const main = document.getElementById("main");
  main.removeAttribute("data-ready");
  const mine = ++rendering;
  try {
    const content = await page(route);
    if (mine !== rendering) return;
    replace(main, content);
    document.title = `Helix · ${route.page}`;
    if (!keepScroll) scrollTo(0, 0);
    main.dataset.ready = "true"; // drawn: what benchmarks and tests wait for
    if (focusSearch) {
      focusSearch = false;
      document.querySelector("input[type=search]")?.focus();
    }
  } catch (error) {
    if (mine !== rendering) return;
    replace(main, h("h1", {}, "Something went wrong"), h("p", { role: "alert" }, error.message));
  }
}

addEventListener("hashchange", () => render());
addEventListener("keydown", (event) => {
  const target = event.target;
  const typing = target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement;
  if (event.key === "/" && !typing && !event.ctrlKey && !event.metaKey) {
    const box = document.querySelector("input[type=search]");
    if (box) {
      event.preventDefault();
      box.focus();
    } else {
      event.preventDefault();
      focusSearch = true;
      go("#/search");
    }
  }
});

// Reads need no CSRF token: the page draws while the session (for changes) is fetched.
render();
session().catch((error) => {
  replace(
    document.getElementById("main"),
    h("h1", {}, "Not signed in"),
    h("p", { role: "alert" }, `${error.message}.`),
  );
});
