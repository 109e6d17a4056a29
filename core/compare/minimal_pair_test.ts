import { deepEqual, equal } from "node:assert/strict";
import { readStatement } from "./claims.ts";
import { conflictBetween } from "./conflict.ts";

const values = (a: string, b: string) =>
  conflictBetween(readStatement(a), readStatement(b))?.values ?? null;

Deno.test("minimal pairs: one value-shaped span apart, after the shared subject, conflict", () => {
  deepEqual(values("Wire transfers clear in D+3.", "Wire transfers clear D+1."), ["D+3", "D+1"]);
  deepEqual(
    values("Le cache des sessions expire après 900s.", "Le cache des sessions expire après 600s."),
    [
      "900s",
      "600s",
    ],
  );
  deepEqual(
    values("Das Lager-Backend lauscht auf Port 9090.", "Das Lager-Backend lauscht auf Port 9191."),
    [
      "9090",
      "9191",
    ],
  );
  // A verb of the frame on one side only ("ships", "runs"): the same claim.
  deepEqual(values("The worker image ships libvips 8.14.", "Our worker image has libvips 8.15."), [
    "8.14",
    "8.15",
  ]);
  // A headline names the kind of its value ("venue"), the sentence leaves it unsaid.
  deepEqual(values("The summer retreat is in Ghent.", "Summer retreat venue: Bruges."), [
    "Ghent",
    "Bruges",
  ]);
  // Two words on one side written as one on the other.
  deepEqual(values("The help desk runs Zammad 6.2.", "helpdesk: zammad 5.6"), ["6.2", "5.6"]);
  // A headline of the same statement, with the team as its scope.
  deepEqual(values("Our release captain is Imogen.", "Release captain for the team: Tariq"), [
    "Imogen",
    "Tariq",
  ]);
});

Deno.test("minimal pairs: spans that name the subject or add a word stay apart", () => {
  // The differing word opens the statement: another subject.
  equal(values("Invoices service answers on 7001.", "Quotes service answers on 7001."), null);
  // An id with something said of it names the thing.
  equal(
    values(
      "Billing alert BA-7 pages the night shift.",
      "Billing alert BA-9 pages the night shift.",
    ),
    null,
  );
  // Two members of one family of names: each names its own thing.
  equal(
    values(
      "The ingest workers read KAFKA_TOPIC_ORDERS.",
      "The ingest workers read KAFKA_TOPIC_REFUNDS.",
    ),
    null,
  );
  // A ticket or advisory id is no value.
  equal(
    values(
      "The gateway images are patched for CVE-2024-1001.",
      "The gateway images are patched for CVE-2024-2002.",
    ),
    null,
  );
  // A number said more precisely refines it.
  equal(values("The worker runs on Ruby 3.3.", "Worker image: ruby 3.3.4-slim"), null);
  // Another relation to each value (in a region / an instance type).
  equal(
    values("The reporting replica is in eu-west-3.", "The reporting replica is an m7g.large."),
    null,
  );
  // One side adds a word besides its value.
  equal(
    values("The docs site builds with Hugo 0.120.", "The docs site also builds with Hugo 0.125."),
    null,
  );
  // What is said of a ticket is a record of work.
  equal(
    values(
      "The patch for INC-4410 went out in 2.8.1.",
      "The patch for INC-4410 went out in 2.9.0.",
    ),
    null,
  );
  // A statement of change is for the change readings.
  equal(values("Fixed the retry bug in FEAT-88.", "Fixed the retry bug in FEAT-91."), null);
});
