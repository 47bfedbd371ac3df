#!/usr/bin/env python3
"""devlat.py FILE [N]: the device's latency for random 4 KB reads (O_DIRECT: no OS cache)."""
import mmap, os, random, sys, time
fd = os.open(sys.argv[1], os.O_RDONLY | os.O_DIRECT)
n = int(sys.argv[2]) if len(sys.argv) > 2 else 2000
buf, pages = mmap.mmap(-1, 4096), os.fstat(fd).st_size // 4096
random.seed(7)
t = []
for _ in range(n):
    off = random.randrange(pages) * 4096
    s = time.perf_counter()
    os.preadv(fd, [buf], off)
    t.append((time.perf_counter() - s) * 1e6)
t.sort()
print(f'{n} random 4 KB reads: p50 {t[n // 2]:.0f} us, p90 {t[n * 9 // 10]:.0f}, '
      f'p99 {t[n * 99 // 100]:.0f}, mean {sum(t) / n:.0f}')
