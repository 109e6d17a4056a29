import { deepEqual, equal, rejects } from "node:assert/strict";
import { Interrupted } from "./command.ts";
import { readSecret, type SecretTerminal } from "./secret.ts";

/** A terminal that delivers `chunks` one read at a time and records what it was told. */
function fakeTerminal(chunks: (string | number[])[], isTerminal = true) {
  const log: string[] = [];
  const queue = chunks.map((c) => typeof c === "string" ? new TextEncoder().encode(c) : c);
  const terminal: SecretTerminal = {
    isTerminal: () => isTerminal,
    setRaw: (raw) => void log.push(`raw ${raw}`),
    read(buffer) {
      const next = queue.shift();
      if (next === undefined) return Promise.resolve(null);
      buffer.set(next);
      return Promise.resolve(next.length);
    },
    write: (text) => void log.push(`write ${JSON.stringify(text)}`),
  };
  return { terminal, log };
}

Deno.test("readSecret() reads a line without echo and restores the terminal", async () => {
  const { terminal, log } = fakeTerminal(["hunter", "2\r", "ignored"]);
  equal(await readSecret("Passphrase: ", terminal), "hunter2");
  deepEqual(log, ['write "Passphrase: "', "raw true", "raw false", 'write "\\n"']);
});

Deno.test("readSecret() edits: Backspace drops a whole character, Ctrl-U the line", async (t) => {
  const cases: [string, (string | number[])[], string][] = [
    ["backspace after a multibyte character", ["pässé", [0x7f], "e\n"], "pässe"],
    ["ctrl-h", ["ab", [0x08], "c\r"], "ac"],
    ["ctrl-u", ["wrong", [0x15], "right\r"], "right"],
    ["an arrow key is ignored", ["ab", [0x1b, 0x5b, 0x44], "c\r"], "abc"],
    ["ctrl-d ends the line", ["abc", [0x04]], "abc"],
    ["the end of input ends the line", ["abc"], "abc"],
  ];
  for (const [name, chunks, expected] of cases) {
    await t.step(name, async () => {
      equal(await readSecret("? ", fakeTerminal(chunks).terminal), expected);
    });
  }
});

Deno.test("readSecret() returns null without a terminal and throws Interrupted on Ctrl-C", async () => {
  const none = fakeTerminal(["x\r"], false);
  equal(await readSecret("? ", none.terminal), null);
  deepEqual(none.log, []);
  const interrupted = fakeTerminal(["abc", [0x03]]);
  await rejects(readSecret("? ", interrupted.terminal), Interrupted);
  deepEqual(interrupted.log.slice(1), ["raw true", "raw false", 'write "\\n"']);
});
