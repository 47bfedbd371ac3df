#!/bin/sh
# Puts HAProxy (Debian's package: apt-get install haproxy) in front of Quarry servers that share
# one store (e.g. `quarry serve --config acc.yaml` on several ports or machines), as one endpoint:
#   store-accumulo/balancer.sh PORT HOST:PORT HOST:PORT... &
#   curl 'http://127.0.0.1:PORT/sparql?query=ASK{}'
# Each request goes to the server with the fewest open requests (queries differ a thousandfold in
# cost, so fewest-open beats turns); a server that fails its /health check is left out until it
# passes again, and a request a server refuses at connect is sent to another. Listens on 127.0.0.1 unless BIND says otherwise (BIND=0.0.0.0). Runs in the
# foreground until stopped; the configuration it writes is in ${TMPDIR:-/tmp}/quarry-balancer-PORT.
# Its /haproxy?stats page shows each server's requests. Any balancer does as well: the servers
# hold no state of a client's between requests.
set -eu
[ $# -ge 2 ] || { echo "usage: $0 PORT HOST:PORT [HOST:PORT...]" >&2; exit 2; }
command -v haproxy >/dev/null || { echo "$0: haproxy is not installed (apt-get install haproxy)" >&2; exit 2; }
port=$1
shift
bind=${BIND:-127.0.0.1}
# As long as the longest query the servers allow (server.query-timeout), and some.
timeout=${QUARRY_BALANCER_TIMEOUT:-10m}
dir=${TMPDIR:-/tmp}/quarry-balancer-$port
mkdir -p "$dir"
cfg=$dir/haproxy.cfg
{
  cat <<CFG
global
  maxconn 4096

defaults
  mode http
  option http-keep-alive
  timeout connect 5s
  timeout client $timeout
  timeout server $timeout
  timeout http-request 30s

frontend sparql
  bind $bind:$port
  stats enable
  stats uri /haproxy?stats
  default_backend quarry

backend quarry
  balance leastconn
  option redispatch
  retries 2
  option httpchk GET /health
  http-check expect status 200
CFG
  n=0
  for server in "$@"; do
    n=$((n + 1))
    echo "  server quarry$n $server check inter 2s fall 2 rise 1"
  done
} > "$cfg"
haproxy -c -q -f "$cfg"
exec haproxy -db -f "$cfg"
