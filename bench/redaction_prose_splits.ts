/**
 * The splits of the prose secrets benchmark (`redaction_prose.ts`): which batch each split is
 * drawn from, and how each later held-out batch is named on its own results page.
 *
 * @module
 */
import { buildSecretsProse, type Split } from "./fixtures/secrets_prose.ts";
import {
  buildSecretsProseFresh,
  SECRETS_PROSE_FRESH_SEED,
} from "./fixtures/secrets_prose_fresh.ts";
import {
  buildSecretsProseBlind2,
  SECRETS_PROSE_BLIND2_SEED,
} from "./fixtures/secrets_prose_blind2.ts";
import {
  buildSecretsProseBlind3,
  SECRETS_PROSE_BLIND3_SEED,
} from "./fixtures/secrets_prose_blind3.ts";
import {
  buildSecretsProseBlind4,
  SECRETS_PROSE_BLIND4_SEED,
} from "./fixtures/secrets_prose_blind4.ts";
import {
  buildSecretsProseBlind5,
  SECRETS_PROSE_BLIND5_SEED,
} from "./fixtures/secrets_prose_blind5.ts";
import {
  buildSecretsProseBlind6,
  SECRETS_PROSE_BLIND6_SEED,
} from "./fixtures/secrets_prose_blind6.ts";
import {
  buildSecretsProseBlind7,
  SECRETS_PROSE_BLIND7_SEED,
} from "./fixtures/secrets_prose_blind7.ts";
import {
  buildSecretsProseBlind8,
  SECRETS_PROSE_BLIND8_SEED,
} from "./fixtures/secrets_prose_blind8.ts";
import {
  buildSecretsProseBlind9,
  SECRETS_PROSE_BLIND9_SEED,
} from "./fixtures/secrets_prose_blind9.ts";
import { buildSecretsProseAdv, SECRETS_PROSE_ADV_SEED } from "./fixtures/secrets_prose_adv.ts";
import {
  buildSecretsProseAdv2,
  buildSecretsProseAdv2Held,
  SECRETS_PROSE_ADV2_SEED,
} from "./fixtures/secrets_prose_adv2.ts";
import {
  buildSecretsProseAdv3,
  buildSecretsProseAdv3Held,
  SECRETS_PROSE_ADV3_SEED,
} from "./fixtures/secrets_prose_adv3.ts";

/** Every split the benchmark scores; `both` and `all` name groups of them. */
export const PROSE_SPLITS = [
  "tune",
  "heldout",
  "fresh",
  "blind2",
  "blind3",
  "blind4",
  "blind5",
  "blind6",
  "blind7",
  "blind8",
  "blind9",
  "adv",
  "adv2",
  "adv2-held",
  "adv3",
  "adv3-held",
] as const;

/** A half of the original batch, or one of the later held-out batches. */
export type ProseSplit = Split | (typeof PROSE_SPLITS)[number];

/** The batch a split is drawn from (`seed` only applies to the original batch). */
export function batchOf(split: ProseSplit, seed: number) {
  if (split === "fresh") return buildSecretsProseFresh();
  if (split === "blind2") return buildSecretsProseBlind2();
  if (split === "blind3") return buildSecretsProseBlind3();
  if (split === "blind4") return buildSecretsProseBlind4();
  if (split === "blind5") return buildSecretsProseBlind5();
  if (split === "blind6") return buildSecretsProseBlind6();
  if (split === "blind7") return buildSecretsProseBlind7();
  if (split === "blind8") return buildSecretsProseBlind8();
  if (split === "blind9") return buildSecretsProseBlind9();
  if (split === "adv") return buildSecretsProseAdv();
  if (split === "adv2") return buildSecretsProseAdv2();
  if (split === "adv2-held") return buildSecretsProseAdv2Held();
  if (split === "adv3") return buildSecretsProseAdv3();
  if (split === "adv3-held") return buildSecretsProseAdv3Held();
  return buildSecretsProse(seed);
}

/** The later held-out batches, each recorded on its own page after its single run. */
export const HELD_OUT = {
  fresh: {
    title: "fresh held-out batch",
    batch: "the fresh batch",
    file: "secrets_prose_fresh.ts",
    seed: SECRETS_PROSE_FRESH_SEED,
    about:
      "written after tuning by someone who had not read the redactor, and run once, blind, as " +
      "aggregates (its figures are below, under 'The blind run'); since then it is development data.",
  },
  blind2: {
    title: "second blind batch",
    batch: "the second blind batch",
    file: "secrets_prose_blind2.ts",
    seed: SECRETS_PROSE_BLIND2_SEED,
    about:
      "written after the fresh batch had been run, by someone who had read neither the redactor " +
      "nor the earlier batches' templates, and run once, blind, as aggregates (its figures are " +
      "below, under 'The blind run'); since then it is development data.",
  },
  blind3: {
    title: "third blind batch",
    batch: "the third blind batch",
    file: "secrets_prose_blind3.ts",
    seed: SECRETS_PROSE_BLIND3_SEED,
    about:
      "written while the redactor was being tuned on the earlier batches, by someone who had " +
      "read neither the redactor nor the earlier batches' templates, and run once, blind, as " +
      "aggregates (its figures are below, under 'The blind run'); since then it is development " +
      "data (its misses were read and grouped by mechanism), so the figures above are no blind ones.",
  },
  blind4: {
    title: "fourth blind batch",
    batch: "the fourth blind batch",
    file: "secrets_prose_blind4.ts",
    seed: SECRETS_PROSE_BLIND4_SEED,
    about:
      "written for the held-out figures by someone who had read neither the redactor nor the " +
      "earlier batches' templates, and run once, blind, as aggregates (its figures are below, " +
      "under 'The blind run'); since then it is development data.",
  },
  blind5: {
    title: "fifth blind batch",
    batch: "the fifth blind batch",
    file: "secrets_prose_blind5.ts",
    seed: SECRETS_PROSE_BLIND5_SEED,
    about:
      "written after the fourth batch had been run, by someone who had read neither the redactor " +
      "nor the earlier batches' templates, and run once, blind, as aggregates.",
  },
  blind6: {
    title: "sixth blind batch",
    batch: "the sixth blind batch",
    file: "secrets_prose_blind6.ts",
    seed: SECRETS_PROSE_BLIND6_SEED,
    about: "written blind by someone who had read neither the redactor nor the earlier batches' " +
      "templates, and run once, blind, as aggregates.",
  },
  blind7: {
    title: "seventh blind batch",
    batch: "the seventh blind batch",
    file: "secrets_prose_blind7.ts",
    seed: SECRETS_PROSE_BLIND7_SEED,
    about: "written blind by someone who had read neither the redactor nor the earlier batches' " +
      "templates, and run once, blind, as aggregates.",
  },
  blind8: {
    title: "eighth blind batch",
    batch: "the eighth blind batch",
    file: "secrets_prose_blind8.ts",
    seed: SECRETS_PROSE_BLIND8_SEED,
    about: "written blind by someone who had read neither the redactor nor the earlier batches' " +
      "templates, for the issue's targets (recall ≥ 99 %, false positives ≤ 1 %), and run " +
      "once, blind, as aggregates.",
  },
  blind9: {
    title: "ninth blind batch",
    batch: "the ninth blind batch",
    file: "secrets_prose_blind9.ts",
    seed: SECRETS_PROSE_BLIND9_SEED,
    about: "written blind in stop 32 by someone who had read neither the redactor nor the " +
      "earlier batches' templates nor any results, and run once, blind, as aggregates.",
  },
  adv: {
    title: "adversarial batch",
    batch: "the adversarial batch",
    file: "secrets_prose_adv.ts",
    seed: SECRETS_PROSE_ADV_SEED,
    about:
      "written on 2026-11-26 to stress generalisation (labels far from, after or lines above " +
      "their value; random-looking identifiers and talk about secrets without values) before the " +
      "redactor was tuned on it, and scored once then (its figures are below, under 'The first " +
      "run'); it is development data.",
  },
  adv2: {
    title: "second adversarial batch, development half",
    batch: "the development half of the second adversarial batch",
    file: "secrets_prose_adv2.ts",
    seed: SECRETS_PROSE_ADV2_SEED,
    about:
      "written on 2026-11-26 in styles the earlier batches under-represent (logs, stack traces, " +
      "HAR and Postman exports, SQL, IDE run configs, tables, odd quoting, broken lines, labels " +
      "after the value or in other languages, unusual vendor formats) and split by template; " +
      "this half is development data, scored once before tuning (its figures are below, under " +
      "'The first run').",
  },
  "adv2-held": {
    title: "second adversarial batch, held-out half",
    batch: "the held-out half of the second adversarial batch",
    file: "secrets_prose_adv2.ts",
    seed: SECRETS_PROSE_ADV2_SEED,
    about:
      "the templates of the second adversarial batch that tuning never used: scored once before " +
      "tuning and once after it, as aggregates; its items are never printed.",
  },
  adv3: {
    title: "third adversarial batch, development half",
    batch: "the development half of the third adversarial batch",
    file: "secrets_prose_adv3.ts",
    seed: SECRETS_PROSE_ADV3_SEED,
    about:
      "written on 2026-11-26 in the kinds of sentence and value that still leaked on the first " +
      "runs of adv2-held, blind5 and blind6 (labels far from or after the value, other " +
      "languages, chat and tickets, URL parts, commands, code, continuation lines) and split by " +
      "template; this half is development data, scored once before tuning.",
  },
  "adv3-held": {
    title: "third adversarial batch, held-out half",
    batch: "the held-out half of the third adversarial batch",
    file: "secrets_prose_adv3.ts",
    seed: SECRETS_PROSE_ADV3_SEED,
    about:
      "the templates of the third adversarial batch that tuning never used: scored once before " +
      "tuning and once after it, as aggregates; its items are never printed.",
  },
} as const;
