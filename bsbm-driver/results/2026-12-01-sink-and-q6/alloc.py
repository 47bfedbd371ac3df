import subprocess, re, sys, collections
jfr = sys.argv[1]; depth = int(sys.argv[2]) if len(sys.argv) > 2 else 1
txt = subprocess.run(["/usr/lib/jvm/temurin-25-jdk-amd64/bin/jfr", "print", "--stack-depth", "30", "--events", "jdk.ObjectAllocationSample", jfr], capture_output=True, text=True).stdout
by_frame = collections.Counter(); by_class = collections.Counter(); total = 0
for ev in txt.split("jdk.ObjectAllocationSample")[1:]:
    w = re.search(r"weight = ([\d.]+) (\w+)", ev)
    if not w: continue
    v = float(w.group(1)) * {"bytes": 1, "kB": 1e3, "MB": 1e6, "GB": 1e9}.get(w.group(2), 1)
    cls = re.search(r"objectClass = (\S+)", ev).group(1)
    frames = re.findall(r"^\s+([\w.$<>]+)\(", ev.split("stackTrace = [")[1], re.M) if "stackTrace = [" in ev else []
    # first non-JDK frame
    key = next((f for f in frames if f.startswith("dev.quarry")), frames[0] if frames else "?")
    chain = ";".join(frames[:depth])
    total += v; by_frame[key] += v; by_class[cls] += v; 
    by_frame["CHAIN " + chain] += v
print("total MB", total / 1e6)
for k, v in by_class.most_common(15): print(f"{v/total*100:5.1f}% class {k}")
for k, v in [kv for kv in by_frame.most_common(200) if not kv[0].startswith("CHAIN")][:30]: print(f"{v/total*100:5.1f}% {k}")
