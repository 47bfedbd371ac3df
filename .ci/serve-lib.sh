# Sourced by the runs outside CI: starts `quarry serve` over a store, in the background.
#   serve_store STORE LOG [--set k=v ...]   sets $server (its pid) and $endpoint (its /sparql URL)
# Updates are on; the port is free; the endpoint is read from the file the server writes in the store
# once it listens. Fails (returns 1, the log's tail on stderr) if the server exits first.
serve_store() {
  local store=$1 log=$2
  shift 2
  rm -f "$store/server-endpoint"
  ./quarry serve --location "$store" --port 0 --set update.enabled=true \
    --set server.demo-data=false "$@" >>"$log" 2>&1 &
  server=$!
  for _ in $(seq 1 240); do
    if [ -f "$store/server-endpoint" ]; then
      endpoint=$(cat "$store/server-endpoint")
      return 0
    fi
    kill -0 "$server" 2>/dev/null || break
    sleep 0.25
  done
  echo "the server did not start: $(tail -5 "$log")" >&2
  return 1
}
