/**
 * Changes written in other languages retire the stored fact through the engine (issue 16 item
 * 3): German, French, Spanish, Portuguese, Dutch and Italian words for "these days", "from now
 * on", "instead of" and "was cancelled"; a possibility, the past and another thing of one kind
 * in those languages retire nothing. Sentences written for these tests, not taken from the bench.
 */
import { type RetireCase, retireCases } from "../../tests/fixtures/retires.ts";

const cases: readonly RetireCase[] = [
  [
    "nl: these days, cancelled",
    "Het ticketsysteem is Jira.",
    "Het ticketsysteem is tegenwoordig Linear, Jira is opgezegd.",
    true,
  ],
  [
    "de: from now on, no longer",
    "Deploys laufen über Jenkins.",
    "Deploys laufen ab sofort über Argo CD, nicht mehr über Jenkins.",
    true,
  ],
  [
    "es: no longer",
    "Los pagos se procesan con Stripe.",
    "Ya no usamos Stripe: los pagos se procesan con Adyen.",
    true,
  ],
  [
    "pt: now, left",
    "Os e-mails saem pelo SendGrid.",
    "Os e-mails agora saem pelo Postmark; o SendGrid saiu.",
    true,
  ],
  [
    "fr: from now on",
    "Les métriques sont dans InfluxDB.",
    "Désormais les métriques sont dans Prometheus.",
    true,
  ],
  ["it: instead of", "La CI gira su Travis.", "Ora la CI usa Buildkite invece di Travis.", true],
  [
    "de: maybe",
    "Die Suche läuft auf Elasticsearch.",
    "Vielleicht wechseln wir die Suche irgendwann zu Meilisearch.",
    false,
  ],
  ["nl: formerly", "De CI draait op CircleCI.", "Vroeger draaide de CI op Travis.", false],
  [
    "es: another thing of one kind",
    "La base de datos de pagos es MySQL.",
    "Ahora la base de datos de analítica es ClickHouse.",
    false,
  ],
  [
    "fr: a language named in words",
    "La langue des e-mails est l'anglais.",
    "Désormais la langue des e-mails est l'allemand.",
    true,
  ],
];

retireCases(cases);
