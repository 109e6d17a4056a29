/**
 * What file names look like in a project: source, config and doc extensions, extensionless
 * files and dotfiles, folders of scripts, library names that end in `.js`, and host names.
 *
 * @module
 */

/** Source, config and doc extensions, lowercase. (`env` is not one: `process.env` is code.) */
export const EXTENSIONS = new Set([
  ...["ts", "tsx", "mts", "cts", "js", "jsx", "mjs", "cjs", "vue", "svelte", "astro"],
  ...["py", "pyi", "ipynb", "rb", "go", "rs", "java", "kt", "kts", "scala", "groovy", "swift"],
  ...["c", "h", "cc", "cpp", "cxx", "hpp", "hh", "cs", "fs", "fsx", "php", "pl", "pm", "lua"],
  ...["dart", "ex", "exs", "erl", "hrl", "clj", "cljs", "elm", "hs", "ml", "mli", "nim", "zig"],
  ...["jl", "sol", "vim", "el", "sql", "prisma", "graphql", "gql", "proto", "wasm", "wat"],
  ...["sh", "bash", "zsh", "fish", "ps1", "psm1", "bat", "cmd", "mk", "cmake", "just"],
  ...["json", "jsonc", "json5", "yml", "yaml", "toml", "ini", "cfg", "conf", "properties"],
  ...["xml", "plist", "gradle", "sbt", "lock", "tf", "tfvars", "hcl", "nix", "bazel", "bzl"],
  ...["dockerfile", "gemspec", "podspec", "csproj", "sln", "editorconfig"],
  ...["html", "htm", "css", "scss", "sass", "less", "md", "mdx", "rst", "adoc", "txt"],
]);

/** Extensionless file names that are files, not words. */
export const BARE_NAMES = new Set([
  ...["Dockerfile", "Containerfile", "Makefile", "makefile", "GNUmakefile", "Justfile"],
  ...["justfile", "Procfile", "Gemfile", "Rakefile", "Podfile", "Brewfile", "Jenkinsfile"],
  ...["Vagrantfile", "Pipfile", "Caddyfile", "Tiltfile", "Earthfile", "CODEOWNERS", "LICENSE"],
  ...["WORKSPACE"],
]);

/** Dotfiles (and their `.x` variants: `.env.local`) that are config files. */
export const DOTFILES = new Set([
  ...[".env", ".envrc", ".gitignore", ".gitattributes", ".gitmodules", ".npmrc", ".yarnrc"],
  ...[".nvmrc", ".node-version", ".python-version", ".ruby-version", ".tool-versions"],
  ...[".editorconfig", ".prettierrc", ".prettierignore", ".eslintrc", ".eslintignore"],
  ...[".babelrc", ".swcrc", ".dockerignore", ".browserslistrc", ".terraform-version"],
]);

/**
 * First folders whose extensionless entries are usually files (executables, hooks), so that
 * `scripts/release` is a path while `client/server` or "and/or" is prose.
 */
export const SCRIPT_ROOTS = new Set([
  ...["bin", "scripts", "script", "tools", "hack", "ci", "deploy", "hooks", "githooks"],
  ...[".github", ".circleci", ".husky", ".githooks", ".devcontainer", ".vscode"],
]);

/** `.js` names that are libraries in prose, not files. */
export const LIBRARY_NAMES = new Set([
  ...["node", "next", "nuxt", "vue", "react", "three", "d3", "chart", "express", "ember"],
  ...["backbone", "angular", "nest", "solid", "alpine", "p5", "moment", "day", "video"],
  ...["anime", "pdf", "highlight", "knockout", "meteor", "babylon", "paper", "fabric"],
  ...["hammer", "immutable", "preact", "socket", "tensorflow", "brain", "ml5", "vite"],
]);

/** Last labels that make a first segment (`github.com/…`) a host. */
const TOP_LEVEL_DOMAINS = new Set([
  ...["com", "org", "net", "io", "dev", "ai", "co", "app", "gov", "edu", "me", "info", "xyz"],
  ...["cloud", "land", "page", "site", "tech", "us", "uk", "de", "fr", "eu", "ly", "gg"],
]);

/** The lowercase extension of a file name (`a.test.ts` → `ts`); "" when it has none. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : "";
}

/** Whether `name` is a known config dotfile or a variant of one (`.env.local`). */
export function isDotfile(name: string): boolean {
  const base = /^\.[^.]+/.exec(name)?.[0];
  return base !== undefined && DOTFILES.has(base);
}

/** Whether a first path segment is a host name (`github.com`). */
export function isHost(segment: string): boolean {
  const labels = segment.toLowerCase().split(".");
  return labels.length > 1 && labels[0] !== "" && TOP_LEVEL_DOMAINS.has(labels.at(-1)!);
}
