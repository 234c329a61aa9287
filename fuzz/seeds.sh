#!/usr/bin/env bash
# The fuzz targets' seed inputs live in one text file, fuzz/seeds.txt, one
# seed a line: `<target>/<name> <bytes>`, where the bytes are written as
# they are except that a backslash, a byte outside printable ASCII and a
# final space are written `\xHH`. tests/fuzz_smoke.rs reads that file
# directly; cargo fuzz wants a directory of files per target, which this
# script writes (and reads back after a corpus merge).
#
#   bash fuzz/seeds.sh unpack [DIR]   # write DIR/<target>/<name> (default fuzz/seeds, ignored by git)
#   bash fuzz/seeds.sh pack [DIR]     # rewrite fuzz/seeds.txt from DIR/<target>/* (default fuzz/seeds)
#
# Needs only bash and coreutils (od, awk).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
pack="$here/seeds.txt"
cmd="${1:-}"
dir="${2:-$here/seeds}"

case "$cmd" in
  unpack)
    n=0
    while IFS= read -r line || [ -n "$line" ]; do
      case "$line" in '#'* | '') continue ;; esac
      name="${line%% *}"
      data=""
      [ "$name" = "$line" ] || data="${line#* }"
      case "$name" in */*) ;; *) echo "seeds.txt: bad line: $line" >&2; exit 1 ;; esac
      mkdir -p "$dir/${name%%/*}"
      # Every backslash in `data` starts a \xHH escape (the pack writes
      # backslashes themselves as \x5c), which is all %b has to read.
      printf '%b' "$data" >"$dir/$name"
      n=$((n + 1))
    done <"$pack"
    echo "$n seeds written under $dir"
    ;;
  pack)
    tmp="$(mktemp)"
    {
      echo "# Seed inputs of the fuzz targets (fuzz/seeds.sh): <target>/<name> <bytes>,"
      echo "# with \\xHH for a backslash, a byte outside printable ASCII and a final space."
      for f in $(cd "$dir" && ls -d */* | LC_ALL=C sort); do
        printf '%s ' "$f"
        od -An -v -tu1 "$dir/$f" | awk '
          { for (i = 1; i <= NF; i++) b[n++] = $i }
          END {
            for (i = 0; i < n; i++) {
              c = b[i] + 0
              if (c < 32 || c > 126 || c == 92 || (c == 32 && i == n - 1)) printf "\\x%02x", c
              else printf "%c", c
            }
            printf "\n"
          }'
      done
    } >"$tmp"
    chmod 644 "$tmp"
    mv "$tmp" "$pack"
    echo "$(grep -vc '^#' "$pack") seeds packed into $pack"
    ;;
  *)
    echo "usage: bash fuzz/seeds.sh unpack|pack [DIR]" >&2
    exit 2
    ;;
esac
