package dev.quarry.core.index.spi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import org.apache.jena.datatypes.xsd.XSDDatatype;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.sparql.core.Quad;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The contract of the index SPI ({@link QuadBackend}, {@link QuadView}): what Quarry's executor and
 * Jena adapter rely on of any backend. Every implementation runs it through a subclass. Answers are
 * compared with a brute-force reading of the same quads kept in a list.
 */
public abstract class AbstractQuadBackendContractTest {
  private static final long ANY = QuadView.NONE;
  private QuadBackend backend;

  /** A new, empty backend. */
  protected abstract QuadBackend open() throws Exception;

  /** Releases what {@link #open} made. */
  protected abstract void close() throws Exception;

  @BeforeEach
  void setUp() throws Exception {
    backend = open();
  }

  @AfterEach
  void tearDown() throws Exception {
    close();
  }

  private static Node iri(String s) {
    return NodeFactory.createURI("http://ex/" + s);
  }

  /** Random quads over few terms (so patterns match several), written in one transaction. */
  private List<long[]> load(Random rnd, int n) {
    WriteView w = backend.beginWrite();
    List<long[]> quads = new ArrayList<>();
    Set<List<Long>> seen = new HashSet<>();
    try {
      for (int i = 0; i < n; i++) {
        long g = rnd.nextInt(4) == 0 ? w.defaultGraph() : w.idOrCreate(iri("g" + rnd.nextInt(3)));
        long s = w.idOrCreate(iri("s" + rnd.nextInt(40)));
        long p = w.idOrCreate(iri("p" + rnd.nextInt(6)));
        Node o =
            rnd.nextBoolean()
                ? iri("o" + rnd.nextInt(30))
                : NodeFactory.createLiteralDT("" + rnd.nextInt(50), XSDDatatype.XSDinteger);
        long oi = w.idOrCreate(o);
        boolean isNew = seen.add(List.of(g, s, p, oi));
        assertEquals(isNew, w.add(g, s, p, oi), "add says whether the quad is new");
        if (isNew) {
          quads.add(new long[] {g, s, p, oi});
        }
      }
      w.commit();
    } finally {
      w.abort();
    }
    return quads;
  }

  private static boolean matches(long[] q, long g, long s, long p, long o) {
    return (g == ANY || q[0] == g)
        && (s == ANY || q[1] == s)
        && (p == ANY || q[2] == p)
        && (o == ANY || q[3] == o);
  }

  private static Set<List<Long>> asSet(Iterable<long[]> quads) {
    Set<List<Long>> out = new HashSet<>();
    quads.forEach(q -> out.add(List.of(q[0], q[1], q[2], q[3])));
    return out;
  }

  private static List<long[]> all(Iterator<long[]> it) {
    List<long[]> out = new ArrayList<>();
    it.forEachRemaining(out::add);
    return out;
  }

  @Test
  void termsRoundTripAndUnknownTermsHaveNoId() {
    Node[] terms = {
      iri("a"),
      NodeFactory.createBlankNode(),
      NodeFactory.createLiteralString("a string longer than seven characters"),
      NodeFactory.createLiteralLang("chat", "fr"),
      NodeFactory.createLiteralDT("42", XSDDatatype.XSDinteger),
      NodeFactory.createLiteralDT("2.5", XSDDatatype.XSDdecimal),
      NodeFactory.createLiteralDT("2008-06-01T00:00:00", XSDDatatype.XSDdateTime),
    };
    long[] ids = new long[terms.length];
    WriteView w = backend.beginWrite();
    for (int i = 0; i < terms.length; i++) {
      ids[i] = w.idOrCreate(terms[i]);
      assertNotEquals(ANY, ids[i], terms[i].toString());
      assertEquals(ids[i], w.idOrCreate(terms[i]), "one id per term");
      w.add(w.defaultGraph(), w.idOrCreate(iri("s")), w.idOrCreate(iri("p")), ids[i]);
    }
    w.commit();
    ReadView r = backend.beginRead();
    try {
      long[] batch = new long[terms.length];
      r.ids(terms, terms.length, batch);
      assertArrayEquals(ids, batch, "batched encode agrees");
      Node[] back = new Node[terms.length];
      r.nodes(ids, ids.length, back);
      for (int i = 0; i < terms.length; i++) {
        assertEquals(terms[i], r.node(ids[i]));
        assertEquals(terms[i], back[i], "batched decode agrees");
      }
      assertEquals(ANY, r.id(iri("never-stored")));
      assertEquals(ANY, r.id(Node.ANY));
      assertEquals(r.defaultGraph(), r.id(Quad.defaultGraphIRI));
    } finally {
      r.end();
    }
  }

  @Test
  void findAnswersEveryPatternShape() {
    Random rnd = new Random(1);
    List<long[]> quads = load(rnd, 600);
    ReadView r = backend.beginRead();
    try {
      for (int k = 0; k < 200; k++) {
        long[] model = quads.get(rnd.nextInt(quads.size()));
        int shape = k % 16; // which of g, s, p, o are bound
        long g = (shape & 1) != 0 ? model[0] : ANY;
        long s = (shape & 2) != 0 ? model[1] : ANY;
        long p = (shape & 4) != 0 ? model[2] : ANY;
        long o = (shape & 8) != 0 ? model[3] : ANY;
        Set<List<Long>> want = asSet(quads.stream().filter(q -> matches(q, g, s, p, o)).toList());
        List<long[]> got = all(r.find(g, s, p, o));
        assertEquals(want.size(), got.size(), "no duplicates, nothing missing: shape " + shape);
        assertEquals(want, asSet(got), "shape " + shape);
      }
    } finally {
      r.end();
    }
  }

  @Test
  void findWithPredicateAndGraphBoundComesInSubjectOrder() {
    Random rnd = new Random(2);
    List<long[]> quads = load(rnd, 600);
    ReadView r = backend.beginRead();
    try {
      for (long[] q : quads.subList(0, 40)) {
        for (long o : new long[] {ANY, q[3]}) {
          List<long[]> got = all(r.find(q[0], ANY, q[2], o));
          for (int i = 1; i < got.size(); i++) {
            assertTrue(
                Long.compareUnsigned(got.get(i - 1)[1], got.get(i)[1]) <= 0, "subject order");
          }
        }
      }
    } finally {
      r.end();
    }
  }

  @Test
  void vectoredLookupGivesEachProbeItsQuads() {
    Random rnd = new Random(3);
    List<long[]> quads = load(rnd, 800);
    TreeSet<Long> objects = new TreeSet<>(Long::compareUnsigned);
    quads.forEach(q -> objects.add(q[3]));
    Long[] objs = objects.toArray(Long[]::new);
    ReadView r = backend.beginRead();
    try {
      QuadProbes probes = new QuadProbes();
      List<long[]> asked = new ArrayList<>(); // g, s, p, oLo, oHi
      for (int i = 0; i < 300; i++) {
        long[] m = quads.get(rnd.nextInt(quads.size()));
        long g = rnd.nextBoolean() ? m[0] : ANY;
        long s = rnd.nextBoolean() ? m[1] : ANY;
        long lo;
        long hi;
        switch (rnd.nextInt(3)) {
          case 0 -> lo = hi = ANY;
          case 1 -> lo = hi = m[3];
          default -> {
            int a = rnd.nextInt(objs.length);
            int b = Math.min(objs.length - 1, a + rnd.nextInt(8));
            lo = objs[a];
            hi = objs[b];
          }
        }
        probes.addObjectRange(g, s, m[2], lo, hi);
        asked.add(new long[] {g, s, m[2], lo, hi});
        if (rnd.nextInt(10) == 0) { // the same probe twice: each gets the quads
          probes.addObjectRange(g, s, m[2], lo, hi);
          asked.add(new long[] {g, s, m[2], lo, hi});
        }
      }
      List<List<long[]>> got = new ArrayList<>();
      asked.forEach(a -> got.add(new ArrayList<>()));
      r.lookup(
          probes,
          (probe, g, s, p, o) -> {
            got.get(probe).add(new long[] {g, s, p, o});
            return true;
          });
      for (int i = 0; i < asked.size(); i++) {
        long[] a = asked.get(i);
        Set<List<Long>> want =
            asSet(
                quads.stream()
                    .filter(q -> matches(q, a[0], a[1], a[2], ANY))
                    .filter(
                        q ->
                            a[3] == ANY && a[4] == ANY
                                || Long.compareUnsigned(q[3], a[3]) >= 0
                                    && Long.compareUnsigned(q[3], a[4]) <= 0)
                    .toList());
        assertEquals(want.size(), got.get(i).size(), "probe " + i + " once each");
        assertEquals(want, asSet(got.get(i)), "probe " + i);
      }
      int[] seen = {0};
      r.lookup(probes, (probe, g, s, p, o) -> ++seen[0] < 5);
      assertEquals(5, seen[0], "a sink that says stop stops the lookup");
    } finally {
      r.end();
    }
    assertThrows(IllegalArgumentException.class, () -> new QuadProbes().add(ANY, ANY, ANY, ANY));
  }

  @Test
  void objectRangesStatisticsAndEstimates() {
    Random rnd = new Random(4);
    List<long[]> quads = load(rnd, 700);
    ReadView r = backend.beginRead();
    try {
      assertEquals(quads.size(), r.quads());
      Set<Long> graphs = new TreeSet<>();
      quads.forEach(q -> graphs.add(q[0]));
      long[] got = r.graphs();
      assertEquals(graphs.size(), got.length);
      for (long g : got) {
        assertEquals(quads.stream().filter(q -> q[0] == g).count(), r.quadsInGraph(g));
      }
      for (long p : new TreeSet<>(quads.stream().map(q -> q[2]).toList())) {
        List<long[]> of = quads.stream().filter(q -> q[2] == p).toList();
        assertEquals(of.size(), r.quadsWithPredicate(p));
        assertEquals(of.stream().map(q -> q[1]).distinct().count(), r.distinctSubjects(p));
        assertEquals(of.stream().map(q -> q[3]).distinct().count(), r.distinctObjects(p));
        long[] sorted =
            of.stream()
                .mapToLong(q -> q[3])
                .boxed()
                .sorted(Long::compareUnsigned)
                .distinct()
                .mapToLong(Long::longValue)
                .toArray();
        long[] ranges = {sorted[0], sorted[sorted.length / 3]};
        List<long[]> in = all(r.findObjectIn(ANY, p, ranges));
        assertEquals(
            asSet(
                of.stream()
                    .filter(
                        q ->
                            Long.compareUnsigned(q[3], ranges[0]) >= 0
                                && Long.compareUnsigned(q[3], ranges[1]) <= 0)
                    .toList()),
            asSet(in));
        for (long[] q : of.subList(0, Math.min(3, of.size()))) {
          long exact = quads.stream().filter(x -> matches(x, ANY, q[1], p, ANY)).count();
          assertEquals(exact, r.estimate(ANY, q[1], p, ANY), "few quads: exact");
        }
      }
    } finally {
      r.end();
    }
  }

  @Test
  void readersKeepTheirSnapshotAndAbortLeavesNothing() {
    List<long[]> quads = load(new Random(5), 100);
    ReadView before = backend.beginRead();
    WriteView w = backend.beginWrite();
    long s = w.idOrCreate(iri("new-subject"));
    long p = quads.get(0)[2];
    assertTrue(w.add(w.defaultGraph(), s, p, s));
    assertFalse(w.add(w.defaultGraph(), s, p, s));
    assertEquals(1, all(w.find(ANY, s, ANY, ANY)).size(), "the writer sees its own quad");
    assertEquals(-1, w.generation());
    assertEquals(before.generation(), w.baseGeneration());
    w.commit();
    try {
      long seen = before.id(iri("new-subject")); // ids never change: knowing one is harmless
      assertTrue(seen == ANY || all(before.find(ANY, seen, ANY, ANY)).isEmpty());
      assertEquals(quads.size(), before.quads(), "an earlier reader lacks the new quad");
    } finally {
      before.end();
    }
    ReadView after = backend.beginRead();
    try {
      assertEquals(quads.size() + 1, after.quads());
      assertEquals(1, all(after.find(ANY, after.id(iri("new-subject")), ANY, ANY)).size());
      assertTrue(after.generation() > before.generation());
    } finally {
      after.end();
    }

    WriteView aborted = backend.beginWrite();
    long t = aborted.idOrCreate(iri("aborted"));
    aborted.add(aborted.defaultGraph(), t, p, t);
    assertTrue(aborted.delete(quads.get(1)[0], quads.get(1)[1], quads.get(1)[2], quads.get(1)[3]));
    assertFalse(aborted.delete(t, t, p, s), "no such quad");
    aborted.abort();
    ReadView last = backend.beginRead();
    try {
      assertEquals(ANY, last.id(iri("aborted")), "an aborted term leaves no id");
      assertEquals(quads.size() + 1, last.quads());
      long[] q = quads.get(1);
      assertEquals(1, all(last.find(q[0], q[1], q[2], q[3])).size(), "the delete was undone");
    } finally {
      last.end();
    }
  }

  @Test
  void deletesKeepStatisticsExact() {
    Random rnd = new Random(6);
    List<long[]> quads = new ArrayList<>(load(rnd, 300));
    WriteView w = backend.beginWrite();
    quads.sort(Comparator.comparingLong(q -> q[1]));
    List<long[]> gone = new ArrayList<>(quads.subList(0, 150));
    for (long[] q : gone) {
      assertTrue(w.delete(q[0], q[1], q[2], q[3]));
    }
    w.commit();
    quads.removeAll(gone);
    ReadView r = backend.beginRead();
    try {
      assertEquals(quads.size(), r.quads());
      assertEquals(asSet(quads), asSet(all(r.find(ANY, ANY, ANY, ANY))));
      for (long[] q : gone) {
        long s = q[1];
        assertEquals(
            quads.stream().filter(x -> x[1] == s).count(), all(r.find(ANY, s, ANY, ANY)).size());
        long p = q[2];
        assertEquals(quads.stream().filter(x -> x[2] == p).count(), r.quadsWithPredicate(p));
      }
    } finally {
      r.end();
    }
  }

  @Test
  void addsDeletesAndReadsInterleavedInOneTransactionKeepEverythingExact() {
    Random rnd = new Random(7);
    List<long[]> base = load(rnd, 200);
    Set<List<Long>> model = new HashSet<>();
    base.forEach(q -> model.add(List.of(q[0], q[1], q[2], q[3])));
    WriteView w = backend.beginWrite();
    long[] terms = new long[12];
    for (int i = 0; i < terms.length; i++) {
      terms[i] = w.idOrCreate(iri("t" + i));
    }
    long[] preds = {base.get(0)[2], base.get(1)[2], terms[0]};
    for (int step = 0; step < 3_000; step++) {
      long g = rnd.nextInt(4) == 0 ? terms[1] : w.defaultGraph();
      long s = terms[rnd.nextInt(terms.length)];
      long p = preds[rnd.nextInt(preds.length)];
      long o = rnd.nextBoolean() ? terms[rnd.nextInt(terms.length)] : base.get(rnd.nextInt(20))[3];
      List<Long> q = List.of(g, s, p, o);
      int what = rnd.nextInt(10);
      if (what < 6) {
        assertEquals(model.add(q), w.add(g, s, p, o), "add says whether the quad is new");
      } else if (what < 8) {
        assertEquals(model.remove(q), w.delete(g, s, p, o), "delete says whether it was there");
      } else {
        long count = model.stream().filter(x -> x.get(1) == s).count();
        assertEquals(count, all(w.find(ANY, s, ANY, ANY)).size(), "the writer reads its writes");
        assertEquals(model.size(), w.quads());
      }
    }
    w.commit();
    ReadView r = backend.beginRead();
    try {
      List<long[]> expected = new ArrayList<>();
      model.forEach(x -> expected.add(new long[] {x.get(0), x.get(1), x.get(2), x.get(3)}));
      assertEquals(asSet(expected), asSet(all(r.find(ANY, ANY, ANY, ANY))));
      assertEquals(model.size(), r.quads());
      assertArrayEquals(
          model.stream().mapToLong(x -> x.get(2)).distinct().sorted().toArray(), r.predicates());
      for (long g : new long[] {r.defaultGraph(), terms[1]}) {
        assertEquals(
            model.stream().filter(x -> x.get(0) == g).map(x -> x.get(1)).distinct().count(),
            r.subjectsInGraph(g),
            "distinct subjects of a graph");
      }
      for (long p : preds) {
        assertEquals(model.stream().filter(x -> x.get(2) == p).count(), r.quadsWithPredicate(p));
        assertEquals(
            model.stream().filter(x -> x.get(2) == p).map(x -> x.get(1)).distinct().count(),
            r.distinctSubjects(p),
            "distinct subjects of a predicate");
        assertEquals(
            model.stream().filter(x -> x.get(2) == p).map(x -> x.get(3)).distinct().count(),
            r.distinctObjects(p),
            "distinct objects of a predicate");
      }
    } finally {
      r.end();
    }
  }
}
