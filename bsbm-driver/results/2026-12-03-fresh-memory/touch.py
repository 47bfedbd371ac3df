import mmap,time,sys
n=int(sys.argv[1])<<30
for r in range(int(sys.argv[2]) if len(sys.argv)>2 else 1):
    m=mmap.mmap(-1,n)
    t=time.time()
    for i in range(0,n,4096): m[i]=1
    d=time.time()-t
    print(f"round {r}: {n>>30} GB first-touched in {d:.2f} s = {d/(n/4096)*1e6:.2f} us a page", flush=True)
    m.close(); time.sleep(5)
