import re,collections,sys
txt=open(sys.argv[1]).read().split('jdk.ExecutionSample')[1:]
target=sys.argv[2]
c=collections.Counter(); n=0; tot=0
for e in txt:
    m=re.search(r'sampledThread = "([^"]*)"',e)
    if not m or 'quarry-query' not in m.group(1): continue
    fr=re.findall(r'^\s+([\w$.<>]+)\(', e, re.M)
    tot+=1
    idx=[i for i,f in enumerate(fr) if f.endswith(target)]
    if not idx: continue
    i=max(idx)  # outermost occurrence
    n+=1
    c[fr[i-1] if i>0 else '<self>']+=1
print(target, f'{n*100/tot:.1f}% of', tot)
for k,v in c.most_common(14): print(f'  {v*100/tot:5.1f}% {k}')
