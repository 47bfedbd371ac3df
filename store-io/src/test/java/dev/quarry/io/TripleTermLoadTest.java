package dev.quarry.io;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.quarry.core.Quarry;
import dev.quarry.core.Store;
import dev.quarry.core.config.Config;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.exec.QueryExec;
import org.apache.jena.system.Txn;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A bulk load of many triple terms, its new terms spilled into the hash index several times under a
 * small memory budget, keeps every term findable by its parts: a reifier pattern with a constant
 * predicate and object lists exactly the terms it should, in one load and after a second one.
 */
@Timeout(120)
class TripleTermLoadTest {
  @TempDir Path dir;

  @Test
  void termsLoadedInSpilledBatchesAreFoundByTheirParts() throws IOException {
    Path first = write("first.nt", 0, 30_000);
    Path second = write("second.nt", 30_000, 40_000);
    try (Store store =
        Quarry.open(
            Config.defaults()
                .with("store.location", dir.resolve("s"))
                .with("store.buffers", "32MB"))) {
      Loader.Options small =
          Loader.Options.defaults(Loader.Progress.NONE).withMemory(2 << 20).withThreads(2);
      Loader.load(store, List.of(Loader.Source.of(first)), null, small);
      assertEquals(300, reifiers(store, 7));
      Loader.load(store, List.of(Loader.Source.of(second)), null, small);
      assertEquals(400, reifiers(store, 7));
    }
  }

  /** Reifiers i of {@code <<( s_i p o_{i mod 100} )>>}, for i in [from, to). */
  private Path write(String name, int from, int to) throws IOException {
    Path file = dir.resolve(name);
    try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      for (int i = from; i < to; i++) {
        w.write(
            "<http://ex/r"
                + i
                + "> <http://www.w3.org/1999/02/22-rdf-syntax-ns#reifies> <<( <http://ex/s"
                + i
                + "> <http://ex/p> <http://ex/o"
                + (i % 100)
                + "> )>> .\n");
      }
    }
    return file;
  }

  private static String query(int o) {
    return "SELECT ?r ?s { ?r <http://www.w3.org/1999/02/22-rdf-syntax-ns#reifies>"
        + " <<( ?s <http://ex/p> <http://ex/o"
        + o
        + "> )>> }";
  }

  private static long reifiers(Store store, int o) {
    DatasetGraph dsg = store.dataset();
    return Txn.calculateRead(
        dsg,
        () -> {
          long n = 0;
          var rows = QueryExec.dataset(dsg).query(query(o)).select();
          while (rows.hasNext()) {
            rows.next();
            n++;
          }
          return n;
        });
  }
}
