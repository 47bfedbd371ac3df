#!/usr/bin/env python3
"""termtrace.py TRACE: what caching could do for the term reads of a trace written by a server built
with trace.patch (-Dquarry.terms.trace=FILE: each record read past the decoded-term caches as its
offset in terms.dat and its length, big-endian long + int). Replays the reads against:
  1. an LRU cache of records (what a record cache in the process would hit);
  2. an LRU cache of 4 KB pages (the OS cache), of several sizes, and with read units of 4-32 KB;
  3. the start's warm-up region (the first 512 MB of the file) kept, the rest through a small
     private LRU (as reads past the OS cache, O_DIRECT, with a cache of their own would be);
  4. the hints of a result merged into ranges (reads taken ten at a time);
  5. the records packed twice as dense (a term file compressed 2x: deflate gives 2.0-2.2x on its
     4 KB pages), with 550 MB of OS cache and the warm-up's share held."""
import collections, struct, sys

data = open(sys.argv[1], 'rb').read()
reads = [struct.unpack_from('>qi', data, i * 12) for i in range(len(data) // 12)]
PAGE, WARM = 4096, (512 << 20) // 4096

def pages(off, length, density=1.0):
    """The 4 KB pages a read touches; density 2 places every byte at half its offset."""
    span = max(64, length) if length > 0 else -length  # a read asks for 64 bytes at least
    return range(int(off / density) // PAGE, int((off + span - 1) / density) // PAGE + 1)

distinct = {o for o, l in reads}
touched = {p for o, l in reads for p in pages(o, l)}
print(f'{len(reads):,} reads of {len(distinct):,} distinct records '
      f'(mean {sum(l for _, l in reads) / len(reads):.0f} bytes) on {len(touched):,} distinct 4 KB pages')
print(f'in the first 512 MB (read at start by the warm-up): '
      f'{sum(1 for o, _ in reads if o // PAGE < WARM) / len(reads):.0%} of the reads')

def record_lru(mb, overhead=48):
    cap, cache, used, miss = mb << 20, collections.OrderedDict(), 0, 0
    for o, l in reads:
        if o in cache:
            cache.move_to_end(o)
            continue
        miss += 1
        cache[o] = l + overhead
        used += l + overhead
        while used > cap:
            used -= cache.popitem(last=False)[1]
    return miss

def page_lru(mb, unit=PAGE, warm=False, skip_warm=False, density=1.0):
    cap, held = (mb << 20) // PAGE, int(WARM / density)  # the warm-up's 512 MB, packed as dense
    cache = collections.OrderedDict((p, 1) for p in range(held)) if warm else collections.OrderedDict()
    requests = read = 0
    per = unit // PAGE
    for o, l in reads:
        for p in pages(o, l, density):
            if skip_warm and p < held:
                continue
            if p in cache:
                cache.move_to_end(p)
                continue
            requests += 1
            for q in range(p // per * per, p // per * per + per):
                if q not in cache:
                    read += PAGE
                cache[q] = 1
                cache.move_to_end(q)
            while len(cache) > cap:
                cache.popitem(last=False)
    return requests, read >> 20

print('\n1. record LRU: MB -> misses')
for mb in (32, 64, 128, 256):
    print(f'   {mb:4d} MB  {record_lru(mb):9,}')
print('2. page LRU (none warm at start): MB, read unit -> device requests, MB read')
for mb in (256, 512, 700):
    print(f'   {mb:4d} MB  4 KB  {page_lru(mb)[0]:9,}  {page_lru(mb)[1]:6,}')
for unit in (8192, 16384, 32768):
    r, m = page_lru(700, unit)
    print(f'    700 MB {unit >> 10:2d} KB  {r:9,}  {m:6,}')
print('   the warm-up region held:')
for unit in (4096, 8192, 16384):
    r, m = page_lru(550, unit, warm=True)
    print(f'    550 MB {unit >> 10:2d} KB  {r:9,}  {m:6,}')
print('3. the warm-up region kept: one LRU of 700 MB over all, or a private LRU for the rest')
print(f'   shared 700 MB      {page_lru(700, warm=True)[0]:9,}')
for mb in (16, 64, 128, 256):
    print(f'   private {mb:4d} MB  {page_lru(mb, skip_warm=True)[0]:9,}')
pg = runs = 0
for i in range(0, len(reads) - 10, 10):
    ps = sorted({p for o, l in reads[i:i + 10] for p in pages(o, l)})
    pg += len(ps)
    runs += 1 + sum(1 for a, b in zip(ps, ps[1:]) if b != a + 1)
print(f'4. reads ten at a time: {pg:,} pages in {runs:,} runs of adjacent pages ({1 - runs / pg:.0%} fewer requests)')

as_stored, dense = page_lru(550, warm=True)[0], page_lru(550, warm=True, density=2.0)[0]
print(f'5. 550 MB of OS cache: {as_stored:,} device requests as stored, {dense:,} twice as dense')
