import json,sys,glob
# plateau.py DIR...: QMpH over the whole run, the last 120 s, and the 5 s periods from the start command
for d in sys.argv[1:]:
    j=json.load(open(glob.glob(d+'/explore-*.json')[0])); t=j['timeline']; p=j['periodSeconds']
    n=int(120/p); last=sum(t[-n:])/n
    print(d.split('/')[-1], 'QMpH', round(j['qmph']), 'last120', round(last), 'periods', len(t))
