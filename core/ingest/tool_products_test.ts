/**
 * Another product of a tool's maker, or a file of the tool, changed: the stored fact about the
 * tool stands (issue 16 item 3: no false retirement). The changes that name the tool itself
 * still retire it. Written after trying the write path as a user would, not taken from the
 * bench.
 */
import { type RetireCase, retireCases } from "../../tests/fixtures/retires.ts";

const product = "another product of the maker";
const file = "a file of the tool";

const cases: readonly RetireCase[] = [
  [product, "The mobile app uses Expo.", "Expo push notifications replaced by OneSignal.", false],
  [product, "The mobile app uses Expo.", "We dropped Expo for bare React Native.", true],
  [product, "We use AWS.", "AWS Lambda functions were replaced by Cloud Run services.", false],
  [product, "Deploys run on AWS.", "We moved deploys off AWS ECS to Fly.io.", true],
  [product, "We use Google Analytics.", "Google Tag Manager was replaced by Segment.", false],
  [product, "We use Google Analytics.", "Replaced Google Analytics with Plausible.", true],
  [product, "Hosting is on Firebase.", "Firebase Auth swapped for Clerk.", false],
  [product, "Auth is Firebase Auth.", "Firebase Auth swapped for Clerk.", true],
  [
    file,
    "We use pnpm.",
    "Removed the pnpm-lock.yaml from the docs folder, it uses the root lockfile.",
    false,
  ],
  [file, "We use pnpm.", "We dropped pnpm, everything is on npm workspaces now.", true],
  [file, "Linting is ESLint.", "deleted .eslintrc.json in the legacy package", false],
];

retireCases(cases);
