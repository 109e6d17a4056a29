/**
 * Word forms the Porter stemmer keeps apart although a developer means the same thing:
 * `linter` and `lint`, `deploy` (stem `deploi`) and `deployment` (stem `deploy`), `db` and
 * `database`, `config` and `configuration`. Each family is one word in several forms:
 * inflections, derivations and the abbreviations developers write. Recall searches every form
 * of a query word (`query_terms.ts` in recall); displayed text never passes through here.
 *
 * @module
 */

/** One family per line, forms separated by spaces. */
const FAMILIES = `
lint lints linter linters linting linted
format formats formatter formatters formatting
deploy deploys deployed deploying deployment deployments
config configs configure configured configuring configuration configurations
auth authn authz authenticate authenticated authentication authorize authorization
repo repos repository repositories
env envs environment environments
dep deps dependency dependencies
db dbs database databases
app apps application applications
doc docs documentation
msg msgs message messages
k8s kubernetes kube
spec specs specification specifications
impl implementation implementations implement
init initialize initialise initialization initialisation
infra infrastructure
perf performance
dir dirs directory directories folder folders
var vars variable variables
arg args argument arguments
param params parameter parameters
fn func funcs function functions
pkg pkgs package packages
build builds builder builders building
bundle bundles bundler bundlers bundling
compile compiles compiler compilers compiling compilation
run runs runner runners running
schedule schedules scheduler schedulers scheduled scheduling
migrate migrates migration migrations migrating
release releases released releasing
install installs installer installation installing
log logs logger loggers logging
debug debugger debugging
parse parses parser parsers parsing
serialize serializer serialization serialise serialisation
route routes router routers routing
provision provisioner provisioning
monitor monitors monitoring
notify notifier notification notifications
cred creds credential credentials
cert certs certificate certificates
stat stats statistic statistics
sync syncs synced syncing synchronize synchronization
async asynchronous
i18n internationalization internationalisation localization localisation l10n
a11y accessibility accessible
e2e end-to-end
pr prs
lock lockfile lockfiles
prod production
dev development
`;

const FORMS: ReadonlyMap<string, readonly string[]> = (() => {
  const forms = new Map<string, string[]>();
  for (const line of FAMILIES.trim().split("\n")) {
    const family = line.trim().split(/\s+/);
    for (const word of family) forms.set(word, family.filter((other) => other !== word));
  }
  return forms;
})();

/**
 * The other forms of `word` (lowercase) in its family: empty when it has none.
 *
 * @example Usage
 * ```ts
 * import { wordForms } from "./word_forms.ts";
 * import { equal } from "node:assert/strict";
 *
 * equal(wordForms("linter").includes("lint"), true);
 * equal(wordForms("deployment").includes("deploy"), true);
 * equal(wordForms("postgres").length, 0);
 * ```
 */
export function wordForms(word: string): readonly string[] {
  return FORMS.get(word) ?? [];
}
