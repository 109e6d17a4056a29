/**
 * Provider tokens known by a documented prefix or layout, beyond the catalogue's own list
 * (`catalogue.ts`): observability, package registries, CI, hosting, payments, AI APIs,
 * secret managers, webhooks with a secret in their path. A prefix says what a token is
 * wherever it stands, in a sentence with no secret word near it, in a JSON value under an
 * innocent key (`"x-honeycomb-team": "hcaik_…"`), or in a review comment; so these are matched
 * before any label is read.
 *
 * All formats are one alternation, tried only where a token starts: one scan of the text,
 * whatever the number of formats.
 *
 * @module
 */
import { type Candidate, isLiteral } from "./catalogue.ts";
import { wordFraction } from "./lexical.ts";

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";

/**
 * Token bodies by provider (each the whole token). Ids and keys that are public by design
 * (Stripe `pk_`, PostHog `phc_`, LaunchDarkly `mob-`, Razorpay key ids) are left out.
 */
const FORMATS = [
  "hc[ax][im]k_[A-Za-z0-9]{20,64}", // Honeycomb ingest and management keys
  "rubygems_[a-f0-9]{48}",
  "oy2[a-z0-9]{43}", // NuGet
  "tskey-(?:auth|api|client|scim|webhook)-[A-Za-z0-9]{6,24}-[A-Za-z0-9]{20,64}", // Tailscale
  "ops_eyJ[A-Za-z0-9_\\-]{50,4096}={0,2}", // 1Password service account
  `pat-(?:na|eu|ap)\\d-${UUID}`, // HubSpot private app
  "phx_[A-Za-z0-9]{40,50}", // PostHog personal key
  "lsv2_(?:pt|sk)_[a-f0-9]{32}_[a-f0-9]{10}", // LangSmith
  "xai-[A-Za-z0-9]{70,90}",
  "pplx-[A-Za-z0-9]{40,56}", // Perplexity
  "csk-[a-z0-9]{48}", // Cerebras
  "tgp_v1_[A-Za-z0-9_\\-]{40,64}", // Together
  "pa-[A-Za-z0-9_\\-]{40,50}", // Voyage
  `sk-lf-${UUID}`, // Langfuse secret key
  "sk-[a-f0-9]{32}", // DeepSeek
  "sk_[a-f0-9]{48}", // ElevenLabs
  "x(?:keysib|smtpsib)-[a-f0-9]{64}-[A-Za-z0-9]{16}", // Brevo
  "pul-[a-f0-9]{40}", // Pulumi
  "sbp_(?:v0_)?[a-f0-9]{40}|sb_secret_[A-Za-z0-9_\\-]{20,64}", // Supabase
  "pat[A-Za-z0-9]{14}\\.[a-f0-9]{64}", // Airtable
  "[a-f0-9]{32}-us\\d{1,2}", // Mailchimp
  "shippo_(?:live|test)_[a-f0-9]{40}",
  "EZ[AT]K[A-Za-z0-9]{54}", // EasyPost
  "CFPAT-[A-Za-z0-9_\\-]{43}", // Contentful
  "dp\\.(?:pt|st|sa|ct|scim|audit)\\.(?:[a-z0-9_\\-]{2,35}\\.)?[A-Za-z0-9]{40,44}", // Doppler
  "[A-Za-z0-9]{14}\\.atlasv1\\.[A-Za-z0-9_\\-=]{60,70}", // Terraform Cloud
  "fo1_[A-Za-z0-9_\\-]{43}|fm[12][ar]?_[A-Za-z0-9+/=_\\-]{100,4096}", // Fly.io
  "figd_[A-Za-z0-9_\\-]{40}", // Figma
  "AT(?:ATT|CTT)3[A-Za-z0-9_\\-=]{150,300}", // Atlassian
  "ntn_\\d{11}[A-Za-z0-9]{35}|secret_[A-Za-z0-9]{43}", // Notion
  "ATBB[A-Za-z0-9_=.\\-]{32,40}", // Bitbucket app password
  "AKCp[A-Za-z0-9]{69}|cmVmdGtu[A-Za-z0-9]{56,64}", // JFrog Artifactory
  "pcsk_[A-Za-z0-9]{4,8}_[A-Za-z0-9]{50,70}", // Pinecone
  "vc[pikar]_[A-Za-z0-9]{50,60}", // Vercel
  "nfp_[A-Za-z0-9]{36,40}", // Netlify
  "ddp_[A-Za-z0-9]{36}", // Deno Deploy
  "rnd_[A-Za-z0-9]{32}", // Render
  "sl\\.(?:u\\.)?[A-Za-z0-9_\\-]{130,1024}", // Dropbox
  "FLWSECK(?:_TEST)?-[a-f0-9]{32}-X", // Flutterwave
  "tfp_[A-Za-z0-9_\\-.]{44,60}", // Typeform
  "rdme_[a-z0-9]{70}", // ReadMe
  "pnu_[A-Za-z0-9]{36}", // Prefect
  "ico-[A-Za-z0-9]{32}", // Infracost
  "CCIP(?:AT|RJ)_[A-Za-z0-9]{22}_[a-f0-9]{40}", // CircleCI
  "hbp_[A-Za-z0-9]{36}", // Honeybadger
  "pscale_(?:tkn|pw|oauth)_[A-Za-z0-9_\\-.]{32,64}", // PlanetScale
  "npg_[A-Za-z0-9]{12,16}", // Neon password
  "sgp_(?:[a-f0-9]{16}_|local_)?[a-f0-9]{40}", // Sourcegraph
  "pat\\.[A-Za-z0-9_\\-]{22}\\.[0-9a-f]{24}\\.[A-Za-z0-9]{20}", // Harness
  "re_[A-Za-z0-9]{8}_[A-Za-z0-9]{24}", // Resend
  "pdl_(?:live|sdbx)_apikey_[A-Za-z0-9_]{40,80}", // Paddle
  "polar_(?:oat|pat|rt|at)_[A-Za-z0-9]{40,64}", // Polar
  "signkey-(?:prod|test|branch)-[a-f0-9]{64}", // Inngest
  "pk_\\d{6,10}_[A-Z0-9]{32}", // ClickUp
  `access-(?:sandbox|development|production)-${UUID}`, // Plaid
  "access_token\\$(?:production|sandbox)\\$[a-z0-9]{16}\\$[a-f0-9]{32}", // PayPal, Braintree
  "[12]/\\d{10,20}(?:/\\d{10,20})?:[a-f0-9]{32}", // Asana
  "[A-Za-z0-9]{76}AZDO[A-Za-z0-9]{4}", // Azure DevOps
  "AAAA[A-Za-z0-9_\\-]{7}:APA91b[A-Za-z0-9_\\-]{100,200}", // Firebase Cloud Messaging
  "00D[A-Za-z0-9]{12,15}![A-Za-z0-9_.]{60,200}", // Salesforce session
  "LTAI[A-Za-z0-9]{12,20}|AKID[A-Za-z0-9]{32}|SCW[A-Z0-9]{17}|GOOG1[A-Z0-9]{56,60}", // access key ids
  "ABSK[A-Za-z0-9+/]{100,400}={0,2}", // AWS Bedrock
  "oauth:[a-z0-9]{30}", // Twitch
  "\\d[A-Za-z0-9]{26}_[A-Za-z0-9]{21}", // ngrok
  "K0\\d{2}[A-Za-z0-9]{27}", // Backblaze B2 application key
  `sdk-${UUID}`, // LaunchDarkly server-side SDK key
  "tr_(?:dev|prod|stg|pat)_[A-Za-z0-9]{20,40}", // Trigger.dev
  "dG9rOj[A-Za-z0-9+/=_\\-]{40,200}", // Intercom
  `0\\.${UUID}\\.[A-Za-z0-9]{30}:[A-Za-z0-9+/]{22}==`, // Bitwarden machine account
  "mlsn\\.[a-f0-9]{64}", // MailerSend
  "AstraCS:[A-Za-z0-9]{20,30}:[a-f0-9]{64}", // DataStax Astra
  "v1\\.0-[a-f0-9]{24}-[a-f0-9]{140,150}", // Cloudflare Origin CA key
  "A{21}[A-Za-z0-9%]{30,160}", // X (Twitter) app bearer token
  "akab-[a-z0-9]{16}-[a-z0-9]{16}", // Akamai EdgeGrid client token and secret
];

/** Secrets inside a URL's path or query: webhooks and function keys. */
const URL_SECRETS =
  /(?:\.webhook\.office\.com\/webhookb2\/|hooks\.zapier\.com\/hooks\/catch\/)([\w\-@\/]{8,300})|\.azurewebsites\.net\/api\/[^\s?#"']{1,200}\?(?:[^\s#"']{0,400}&)?code=([A-Za-z0-9_\-%]{30,200}={0,2})/gd;

/** The formats, tried where a run of 16 or more token characters starts (`y`: there only). */
const ALL = new RegExp(`(?:${FORMATS.join("|")})(?![A-Za-z0-9_\\-+/=$:!])`, "y");
/**
 * A run long enough to hold one of the formats: the cheap scan that finds where to try them
 * (at its start, and after each `=` or `:` in it: `--key=rdme_…`).
 */
const RUN = /(?<![A-Za-z0-9_\-.+\/$])[A-Za-z0-9][\w\-.+\/=$:!]{15,}/g;

/**
 * The first two characters of every format that has a prefix: a run that starts otherwise is
 * not tried (a Set lookup instead of a regex of seventy alternatives). A test checks that
 * every format's example starts with one of them.
 */
const STARTS = new Set(
  ("hc ru oy ts op pa ph ls xa pp cs tg sk xk xs pu sb sh EZ CF dp fo fm fi AT nt se AK cm pc " +
    "vc nf dd rn sl FL tf rd pn ic CC hb ps np sg re pd po si pk ac AA 00 LT SC GO AB oa dG 0. " +
    "1/ 2/ K0 sd tr ml As v1 ak").split(" "),
);
/**
 * What the formats with no prefix hold: Mailchimp's `-us`, Terraform's `.atlasv1.`, `AZDO`,
 * ngrok's digit and underscore.
 */
const GENERIC = /-us\d|\.atlasv1\.|AZDO|^\d[A-Za-z0-9]{26}_/;

/** Where the value after the next `=` or `:` of a run starts (offset in the run), or -1. */
function nextSetting(run: string, from: number): number {
  SETTING.lastIndex = from + 1;
  const m = SETTING.exec(run);
  return m === null ? -1 : m.index + 1;
}
const SETTING = /[=:](?=[A-Za-z0-9])/g;

/** Candidate spans of provider tokens known by prefix (tier 3, as the catalogue's formats). */
export function vendorCandidates(text: string, out: Candidate[]): void {
  for (const run of text.matchAll(RUN)) {
    let at = run.index;
    const stop = run.index + run[0].length - 15;
    const anywhere = GENERIC.test(run[0]); // a format with no prefix of its own
    while (at !== -1 && at < stop) {
      if (!anywhere && !STARTS.has(text.slice(at, at + 2))) {
        at = nextSetting(run[0], at - run.index);
        if (at !== -1) at += run.index;
        continue;
      }
      ALL.lastIndex = at;
      const m = ALL.exec(text);
      // Placeholders (`secret_xxxx…`) and identifiers that fit a layout (`secret_` and 43
      // letters of CamelCase) are not tokens.
      if (m !== null && isLiteral(m[0]) && wordFraction(m[0]) < 0.5) {
        out.push({ start: at, end: at + m[0].length, type: "vendor_token", tier: 3 });
        break;
      }
      at = nextSetting(run[0], at - run.index);
      if (at !== -1) at += run.index;
    }
  }
  for (const m of text.matchAll(URL_SECRETS)) {
    const [start, end] = m.indices![1] ?? m.indices![2]!;
    out.push({ start, end, type: "vendor_token", tier: 3 });
  }
}
