package dev.quarry.core.engine;

import java.util.Comparator;
import dev.quarry.core.Quarry;
import dev.quarry.core.Store;
import dev.quarry.core.config.Config;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.jena.datatypes.xsd.XSDDatatype;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.Quad;
import org.apache.jena.system.Txn;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The store's size after 100,000 small update transactions (an offer of five quads each, committed
 * durably one by one on a file store) against the same quads bulk-loaded into a fresh store: what
 * copy-on-write, page splits at random points and reclamation cost in space.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 0)
@Measurement(iterations = 1)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "-Xmx4g"})
public class UpdateSizeBenchmark {
  static final int UPDATES = Integer.getInteger("quarry.bench.updates", 100_000);
  private static final String NS = "http://example.com/bsbm/";

  /** Sizes in bytes, and the update rate, as secondary results. */
  @State(Scope.Thread)
  @AuxCounters(AuxCounters.Type.EVENTS)
  public static class Sizes {
    public double updatedFileBytes;
    public double updatedPageBytes;
    public double bulkFileBytes;
    public double bulkPageBytes;
    public double updatedOverBulk;
    public double commitsPerSecond;
  }

  static List<Quad> offer(int i) {
    Node s = NodeFactory.createURI(NS + "Offer" + i);
    List<Quad> q = new ArrayList<>(5);
    Node g = Quad.defaultGraphIRI;
    q.add(Quad.create(g, s, NodeFactory.createURI(NS + "product"), NodeFactory.createURI(NS + "Product" + (i * 7919 % 25_000))));
    q.add(Quad.create(g, s, NodeFactory.createURI(NS + "vendor"), NodeFactory.createURI(NS + "Vendor" + (i % 500))));
    q.add(Quad.create(g, s, NodeFactory.createURI(NS + "price"), NodeFactory.createLiteralDT(String.format("%d.%02d", 5 + i % 9_000, i % 100), XSDDatatype.XSDdecimal)));
    q.add(Quad.create(g, s, NodeFactory.createURI(NS + "deliveryDays"), NodeFactory.createLiteralDT(Integer.toString(1 + i % 21), XSDDatatype.XSDinteger)));
    q.add(Quad.create(g, s, NodeFactory.createURI(NS + "offerWebpage"), NodeFactory.createURI("http://www.vendor" + (i % 500) + ".com/offers/Offer" + i)));
    return q;
  }

  @Benchmark
  public long updatesThenBulk(Sizes sizes) throws IOException {
    Path root = Files.createTempDirectory("quarry-updates");
    try {
      Config c = Config.defaults().with("store.buffers", "256MB");
      long start = System.nanoTime();
      try (Store s = Quarry.open(c.with("store.location", root.resolve("updated")))) {
        DatasetGraph dsg = s.dataset();
        for (int i = 0; i < UPDATES; i++) {
          List<Quad> quads = offer(i);
          Txn.executeWrite(dsg, () -> quads.forEach(dsg::add));
          if (i % 10_000 == 9_999) {
            System.out.printf("%,d updates, %.0f s%n", i + 1, (System.nanoTime() - start) / 1e9);
          }
        }
        sizes.commitsPerSecond = UPDATES / ((System.nanoTime() - start) / 1e9);
        sizes.updatedPageBytes = ((PagedStore) s).space().allocatedPages() * 8192.0;
        sizes.updatedFileBytes = s.stats().bytesOnDisk();
      }
      try (Store s = Quarry.open(c.with("store.location", root.resolve("bulk")))) {
        try (Store.BulkLoad bulk = s.bulkLoad()) {
          for (int i = 0; i < UPDATES; i++) {
            offer(i).forEach(bulk::add);
          }
          bulk.commit();
        }
        sizes.bulkPageBytes = ((PagedStore) s).space().allocatedPages() * 8192.0;
        sizes.bulkFileBytes = s.stats().bytesOnDisk();
      }
      sizes.updatedOverBulk = sizes.updatedFileBytes / sizes.bulkFileBytes;
      return UPDATES;
    } finally {
      try (var files = Files.walk(root)) {
        files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
      }
    }
  }

}
