#!/usr/bin/env python3
"""devsplit.py RUNDIR...: the bytes a server read from the device (/metrics at the run's end), the
pool's reads among them, and the rest (the term file, and with buffered I/O less any pool read the
OS cache served)."""
import sys
for d in sys.argv[1:]:
    m = {}
    for line in open(d.rstrip('/') + '/metrics.txt'):
        if line.startswith('#'):
            continue
        k, v = line.rsplit(' ', 1)
        k = k.split('{')[0]
        m[k] = m.get(k, 0) + float(v)
    dev = m['quarry_process_device_read_bytes_total']
    pool = m['quarry_buffer_read_bytes_total']
    print(f"| {d.rstrip('/')} | {dev/1e9:.2f} | {pool/1e9:.2f} | {(dev-pool)/1e9:.2f} |")
