#!/usr/bin/env python3
# slow-clients.py PORT N: N connections to a running server each send a half request (request line
# and some headers, no end), then nothing; a normal client is served meanwhile; reports how long the
# server took to close them and what it answered (408 after limits.request-header-time). Not CI.
import socket, sys, time, select, urllib.request, urllib.parse
port, n = int(sys.argv[1]), int(sys.argv[2])
socks = []
t0 = time.time()
for i in range(n):
    s = socket.create_connection(('127.0.0.1', port)); s.sendall(b'GET /sparql?query=ASK%7B%7D HTTP/1.1\r\nHost: x\r\nAccept: text/csv\r\n'); socks.append(s)
print(f"{n} half-sent requests open after {time.time()-t0:.2f} s")
q = time.time(); r = urllib.request.urlopen(f'http://127.0.0.1:{port}/sparql?query=' + urllib.parse.quote('ASK {}'), timeout=10).read()
print(f"a normal client meanwhile: answered in {1000*(time.time()-q):.1f} ms: {r[:40]!r}")
open_ = set(socks); closed_at = []; statuses = {}
while open_ and time.time() - t0 < 120:
    r, _, _ = select.select(list(open_), [], [], 1.0)
    for s in r:
        d = s.recv(65536)
        if d:
            statuses[d[:12]] = statuses.get(d[:12], 0) + 1
            while d: d = s.recv(65536)
        open_.discard(s); closed_at.append(time.time() - t0)
print(f"closed by the server: {len(closed_at)} of {n}; first after {min(closed_at):.2f} s, last after {max(closed_at):.2f} s; answers {statuses}; still open {len(open_)}")
