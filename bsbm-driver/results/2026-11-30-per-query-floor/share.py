import collections, os, re, subprocess, sys
# The share of JFR execution samples under each frame, per profile: python3 share.py A.jfr B.jfr
for f in sys.argv[1:]:
    txt = subprocess.run([os.environ.get('JDK', '/usr/lib/jvm/temurin-25-jdk-amd64') + '/bin/jfr','print','--events','jdk.ExecutionSample','--stack-depth','64',f],capture_output=True,text=True).stdout
    evs = txt.split('jdk.ExecutionSample')[1:]
    keys = ['Compiler.compile', 'PatternPlanner.plan', 'Scope.perRow', 'XmlResults.solution',
            'Utf8Sink.text', 'QueryService.prepare', 'QueryTemplates.node', 'StrictForm.component',
            'TermBatches.willNeed', 'IdOperator.next']
    c = collections.Counter(); n = 0
    for e in evs:
        fr = re.findall(r'^\s+([\w$.<>]+)\(', e, re.M)
        if not fr: continue
        n += 1
        s = set(fr)
        for k in keys:
            if any(x.endswith(k) for x in s): c[k] += 1
    print(f, n, 'samples:', ' '.join(f'{k}={c[k] * 100 / n:.1f}%' for k in keys))
