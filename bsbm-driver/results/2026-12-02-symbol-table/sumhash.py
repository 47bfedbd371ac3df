import sys, hashlib
# An order-independent digest of lines: the sum of each line's 64-bit blake2b, mod 2^64, and the count.
s = 0; n = 0
for line in sys.stdin.buffer:
    s = (s + int.from_bytes(hashlib.blake2b(line, digest_size=8).digest(), 'little')) & 0xFFFFFFFFFFFFFFFF
    n += 1
print(n, hex(s))
