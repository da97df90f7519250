#!/usr/bin/env bash
# Prints the bin directory of a Node <major> for this machine, installing it once from the npm
# registry (the node-<os>-<arch> packages hold the official binaries): CI tests other Node
# versions without downloading anything from outside the registries.
# Usage: PATH="$(scripts/node-binary.sh 22):$PATH" pnpm test:unit
set -euo pipefail

major="${1:?usage: node-binary.sh <major>}"
[[ "$major" =~ ^[0-9]+$ ]] || { echo "node-binary.sh: major must be a number, got \"$major\"" >&2; exit 2; }

case "$(uname -s)" in
  Linux) os=linux ;;
  Darwin) os=darwin ;;
  *) echo "node-binary.sh: unsupported OS $(uname -s)" >&2; exit 2 ;;
esac
case "$(uname -m)" in
  x86_64 | amd64) arch=x64 ;;
  aarch64 | arm64) arch=arm64 ;;
  *) echo "node-binary.sh: unsupported CPU $(uname -m)" >&2; exit 2 ;;
esac

package="node-$os-$arch"
prefix="${REFAPI_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/refapi-node}/$major"
bin="$prefix/node_modules/$package/bin"

if ! "$bin/node" --version 2>/dev/null | grep -q "^v$major\."; then
  mkdir -p "$prefix"
  # The package's own postinstall only links a node shim: the binary is in the tarball.
  npm install --prefix "$prefix" --no-save --no-audit --no-fund --ignore-scripts --loglevel=error \
    "$package@$major" >/dev/null
  "$bin/node" --version | grep -q "^v$major\." || {
    echo "node-binary.sh: $package@$major has no runnable bin/node" >&2
    exit 1
  }
fi
echo "$bin"
