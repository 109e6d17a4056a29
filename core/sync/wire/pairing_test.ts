import { deepEqual, equal, notEqual, throws } from "node:assert/strict";
import { isHelixError } from "../../errors.ts";
import { counterRandom, STRAND } from "./_testing.ts";
import {
  encodeHello,
  encodeWelcome,
  makePairingCode,
  openHello,
  openWelcome,
  parsePairingCode,
  shortAuthString,
} from "./pairing.ts";

const code = (c: string) => (e: unknown) => isHelixError(e, c as never);
const peer = (n: number) => ({
  ed25519: new Uint8Array(32).fill(n),
  x25519: new Uint8Array(32).fill(n + 1),
  name: `device ${n}`,
});

Deno.test("parsePairingCode() reads what makePairingCode() printed, in any case, trimmed", () => {
  const { code: text, parsed } = makePairingCode("http://127.0.0.1:8787/base", counterRandom(3));
  deepEqual(parsePairingCode(text), parsed);
  const [url, fragment] = text.split("#");
  deepEqual(parsePairingCode(`  ${url}#${fragment!.toUpperCase()}\n`), parsed);
});

Deno.test("parsePairingCode() refuses malformed codes with invalid_input", () => {
  const { code: text } = makePairingCode("https://relay.example");
  for (
    const bad of [
      "",
      "https://relay.example",
      "ftp://relay.example#aaaaaaaaaaaaaaaa.aaaaaaaaaaaaaaaa",
      "https://relay.example#aaaaaaaaaaaaaaaa",
      "https://relay.example#aaaaaaaaaaaaaaa1.aaaaaaaaaaaaaaaa",
      "https://relay.example#aaaaaaaaaaaaaaaa.aaaaaaaaaaaaaaaa.aa",
      "https://u:p@relay.example#aaaaaaaaaaaaaaaa.aaaaaaaaaaaaaaaa",
      text.slice(0, -1),
      "not a url#aaaaaaaaaaaaaaaa.aaaaaaaaaaaaaaaa",
    ]
  ) throws(() => parsePairingCode(bad), code("invalid_input"), bad);
  throws(() => makePairingCode("relay.example"), code("invalid_input"));
});

Deno.test("hello and welcome round-trip under the code and fail its MAC under another", () => {
  const pairing = makePairingCode("https://relay.example", counterRandom(1)).parsed;
  const other = makePairingCode("https://relay.example", counterRandom(2)).parsed;
  const hello = encodeHello(peer(1), pairing);
  deepEqual(openHello(hello, pairing), peer(1));
  throws(() => openHello(hello, other), code("tampered"));
  const welcome = { inviter: peer(5), strandId: STRAND, rosterSeq: 2, rosterHead: "ab".repeat(32) };
  const bytes = encodeWelcome(welcome, pairing);
  deepEqual(openWelcome(bytes, pairing), welcome);
  throws(() => openWelcome(bytes, other), code("tampered"));
  throws(() => openHello(bytes, pairing), code("corrupt"));
  throws(() => openWelcome(hello, pairing), code("corrupt"));
});

Deno.test("shortAuthString() is six digits that change with any key or the secret", () => {
  const secret = new Uint8Array(10).fill(9);
  const sas = shortAuthString(secret, peer(1), peer(3));
  equal(/^\d{3} \d{3}$/.test(sas), true);
  equal(shortAuthString(secret, peer(1), peer(3)), sas);
  notEqual(shortAuthString(secret, peer(3), peer(1)), sas);
  notEqual(shortAuthString(new Uint8Array(10), peer(1), peer(3)), sas);
  notEqual(shortAuthString(secret, peer(1), { ...peer(3), x25519: new Uint8Array(32) }), sas);
});

Deno.test("a hello may name the person joining a team beside the machine; a welcome may not", () => {
  const pairing = makePairingCode("https://relay.example", counterRandom(4)).parsed;
  const joining = { ...peer(2), member: "grace" };
  deepEqual(openHello(encodeHello(joining, pairing), pairing), joining);
  throws(
    () => openHello(encodeHello({ ...peer(2), member: "a\u001b[2Jb" }, pairing), pairing),
    code("corrupt"),
  );
  const welcome = {
    inviter: { ...peer(5), member: "ada" },
    strandId: STRAND,
    rosterSeq: 2,
    rosterHead: "ab".repeat(32),
  };
  throws(() => openWelcome(encodeWelcome(welcome, pairing), pairing), code("corrupt"));
});
