package dev.quarry.core.engine;

import java.util.Comparator;
import dev.quarry.core.Quarry;
import dev.quarry.core.Store;
import dev.quarry.core.config.Config;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.Quad;
import org.apache.jena.system.Txn;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Durable commits of one-quad write transactions on a file store (each commit forces the term
 * table, writes and syncs the new pages, and switches the space map: three to four fsyncs).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED"})
public class CommitBenchmark {
  Path dir;
  Store store;
  DatasetGraph dsg;
  final AtomicLong n = new AtomicLong();

  @Setup(Level.Trial)
  public void open() throws IOException {
    dir = Files.createTempDirectory("quarry-commit");
    store = Quarry.open(Config.defaults().with("store.location", dir).with("store.buffers", "64MB"));
    dsg = store.dataset();
  }

  @TearDown(Level.Trial)
  public void close() throws IOException {
    store.close();
    try (var files = Files.walk(dir)) {
      files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    }
  }

  private void commitOne() {
    long i = n.incrementAndGet();
    Txn.executeWrite(
        dsg,
        () -> dsg.add(Quad.create(Quad.defaultGraphIRI, NodeFactory.createURI("http://ex/s" + i), NodeFactory.createURI("http://ex/p"), NodeFactory.createLiteralString("value " + i))));
  }

  @Benchmark
  @Threads(1)
  public void oneWriter() {
    commitOne();
  }

  @Benchmark
  @Threads(16)
  public void sixteenWritersQueued() {
    commitOne();
  }
}
