package dev.quarry.accumulo;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.core.config.Config;
import dev.quarry.core.index.spi.QuadProbes;
import dev.quarry.core.index.spi.QuadView;
import dev.quarry.core.index.spi.ReadView;
import dev.quarry.core.index.spi.WriteView;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.exec.QueryExec;
import org.apache.jena.system.Txn;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Reads by whole subjects, batched object probes and the cache of a committed state: each answers
 * exactly what the exact ranges would (the same quads, in the order the SPI promises), a state's
 * cache never answers for another state, and a repeated read of one state costs no request.
 */
@Tag("accumulo")
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class AccumuloReadCacheTest {
  private static final long ANY = QuadView.NONE;
  private static Config config;
  private static AccumuloStore store;
  private static AccumuloBackend backend;
  private static long g;
  private static long p1;
  private static long p2;
  private static long big; // a subject with more quads than SubjectRows.CAP
  private static long[] small; // subjects of two quads each: p1 -> a shared object, p2 -> own

  private static long id(WriteView w, String iri) {
    return w.idOrCreate(NodeFactory.createURI("http://ex/" + iri));
  }

  @BeforeAll
  static void load() {
    config = MiniCluster.newStoreConfig();
    store = AccumuloStore.open(config);
    backend = (AccumuloBackend) store.quadBackend();
    WriteView w = backend.beginWrite();
    g = w.defaultGraph();
    p1 = id(w, "p1");
    p2 = id(w, "p2");
    big = id(w, "big");
    for (int i = 0; i < SubjectRows.CAP + 40; i++) {
      w.add(g, big, i % 2 == 0 ? p1 : p2, id(w, "o" + i));
    }
    small = new long[SubjectRows.MAX_STEP + 30]; // one lookup step too many to read whole
    long shared = id(w, "shared");
    for (int i = 0; i < small.length; i++) {
      small[i] = id(w, "s" + i);
      w.add(g, small[i], p1, shared);
      w.add(g, small[i], p2, id(w, "own" + i));
    }
    w.commit();
  }

  @AfterAll
  static void drop() {
    store.drop();
    store.close();
  }

  private static List<long[]> found(QuadView v, long s, long p) {
    List<long[]> out = new ArrayList<>();
    v.find(ANY, s, p, ANY).forEachRemaining(out::add);
    return out;
  }

  /** Every probe's quads, by probe. */
  private static List<List<long[]>> lookedUp(QuadView v, QuadProbes probes) {
    List<List<long[]>> out = new ArrayList<>();
    for (int i = 0; i < probes.size(); i++) {
      out.add(new ArrayList<>());
    }
    v.lookup(
        probes,
        (i, gg, s, p, o) -> {
          out.get(i).add(new long[] {gg, s, p, o});
          return true;
        });
    return out;
  }

  private static void assertInOrder(List<long[]> quads, Comparator<long[]> order) {
    for (int i = 1; i < quads.size(); i++) {
      assertTrue(order.compare(quads.get(i - 1), quads.get(i)) < 0, "in index order");
    }
  }

  @Test
  void aSubjectPastTheCapIsReadByItsRanges() {
    ReadView r = backend.beginRead();
    List<long[]> ones = found(r, big, p1);
    assertEquals((SubjectRows.CAP + 40) / 2, ones.size());
    assertTrue(ones.stream().allMatch(q -> q[1] == big && q[2] == p1));
    assertInOrder(ones, SubjectRows.inOrder(Order.PSOG));
    assertTrue(r.estimate(ANY, big, p2, ANY) > 100, "an estimate of a big subject: many");
    QuadProbes probes = new QuadProbes();
    probes.add(ANY, big, p2, ANY);
    assertEquals(ones.size(), lookedUp(r, probes).get(0).size());
    r.end();
  }

  @Test
  void lookupsGiveWhatExactRangesGiveWhetherOrNotTheyReadSubjectsWhole() {
    // A step of few subjects is read whole; one of more than MAX_STEP by exact ranges.
    for (int n : new int[] {10, small.length}) {
      ReadView r = backend.beginRead();
      QuadProbes probes = new QuadProbes();
      for (int i = 0; i < n; i++) {
        probes.add(ANY, small[i], p2, ANY);
        probes.add(ANY, small[i], p1, ANY);
      }
      List<List<long[]>> got = lookedUp(r, probes);
      for (int i = 0; i < n; i++) {
        assertEquals(1, got.get(2 * i).size());
        assertEquals(p2, got.get(2 * i).get(0)[2]);
        assertEquals(small[i], got.get(2 * i).get(0)[1]);
        assertArrayEquals(found(r, small[i], p1).get(0), got.get(2 * i + 1).get(0));
      }
      r.end();
    }
  }

  @Test
  void probesOfObjectsWithAFreeSubjectAreReadInOneBatchInSubjectOrder() {
    ReadView r = backend.beginRead();
    long shared = r.id(NodeFactory.createURI("http://ex/shared"));
    long own3 = r.id(NodeFactory.createURI("http://ex/own3"));
    QuadProbes probes = new QuadProbes();
    probes.add(ANY, ANY, p1, shared);
    probes.add(ANY, ANY, p2, own3);
    long before = backend.trips.get(RoundTrips.Kind.BATCH_SCAN);
    long scans = backend.trips.get(RoundTrips.Kind.SCAN);
    List<List<long[]>> got = lookedUp(r, probes);
    assertEquals(1, backend.trips.get(RoundTrips.Kind.BATCH_SCAN) - before, "one batch scan");
    assertEquals(scans, backend.trips.get(RoundTrips.Kind.SCAN), "no scan of its own");
    assertEquals(small.length, got.get(0).size());
    assertInOrder(got.get(0), SubjectRows.inOrder(Order.POGS));
    assertEquals(1, got.get(1).size());
    assertEquals(small[3], got.get(1).get(0)[1]);
    r.end();
  }

  @Test
  void aSecondReaderOfTheStateReadsItsSubjectsFromTheCacheAndALaterStateDoesNot() {
    ReadView first = backend.beginRead();
    assertEquals(1, found(first, small[5], p2).size());
    first.end();
    long requests = requests();
    ReadView second = backend.beginRead();
    assertEquals(1, found(second, small[5], p2).size());
    assertEquals(1, found(second, small[5], p1).size());
    assertEquals(1, second.estimate(ANY, small[5], p1, ANY));
    assertEquals(1, requests() - requests, "only the read of the commit record");

    WriteView w = backend.beginWrite();
    w.add(g, small[5], p2, id(w, "more"));
    w.commit();
    ReadView third = backend.beginRead();
    assertEquals(2, found(third, small[5], p2).size(), "the new state, not the cached one");
    assertEquals(1, found(second, small[5], p2).size(), "the old reader keeps its state");
    ReadView fourth = backend.beginRead();
    assertEquals(2, found(fourth, small[5], p2).size());
    second.end();
    third.end();
    fourth.end();

    WriteView undo = backend.beginWrite();
    undo.delete(g, small[5], p2, id(undo, "more"));
    undo.commit();
  }

  @Test
  void explainCountsTheRequestsOfEachOperator() {
    DatasetGraph dsg = store.dataset();
    String plan =
        Txn.calculateRead(
            dsg,
            () ->
                store.explain(
                    QueryExec.dataset(dsg)
                        .query(
                            "SELECT * { ?s <http://ex/p1> <http://ex/shared> ; <http://ex/p2> ?o"
                                + " }")));
    assertTrue(
        plan.matches("(?s).*\\d+ requests to the store's servers, [0-9.]+ (B|KB|MB) received.*"),
        plan);
    // each pattern's own requests, and the cells they brought: at least a row key per quad read
    Matcher m =
        Pattern.compile("pattern .*\\(\\d+ requests, ([0-9.]+) (B|KB|MB) received\\)")
            .matcher(plan);
    assertTrue(m.find(), plan);
    double unit = m.group(2).equals("B") ? 1 : m.group(2).equals("KB") ? 1024 : 1024 * 1024;
    assertTrue(Double.parseDouble(m.group(1)) * unit >= Order.KEY_BYTES, plan);
    assertTrue(backend.trips.received() > 0, "the meter's count");
  }

  @Test
  void aServerStartsWithTheNewestStateInItsCacheUpToItsSize() throws Exception {
    try (AccumuloStore warm = AccumuloStore.open(config.with("store.warm-up", true))) {
      long subjects = warm.warmUp().get(2, TimeUnit.MINUTES);
      assertEquals(small.length + 1, subjects, "every subject: the big one and the small ones");
      AccumuloBackend b = (AccumuloBackend) warm.quadBackend();
      long before = Arrays.stream(RoundTrips.Kind.values()).mapToLong(b.trips::get).sum();
      ReadView r = b.beginRead();
      assertEquals(1, found(r, small[7], p2).size());
      assertEquals(1, found(r, small[8], p1).size());
      r.end();
      long after = Arrays.stream(RoundTrips.Kind.values()).mapToLong(b.trips::get).sum();
      assertEquals(1, after - before, "only the read of the commit record");
    }
    try (AccumuloStore tiny =
        AccumuloStore.open(
            config.with("store.warm-up", true).with("store.accumulo.read-cache", "16KB"))) {
      long subjects = tiny.warmUp().get(2, TimeUnit.MINUTES);
      assertTrue(
          subjects > 0 && subjects < small.length / 2,
          "it stops when the cache is full: " + subjects);
    }
  }

  @Test
  void theWarmUpRemembersNoTermOfAWriterThatAborted() throws Exception {
    // Two servers lease id blocks in turn: the one that aborts holds the later block, so its id
    // for the term is the larger, and comes last in the ids table.
    Config own = MiniCluster.newStoreConfig(); // tables of its own: the other tests count subjects
    try (AccumuloStore a = AccumuloStore.open(own);
        AccumuloStore b = AccumuloStore.open(own)) {
      WriteView leaseA = a.quadBackend().beginWrite();
      id(leaseA, "a-block");
      leaseA.abort();
      WriteView aborted = b.quadBackend().beginWrite();
      long ghostB = id(aborted, "ghost");
      long p1b = id(aborted, "p1");
      aborted.add(g, ghostB, p1b, ghostB);
      aborted.find(ANY, ghostB, p1b, ANY).hasNext(); // a read sends its cells, the term's included
      aborted.abort();
      WriteView committed = a.quadBackend().beginWrite();
      long ghostA = id(committed, "ghost");
      committed.add(g, ghostA, id(committed, "p2"), ghostA);
      committed.commit();
      assertTrue(Long.compareUnsigned(ghostB, ghostA) > 0, "the aborted id is the later one");
    }
    try (AccumuloStore warm = AccumuloStore.open(own.with("store.warm-up", true))) {
      warm.warmUp().get(2, TimeUnit.MINUTES);
      ReadView r = warm.quadBackend().beginRead();
      long ghost = r.id(NodeFactory.createURI("http://ex/ghost"));
      long p2a = r.id(NodeFactory.createURI("http://ex/p2"));
      assertEquals(1, found(r, ghost, p2a).size(), "the committed term's id, with its quad");
      r.end();
      warm.drop();
    }
  }

  private static long requests() {
    return Arrays.stream(RoundTrips.Kind.values()).mapToLong(backend.trips::get).sum();
  }
}
