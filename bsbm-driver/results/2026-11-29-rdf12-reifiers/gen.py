# From BSBM 1M: each review's (review reviewFor product) annotated with its reviewer, twice:
# RDF 1.2 (a reifier of the triple term) and RDF 1.1 reification (rdf:Statement), in one file each.
import re, sys
RDF = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
FOR = "<http://www4.wiwiss.fu-berlin.de/bizer/bsbm/v01/vocabulary/reviewFor>"
BY = "<http://purl.org/stuff/rev#reviewer>"
review_for, reviewer = {}, {}
with open(sys.argv[1]) as f:
    for line in f:
        parts = line.split(" ", 2)
        if len(parts) < 3:
            continue
        if parts[1] == FOR:
            review_for[parts[0]] = parts[2].rsplit(" .", 1)[0].strip()
        elif parts[1] == BY:
            reviewer[parts[0]] = parts[2].rsplit(" .", 1)[0].strip()
n = 0
with open("annotations-rdf12.nt", "w") as a, open("annotations-reification.nt", "w") as b:
    for rev, prod in review_for.items():
        who = reviewer.get(rev)
        if who is None:
            continue
        n += 1
        r12 = "<http://quarry.dev/bench/reifier%d>" % n
        a.write("%s <%sreifies> <<( %s %s %s )>> .\n" % (r12, RDF, rev, FOR, prod))
        a.write("%s <http://quarry.dev/bench/by> %s .\n" % (r12, who))
        st = "<http://quarry.dev/bench/statement%d>" % n
        b.write("%s <%stype> <%sStatement> .\n" % (st, RDF, RDF))
        b.write("%s <%ssubject> %s .\n" % (st, RDF, rev))
        b.write("%s <%spredicate> %s .\n" % (st, RDF, FOR))
        b.write("%s <%sobject> %s .\n" % (st, RDF, prod))
        b.write("%s <http://quarry.dev/bench/by> %s .\n" % (st, who))
print(n, "reviews annotated")
