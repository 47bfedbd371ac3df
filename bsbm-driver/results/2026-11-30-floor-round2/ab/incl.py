import re,collections,sys
txt=open(sys.argv[1]).read().split('jdk.ExecutionSample')[1:]
thr=sys.argv[2] if len(sys.argv)>2 else 'quarry-query'
c=collections.Counter(); n=0
stacks=[]
for e in txt:
    m=re.search(r'sampledThread = "([^"]*)"',e)
    if not m or thr not in m.group(1): continue
    fr=re.findall(r'^\s+([\w$.<>]+)\(', e, re.M)
    if not fr: continue
    n+=1; stacks.append(fr)
    for f in set(fr): c[f]+=1
print('samples',n)
for k,v in c.most_common(int(sys.argv[3]) if len(sys.argv)>3 else 80):
    print(f'{v*100/n:5.1f}% {k}')
