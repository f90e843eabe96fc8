#!/usr/bin/env bash
# `.ci/sqlite-addon.sh`: makes node_modules/better-sqlite3 load on the `node` first in PATH.
# better-sqlite3 is the one native addon built against one Node ABI (the others are N-API prebuilts, or esbuild's
# plain executable), so CI, which runs three Node versions in one checkout, swaps its binary per version. Each ABI's
# binary is kept in the CI cache (see .ci/node.sh) under better-sqlite3/: only the first run for a version
# compiles (a minute or two on 2 cores); later ones copy one file. The file is removed before the copy, never written over, so a
# hard-linked node_modules elsewhere keeps its own.
# Without node_modules/better-sqlite3 (nothing installed yet) there is nothing to do.
set -euo pipefail
cd "$(dirname "$0")/.."

pkg=node_modules/better-sqlite3
[ -f "$pkg/package.json" ] || exit 0
binary="$pkg/build/Release/better_sqlite3.node"
key="$(node -p "require('./$pkg/package.json').version + '-abi' + process.versions.modules + '-' + process.platform + '-' + process.arch")"
cache="${PARLEY_CI_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/parley-ci}/better-sqlite3"
cached="$cache/$key.node"
loads() { node -e "new (require('better-sqlite3'))(':memory:').prepare('select 1').get()" 2>/dev/null; }

if ! loads; then
  if [ -f "$cached" ]; then
    mkdir -p "$(dirname "$binary")" && rm -f "$binary" && cp "$cached" "$binary"
  else
    # Headers from the Node being used (the registry package has include/node; Debian's node has /usr/include/node):
    # node-gyp must not go looking for them on the network.
    nodedir="$(dirname "$(dirname "$(readlink -f "$(command -v node)")")")"
    [ -f "$nodedir/include/node/node.h" ] || { echo "no Node headers under $nodedir/include/node" >&2; exit 1; }
    echo "building better-sqlite3 for Node $(node -v) (ABI $(node -p process.versions.modules))"
    npm_config_nodedir="$nodedir" npm rebuild better-sqlite3 --no-audit --no-fund >"${TMPDIR:-/tmp}/sqlite-addon-build.log" 2>&1 ||
      { tail -40 "${TMPDIR:-/tmp}/sqlite-addon-build.log" >&2; exit 1; }
  fi
  loads || { echo "better-sqlite3 does not load on Node $(node -v)" >&2; exit 1; }
fi
if [ ! -f "$cached" ]; then
  mkdir -p "$cache" && cp "$binary" "$cached.tmp" && mv "$cached.tmp" "$cached"
fi
echo "better-sqlite3 $key"
