/**
 * A change made in a setting that is not the team's system leaves the standing fact standing:
 * "In the blog tutorial we replaced Express with Hono", "for the workshop we switched the
 * sample app to SQLite", "at the hackathon we moved the bot to Bun". A tutorial, a workshop, a
 * talk, a kata, a hackathon, a toy, side or sample project is written for itself; a
 * distribution's packages are the world's ("Valkey 8 replaced Redis in the Fedora repos"). Read
 * only when the stored statement names no such setting ("the tutorial app now uses Hono" after
 * "the tutorial app uses Express" is a change of the tutorial's fact).
 *
 * @module
 */

/** A setting written for itself, not the team's system. */
const SETTING =
  /\b(?:tutorials?|workshops?|katas?|hackathons?|codelabs?|blog posts?|conference talks?|live[- ]coding|toy (?:project|app)s?|side projects?|sample (?:project|app|repo)s?|example (?:project|app|repo)s?|screencasts?|course (?:project|repo)s?)\b/i;

/** A distribution's package set. */
const DISTRIBUTION =
  /\b(?:fedora|debian|ubuntu|alpine|arch linux|homebrew|nixpkgs|rhel|centos|opensuse|conda-forge|chocolatey|winget|aur)(?:'s|’s)? (?:repos?|repositories|packages|archive|formulae?|channels?)\b/i;

/** Whether `incoming` happens in a setting apart from the team's that `stored` does not name. */
export function otherSetting(incoming: string, stored: string): boolean {
  return [SETTING, DISTRIBUTION].some((re) => re.test(incoming) && !re.test(stored));
}
