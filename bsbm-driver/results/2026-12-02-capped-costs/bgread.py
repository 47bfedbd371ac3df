#!/usr/bin/env python3
"""bgread.py FILE RATE: random 4 KB O_DIRECT reads of FILE at about RATE a second until killed
(SIGTERM); then prints how many it read and the CPU it used. A stand-in for a capped server's
device reads beside an uncapped server: what do the reads cost the machine, apart from the reader."""
import mmap, os, random, resource, signal, sys, time
fd = os.open(sys.argv[1], os.O_RDONLY | os.O_DIRECT)
rate = int(sys.argv[2])
buf, pages = mmap.mmap(-1, 4096), os.fstat(fd).st_size // 4096
done, start = 0, time.monotonic()
stop = False
def end(*_):
    global stop
    stop = True
signal.signal(signal.SIGTERM, end)
while not stop:
    due = int((time.monotonic() - start) * rate)
    while done < due and not stop:
        os.preadv(fd, [buf], random.randrange(pages) * 4096)
        done += 1
    time.sleep(0.005)
r = resource.getrusage(resource.RUSAGE_SELF)
el = time.monotonic() - start
print(f'{done} reads in {el:.0f} s ({done / el:.0f}/s); reader CPU user {r.ru_utime:.1f} s sys {r.ru_stime:.1f} s')
