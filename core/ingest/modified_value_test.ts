/**
 * An old value that only modifies the noun after it (`compare/modified_value.ts`), through the
 * engine: dropping a tool's notifications, exporter or breadcrumbs leaves a stored fact about the
 * tool itself. The tool itself ended (its account, or with a replacement named), or a head the
 * stored fact names too, still retires it. Sentences written for these tests, not taken from the
 * bench.
 */
import { type RetireCase, retireCases } from "../../tests/fixtures/retires.ts";

const cases: readonly RetireCase[] = [
  [
    "a tool's notifications",
    "We use Slack for chat.",
    "dropped slack notifications from CI",
    false,
  ],
  [
    "a tool's alerts",
    "We use Slack for chat.",
    "We removed the Slack alerts from the deploy job.",
    false,
  ],
  [
    "a tool's exporter",
    "We use Postgres for the main database.",
    "dropped the postgres exporter from the metrics stack",
    false,
  ],
  [
    "a tool's breadcrumbs",
    "Errors go to Sentry.",
    "removed sentry breadcrumbs from the worker",
    false,
  ],
  [
    "a tool's sidecar",
    "We use Datadog for metrics.",
    "removed the datadog agent sidecar from the worker pods",
    false,
  ],
  [
    "the stored fact names the head",
    "Deploy notifications go to Slack.",
    "dropped slack notifications from CI",
    true,
  ],
  [
    "the tool itself, a replacement named",
    "We use Datadog for metrics.",
    "removed datadog from the stack, metrics go to Grafana Cloud",
    true,
  ],
  [
    "a part of it ended, its replacement named",
    "Laptops join the office network through OpenVPN.",
    "the OpenVPN setup guide is outdated, laptops get Tailscale now",
    true,
  ],
];

retireCases(cases);
