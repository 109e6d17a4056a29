/** Ports said by their frame (`port_frames.ts`), through `contradiction()`. */
import { equal, notEqual } from "node:assert/strict";
import { contradiction } from "./statements.ts";
import { readStatement } from "./claims.ts";

Deno.test("contradiction(): a port said by what listens on it", () => {
  notEqual(
    contradiction(
      "billing-svc accepts connections on 7443",
      "The billing service listens on port 7000.",
    ),
    null,
  );
  notEqual(
    contradiction(
      "The billing service serves HTTPS on :9443",
      "billing service listens on port 7443",
    ),
    null,
  );
  notEqual(contradiction("the queue admin is on 15673", "the queue admin listens on 15672"), null);
});

Deno.test("contradiction(): a number after a listening verb that counts something is no port", () => {
  equal(
    contradiction(
      "The billing service accepts connections on 40 workers.",
      "The billing service listens on port 7000.",
    ),
    null,
  );
  // A year after "is on" is no port.
  equal(
    readStatement("The build box is on 2022.").values.some((v) => v.slots.includes("port")),
    false,
  );
});
