import sys
rows=[]
for l in open(sys.argv[1]):
    p=l.split(); d={'t':int(p[0])}
    for kv in p[1:]:
        k,v=kv.split('=',1); d[k]=float(v) if v else 0
    rows.append(d)
prev=None
Q='quarry_sparql_query_seconds_count'
for d in rows:
    if prev and Q in d and Q in prev:
        q=d[Q]-prev[Q]; dt=d['t']-prev['t']
        io=(d['io']-prev['io'])/1024
        g=lambda k: d.get(k,0)-prev.get(k,0)
        print(f"{d['t']:4d}s q/s {q/dt:7.0f} devKB/q {io/max(q,1):6.1f} miss/q {g('quarry_buffer_misses_total')/max(q,1):5.2f} termreads/q {g('quarry_terms_file_reads_total')/max(q,1):5.2f}")
    prev=d
