#!/usr/bin/env bash
# Runs a command with Node ≥ 22.12 and pnpm 10 first on PATH, for a machine that has only Node
# (any version npm runs) and npm: what is missing comes from the npm registry, once, into
# ~/.cache/refapi-node (Node 22 by scripts/node-binary.sh, pnpm as package.json's
# packageManager names it), announced in one line. A pnpm command gets `pnpm install` first.
# On a machine with Node ≥ 22.12 and pnpm 10 it changes nothing: `pnpm install && <command>`.
# Usage: scripts/toolchain.sh pnpm start    (or pnpm test, or any command)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
if [[ $# -eq 0 ]]; then
  echo "usage: scripts/toolchain.sh <command…>, e.g. scripts/toolchain.sh pnpm start" >&2
  exit 2
fi
# HOME may be unset (`env -i`, some CI runners): the account's home from the password file.
home="${HOME:-$(getent passwd "$(id -u)" 2>/dev/null | cut -d: -f6)}"
cache="${REFAPI_NODE_CACHE:-${XDG_CACHE_HOME:-${home:-/tmp}/.cache}/refapi-node}"
export REFAPI_NODE_CACHE="$cache"

brought=()
had_node="$(node --version 2>/dev/null || echo none)"
# Asked once: each start of pnpm costs half a second on a small machine.
had_pnpm="$(pnpm --version 2>/dev/null || echo none)"
if ! node "$root/scripts/require-node.mjs" --check 2>/dev/null; then
  command -v npm >/dev/null 2>&1 || {
    echo "scripts/toolchain.sh: needs npm to fetch Node 22 (this machine has $had_node and no npm)" >&2
    exit 1
  }
  PATH="$("$root/scripts/node-binary.sh" 22):$PATH"
  brought+=("Node $(node --version)")
fi

if [[ "$had_pnpm" != 10.* ]]; then
  version="$(node -p 'require(process.argv[1]).packageManager.split("@")[1]' "$root/package.json")"
  prefix="$cache/pnpm-$version"
  # The cached pnpm's version from its manifest: starting pnpm to ask costs half a second.
  cached="$(node -p 'try { require(process.argv[1]).version } catch { "" }' \
    "$prefix/node_modules/pnpm/package.json")"
  if [[ "$cached" != "$version" || ! -x "$prefix/node_modules/.bin/pnpm" ]]; then
    mkdir -p "$prefix"
    npm install --prefix "$prefix" --no-save --no-audit --no-fund --loglevel=error \
      "pnpm@$version" >/dev/null
  fi
  PATH="$prefix/node_modules/.bin:$PATH"
  brought+=("pnpm $version")
fi
export PATH

if [[ ${#brought[@]} -gt 0 ]]; then
  list="${brought[0]}${brought[1]:+ and ${brought[1]}}"
  echo "toolchain: using $list from the npm registry, cached in $cache (this machine: Node $had_node, pnpm $had_pnpm)" >&2
fi

# A pnpm command gets `pnpm install` first, unless node_modules already holds this lockfile
# (pnpm keeps a copy of the one it installed); its output goes to stderr: stdout is the
# command's own, for a pipe (`scripts/toolchain.sh pnpm -s refctl me -o json | jq`).
if [[ "$1" == pnpm && "${2:-}" != install && "${2:-}" != i ]]; then
  if ! cmp -s "$root/pnpm-lock.yaml" "$root/node_modules/.pnpm/lock.yaml"; then
    (cd "$root" && pnpm install) >&2
  fi
fi
exec "$@"
