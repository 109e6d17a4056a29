import { deepEqual, equal } from "node:assert/strict";
import { readStatement } from "./claims.ts";
import { conflictBetween } from "./conflict.ts";

const values = (a: string, b: string) =>
  conflictBetween(readStatement(a), readStatement(b))?.values ?? null;
const ports = (text: string) =>
  readStatement(text).values.filter((v) => v.kind === "port").map((v) => v.norm);

Deno.test("port frames: a port said by a verb of serving, with what it carries", () => {
  deepEqual(ports("The ledger API serves gRPC on 7443."), ["7443"]);
  deepEqual(ports("pgbouncer accepts connections on 6432"), ["6432"]);
  deepEqual(ports("The admin console answers HTTPS requests at 9443."), ["9443"]);
  deepEqual(ports("The ledger API serves HTTP/2 on :7444."), ["7444"]);
  // Not a port: a count of something else, or no verb of serving.
  deepEqual(ports("The ledger API runs on 16 cores."), []);
  deepEqual(ports("The ledger API keeps 2000 requests in flight."), []);
});

Deno.test("port frames: one service's port said in two frames conflicts", () => {
  deepEqual(values("The ledger API listens on port 7443.", "ledger-api serves HTTP on 7000."), [
    "7443",
    "7000",
  ]);
  // Two services, each with its port: apart.
  equal(
    values("The ledger API listens on port 7443.", "The quotes API serves HTTP on 7000."),
    null,
  );
});
