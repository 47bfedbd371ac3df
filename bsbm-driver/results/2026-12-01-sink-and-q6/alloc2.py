import subprocess, re, sys, collections
jfr = sys.argv[1]; want = sys.argv[2]
txt = subprocess.run(["/usr/lib/jvm/temurin-25-jdk-amd64/bin/jfr", "print", "--stack-depth", "12", "--events", "jdk.ObjectAllocationSample", jfr], capture_output=True, text=True).stdout
c = collections.Counter(); total = 0
for ev in txt.split("jdk.ObjectAllocationSample")[1:]:
    w = re.search(r"weight = ([\d.]+) (\w+)", ev)
    if not w: continue
    v = float(w.group(1)) * {"bytes": 1, "kB": 1e3, "MB": 1e6, "GB": 1e9}.get(w.group(2), 1)
    total += v
    if "stackTrace = [" not in ev: continue
    lines = re.findall(r"^\s+([\w.$<>]+\(.*?line: \d+)", ev.split("stackTrace = [")[1], re.M)
    for i, l in enumerate(lines):
        if want in l:
            cls = re.search(r"objectClass = (\S+)", ev).group(1)
            c[cls + " @ " + " <- ".join(x.split("(")[0].split(".")[-1] + ":" + x.split("line: ")[1] for x in lines[i:i+3])] += v
            break
for k, v in c.most_common(12): print(f"{v/total*100:5.1f}% {k}")
