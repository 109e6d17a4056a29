import fc from "fast-check";
import { equal } from "node:assert/strict";
import { hasConflictBlock, merge3, type MergeSide } from "./merge3.ts";

const side = (label: string, text: string): MergeSide => ({ label, text });

/** Merges both ways round, checks they agree byte for byte, and returns the result. */
function both(base: string, a: MergeSide, b: MergeSide): { text: string; conflicts: number } {
  const ab = merge3(base, a, b);
  const ba = merge3(base, b, a);
  equal(ba.text, ab.text);
  equal(ba.conflicts, ab.conflicts);
  return ab;
}

const DEPLOYS = "Deploys run on Tuesdays from the main branch.";

Deno.test("merge3() merges edits to different words of one sentence", () => {
  const merged = both(
    DEPLOYS,
    side("laptop", "Deploys run on Thursdays from the main branch."),
    side("desktop", "Deploys run on Tuesdays from the release branch."),
  );
  equal(merged.text, "Deploys run on Thursdays from the release branch.");
  equal(merged.conflicts, 0);
});

Deno.test("merge3() returns the changed side when the other kept the base", async (t) => {
  const edited = "Deploys run nightly.";
  await t.step("same text on both sides", () => {
    equal(merge3(DEPLOYS, side("a", edited), side("b", edited)).text, edited);
  });
  await t.step("only the second side changed", () => {
    equal(merge3(DEPLOYS, side("a", DEPLOYS), side("b", edited)).text, edited);
  });
  await t.step("only the first side changed", () => {
    equal(merge3(DEPLOYS, side("a", edited), side("b", DEPLOYS)).text, edited);
  });
});

Deno.test("merge3() writes one conflict block, in label order, for overlapping edits", () => {
  const merged = both(
    DEPLOYS,
    side("laptop", "Deploys run on Thursdays from the main branch."),
    side("ci", "Deploys run on Fridays from the main branch."),
  );
  equal(merged.conflicts, 1);
  equal(
    merged.text,
    "Deploys run on \n<<<<<<< ci\nFridays\n=======\nThursdays\n>>>>>>> laptop\nfrom the main branch.",
  );
  equal(hasConflictBlock(merged.text), true);
});

Deno.test("merge3() orders sides with the same label by their text", () => {
  const merged = both(DEPLOYS, side("x", "Deploys run hourly."), side("x", "Deploys run daily."));
  equal(merged.conflicts, 1);
  equal(merged.text, "Deploys run \n<<<<<<< x\ndaily.\n=======\nhourly.\n>>>>>>> x");
});

Deno.test("merge3() takes an identical edit from both sides once", () => {
  const merged = both(
    DEPLOYS,
    side("a", "Deploys now run on Thursdays from the main branch."),
    side("b", "Deploys run on Thursdays from the release branch."),
  );
  equal(merged.text, "Deploys now run on Thursdays from the release branch.");
  equal(merged.conflicts, 0);
});

Deno.test("merge3() keeps a deletion on one side and an edit elsewhere on the other", () => {
  const merged = both(
    DEPLOYS,
    side("a", "Deploys run on Tuesdays from main."),
    side("b", "Deploys run on Fridays from the main branch."),
  );
  equal(merged.text, "Deploys run on Fridays from main.");
  equal(merged.conflicts, 0);
});

Deno.test("merge3() reports a deletion against an edit of the same words as a conflict", () => {
  const merged = both(
    DEPLOYS,
    side("a", "Deploys run on Tuesdays from the branch."),
    side("b", "Deploys run on Tuesdays from the release branch."),
  );
  equal(merged.conflicts, 1);
  equal(
    merged.text,
    "Deploys run on Tuesdays from the \n<<<<<<< a\n\n=======\nrelease\n>>>>>>> b\nbranch.",
  );
});

Deno.test("merge3() reports different insertions at one point as a conflict", async (t) => {
  await t.step("different words", () => {
    const merged = both(
      "Run the tests.",
      side("b", "Run the unit tests."),
      side("a", "Run the slow tests."),
    );
    equal(merged.conflicts, 1);
    equal(merged.text, "Run the \n<<<<<<< a\nslow\n=======\nunit\n>>>>>>> b\ntests.");
  });
  await t.step("the same words are inserted once", () => {
    const merged = both(
      "Run the tests.",
      side("a", "Run the unit tests."),
      side("b", "Always run the unit tests."),
    );
    equal(merged.text, "Always run the unit tests.");
    equal(merged.conflicts, 0);
  });
});

Deno.test("merge3() handles edits and conflicts at the start and the end", async (t) => {
  const base = "alpha beta gamma delta";
  await t.step("clean edits at both ends", () => {
    const merged = both(
      base,
      side("a", "ALPHA beta gamma delta"),
      side("b", "alpha beta gamma DELTA"),
    );
    equal(merged.text, "ALPHA beta gamma DELTA");
    equal(merged.conflicts, 0);
  });
  await t.step("a conflict at the start gets no newline before it", () => {
    const merged = both(base, side("a", "one beta gamma delta"), side("b", "two beta gamma delta"));
    equal(merged.text, "<<<<<<< a\none\n=======\ntwo\n>>>>>>> b\nbeta gamma delta");
  });
  await t.step("a conflict at the end gets no newline after it", () => {
    const merged = both(base, side("a", "alpha beta gamma one"), side("b", "alpha beta gamma two"));
    equal(merged.text, "alpha beta gamma \n<<<<<<< a\none\n=======\ntwo\n>>>>>>> b");
  });
  await t.step("two conflicts are counted apart", () => {
    const merged = both(base, side("a", "one beta gamma three"), side("b", "two beta gamma four"));
    equal(merged.conflicts, 2);
    equal(
      merged.text,
      "<<<<<<< a\none\n=======\ntwo\n>>>>>>> b\nbeta gamma \n<<<<<<< a\nthree\n=======\nfour\n>>>>>>> b",
    );
  });
});

Deno.test("merge3() with an empty base", async (t) => {
  await t.step("one side adding text takes it", () => {
    equal(merge3("", side("a", "New note."), side("b", "")).text, "New note.");
  });
  await t.step("both adding different text conflict over the whole of it", () => {
    const merged = both("", side("a", "First note."), side("b", "Second note."));
    equal(merged.conflicts, 1);
    equal(merged.text, "<<<<<<< a\nFirst note.\n=======\nSecond note.\n>>>>>>> b");
  });
});

Deno.test("merge3() merges multi-line text and keeps its newlines around a block", () => {
  const base = "Build with deno task ok.\nDeploy on Tuesdays.\nPage the on-call on failure.\n";
  const clean = both(
    base,
    side(
      "a",
      "Build with deno task ok --quiet.\nDeploy on Tuesdays.\nPage the on-call on failure.\n",
    ),
    side("b", "Build with deno task ok.\nDeploy on Tuesdays.\nPage #ops on failure.\n"),
  );
  equal(
    clean.text,
    "Build with deno task ok --quiet.\nDeploy on Tuesdays.\nPage #ops on failure.\n",
  );
  equal(clean.conflicts, 0);

  const clash = both(
    base,
    side("a", "Build with deno task ok.\nDeploy on Thursdays.\nPage the on-call on failure.\n"),
    side("b", "Build with deno task ok.\nDeploy nightly.\nPage the on-call on failure.\n"),
  );
  equal(clash.conflicts, 1);
  equal(
    clash.text,
    "Build with deno task ok.\nDeploy \n<<<<<<< a\non Thursdays.\n=======\nnightly.\n>>>>>>> b\n" +
      "Page the on-call on failure.\n",
  );
});

Deno.test("merge3() puts a label with line breaks on one line", () => {
  const merged = merge3("a b", side("x\ny", "a c"), side("z", "a d"));
  equal(merged.text, "a \n<<<<<<< x y\nc\n=======\nd\n>>>>>>> z");
  equal(hasConflictBlock(merged.text), true);
});

Deno.test("merge3() falls back to lines, then the whole text, for long inputs", async (t) => {
  await t.step("by lines when a side changed words far apart", () => {
    // 2400 word tokens: a side changing the first and last line needs 5.8M cells by words.
    const lines = Array.from({ length: 400 }, (_, i) => `line ${i} of the runbook text\n`);
    const base = lines.join("");
    const edit = (at: number[], text: string) =>
      lines.map((line, i) => at.includes(i) ? `${text} ${i}\n` : line).join("");
    const merged = both(base, side("a", edit([0, 399], "first")), side("b", edit([200], "second")));
    equal(merged.conflicts, 0);
    equal(merged.text, edit([0, 399], "first").replace(lines[200]!, "second 200\n"));
  });
  await t.step("as one region when even the lines are too many", () => {
    // 2100 lines: 4.4M cells even by lines.
    const lines = Array.from({ length: 2100 }, (_, i) => `line ${i}\n`);
    const base = lines.join("");
    const a = "start\n" + lines.slice(1, -1).join("") + "end\n";
    const b = "START\n" + lines.slice(1).join("");
    const merged = both(base, side("a", a), side("b", b));
    equal(merged.conflicts, 1);
    equal(merged.text, `<<<<<<< a\n${a.trim()}\n=======\n${b.trim()}\n>>>>>>> b`);
  });
});

Deno.test("hasConflictBlock() finds only whole marker blocks", () => {
  equal(hasConflictBlock("<<<<<<< a\n\n=======\n\n>>>>>>> b"), true);
  equal(hasConflictBlock("note\n<<<<<<< \nx\ny\n=======\nz\n>>>>>>> "), true);
  equal(hasConflictBlock("<<<<<<< a\nx\n>>>>>>> b"), false);
  equal(hasConflictBlock("a <<<<<<< b\n=======\n>>>>>>> c"), false);
  equal(hasConflictBlock("plain text"), false);
});

// Property tests: texts are token lists from a small vocabulary, so edits often collide.

const WORDS = ["the", "deploy", "runs", "on", "main", "tests", "fail", "often", "we", "pin"];
const token = fc.tuple(fc.constantFrom(...WORDS), fc.constantFrom(" ", " ", " ", "\n", ", "))
  .map(([word, gap]) => gap === ", " ? `${word}, ` : word + gap);
const tokens = fc.array(token, { maxLength: 12 });
const edits = fc.array(
  fc.record({
    kind: fc.constantFrom("replace", "insert", "delete"),
    at: fc.nat(),
    token,
  }),
  { maxLength: 4 },
);
const label = fc.oneof(fc.constantFrom("laptop", "desktop", "ci", ""), fc.string({ maxLength: 4 }));

type Edit = { kind: "replace" | "insert" | "delete"; at: number; token: string };

function applyEdits(base: readonly string[], list: readonly Edit[]): string[] {
  const out = [...base];
  for (const { kind, at, token } of list) {
    if (kind === "insert") out.splice(at % (out.length + 1), 0, token);
    else if (out.length > 0 && kind === "replace") out[at % out.length] = token;
    else if (out.length > 0) out.splice(at % out.length, 1);
  }
  return out;
}

const scenario = fc.record({ base: tokens, a: edits, b: edits, labelA: label, labelB: label })
  .map(({ base, a, b, labelA, labelB }) => ({
    base: base.join(""),
    a: side(labelA, applyEdits(base, a).join("")),
    b: side(labelB, applyEdits(base, b).join("")),
  }));

const RUNS = { numRuns: 500 };

Deno.test("merge3() is symmetric byte for byte", () => {
  fc.assert(
    fc.property(scenario, ({ base, a, b }) => {
      const ab = merge3(base, a, b);
      const ba = merge3(base, b, a);
      equal(ba.text, ab.text);
      equal(ba.conflicts, ab.conflicts);
    }),
    RUNS,
  );
});

Deno.test("merge3() returns the one edit when the sides agree or one kept the base", () => {
  fc.assert(
    fc.property(scenario, label, ({ base, a }, other) => {
      equal(merge3(base, a, side(other, a.text)).text, a.text);
      equal(merge3(base, side(other, base), a).text, a.text);
      equal(merge3(base, a, side(other, base)).text, a.text);
    }),
    RUNS,
  );
});

Deno.test("merge3() counts exactly the conflict blocks it writes", () => {
  fc.assert(
    fc.property(scenario, ({ base, a, b }) => {
      const merged = merge3(base, a, b);
      equal(hasConflictBlock(merged.text), merged.conflicts > 0);
      const opened = merged.text.split("\n").filter((line) => line.startsWith("<<<<<<< "));
      equal(opened.length, merged.conflicts);
    }),
    RUNS,
  );
});

Deno.test("merge3() keeps every change when the sides edit either side of a shared word", () => {
  const SHARED = "SHARED ";
  fc.assert(
    fc.property(tokens, tokens, edits, edits, label, label, (head, tail, a, b, la, lb) => {
      const base = [...head, SHARED, ...tail, "END."].join("");
      const newHead = applyEdits(head, a);
      const newTail = applyEdits(tail, b);
      const merged = both(
        base,
        side(la, [...newHead, SHARED, ...tail, "END."].join("")),
        side(lb, [...head, SHARED, ...newTail, "END."].join("")),
      );
      equal(merged.text, [...newHead, SHARED, ...newTail, "END."].join(""));
      equal(merged.conflicts, 0);
    }),
    RUNS,
  );
});
