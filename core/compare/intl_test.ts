/**
 * Notes in other languages (German, French, Spanish, Portuguese, Dutch, Italian), through
 * `change()`: their words for "now", "from now on", "instead of", "no longer" and "was
 * cancelled" mark a change as the English ones do, their function words say nothing of the
 * subject, and their words for "maybe", "we are evaluating" and "formerly" keep a plan or the
 * past from retiring anything. Sentences written for these tests, not taken from the bench.
 */
import { changeCases } from "./change_cases_testing.ts";
import { equal } from "node:assert/strict";
import { languageLocale, unelided } from "./intl.ts";

/** [stored, incoming]: the incoming statement changes the stored one. */
const CHANGES: readonly [string, string][] = [
  ["Die Fehlerberichte landen in Sentry.", "Fehlerberichte landen inzwischen in Rollbar."],
  [
    "Unser CI läuft auf Jenkins.",
    "Unser CI läuft mittlerweile auf GitHub Actions, Jenkins ist abgeschaltet.",
  ],
  ["Le cache utilise Memcached.", "Le cache utilise désormais Redis au lieu de Memcached."],
  [
    "La base de datos es MySQL.",
    "A partir de ahora la base de datos es PostgreSQL, MySQL fue reemplazado.",
  ],
  [
    "O deploy do site é feito no Netlify.",
    "O deploy do site agora é feito na Vercel, em vez de Netlify.",
  ],
  ["De CI draait op Travis.", "De CI draait voortaan op CircleCI in plaats van Travis."],
  [
    "La coda dei messaggi è RabbitMQ.",
    "D'ora in poi la coda dei messaggi è Kafka, RabbitMQ è stato dismesso.",
  ],
  ["Standups are on Mondays.", "Standups sind ab jetzt mittwochs, nicht mehr montags."],
  // A language named in words is a locale.
  [
    "La lingua predefinita dell'app è l'inglese.",
    "D'ora in poi la lingua predefinita dell'app è l'italiano.",
  ],
  ["Die Standardsprache der Doku ist Englisch.", "Die Standardsprache der Doku ist jetzt Deutsch."],
];

/** [stored, incoming]: a look-alike in another language; nothing changes. */
const LOOKALIKES: readonly [string, string][] = [
  // A possibility, an evaluation.
  ["Die Suche läuft auf Elasticsearch.", "Vielleicht wechseln wir die Suche zu OpenSearch."],
  ["Le cache utilise Memcached.", "Nous envisageons peut-être de passer le cache à Redis."],
  ["Os logs vão para o Loki.", "Estamos avaliando talvez mudar os logs para o Datadog."],
  // What held before.
  ["De CI draait op CircleCI.", "Vroeger draaide de CI op Travis."],
  // A language of another thing.
  ["La lingua predefinita dell'app è l'inglese.", "Ora la lingua dei log è l'italiano."],
  // Another subject.
  ["La base de datos de pagos es MySQL.", "Ahora la base de datos de analítica es ClickHouse."],
];

changeCases("intl", CHANGES, LOOKALIKES);

Deno.test("intl: an elided article is no part of the word", () => {
  equal(unelided("l'appli"), "appli");
  equal(unelided("dell'api"), "api");
  equal(unelided("don't"), "don't");
});

Deno.test("intl: a language named in words is a locale, an English name stays a name", () => {
  equal(languageLocale("l'anglais"), "en");
  equal(languageLocale("Deutsch"), "de");
  equal(languageLocale("español"), "es");
  equal(languageLocale("English"), null);
  equal(languageLocale("Kotlin"), null);
});
