package dev.quarry.io.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.quarry.core.Quarry;
import dev.quarry.core.Store;
import dev.quarry.core.config.Config;
import dev.quarry.io.LoadException;
import dev.quarry.io.Loader;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.jena.atlas.iterator.Iter;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.Quad;
import org.apache.jena.system.Txn;
import org.eclipse.rdf4j.rio.RDFFormat;
import org.junit.jupiter.api.Tag;

/**
 * The loader on arbitrary bytes as N-Triples, N-Quads and Turtle: a load either adds exactly what
 * the parser read, or fails with a {@link LoadException} that says what is wrong in the data (not a
 * Java exception's name) and leaves the store exactly as it was. Seeds (and every input a fuzzing
 * run found) are in the test resources; {@code ./mvnw test -pl store-io -Dtest=LoaderFuzzTest} runs
 * them, {@code JAZZER_FUZZ=1} with it fuzzes (see docs/FUZZING.md).
 */
@Tag("slow") // ./mvnw verify -Pslow; CI runs it
class LoaderFuzzTest {
  private static final List<RDFFormat> FORMATS =
      List.of(RDFFormat.NTRIPLES, RDFFormat.NQUADS, RDFFormat.TURTLE);
  private static final Quad BEFORE =
      Quad.create(
          Quad.defaultGraphIRI,
          NodeFactory.createURI("http://ex/before"),
          NodeFactory.createURI("http://ex/p"),
          NodeFactory.createLiteralString("here before the load"));

  @FuzzTest(maxDuration = "30s")
  void aLoadAddsWhatItReadOrFailsCleanlyLeavingTheStoreAsItWas(byte[] input) {
    if (input.length == 0) {
      return;
    }
    RDFFormat format = FORMATS.get(Math.floorMod(input[0], FORMATS.size()));
    byte[] data = Arrays.copyOfRange(input, 1, input.length);
    // A small pool: the store is made anew for every input.
    try (Store store =
        Quarry.open(Config.defaults().with("store.storage", "memory").with("store.buffers", 256))) {
      DatasetGraph dsg = store.dataset();
      Txn.executeWrite(dsg, () -> dsg.add(BEFORE));
      List<Quad> read = new ArrayList<>();
      boolean parsed;
      try {
        Loader.parse(source(format, data), null, read::add);
        parsed = true;
      } catch (LoadException e) {
        parsed = false;
        assertCleanError(e, data);
      }
      try {
        Loader.load(store, List.of(source(format, data)), null, (n, t) -> {});
        assertTrue(parsed, "the load took what the parser refused");
        Set<Quad> expected = new HashSet<>(read); // blank nodes: one parse's
        expected.add(BEFORE);
        Txn.executeRead(
            dsg,
            () -> {
              for (Quad q : read) {
                if (!q.getSubject().isBlank()
                    && !q.getObject().isBlank()
                    && !q.getGraph().isBlank()) {
                  assertTrue(dsg.contains(q), "the load kept " + q);
                }
              }
              assertTrue(dsg.contains(BEFORE), "the load kept what was there");
              assertEquals(
                  expected.size(),
                  Iter.count(dsg.find()),
                  "the store holds what was there and what was read, once each");
            });
      } catch (LoadException e) {
        // The whole-input parser (RIOT) reads a statement across a line end, which the N-Triples
        // and N-Quads grammars forbid and the loader's per-line path refuses: where some line
        // does not parse alone, the load's refusal is the right answer.
        assertFalse(
            parsed && everyLineParsesAlone(format, data),
            "the load refused what the parser read: " + e.getMessage());
        assertCleanError(e, data);
        Txn.executeRead(
            dsg,
            () -> {
              assertEquals(1, Iter.count(dsg.find()), "one quad");
              assertTrue(dsg.contains(BEFORE), "a failed load left the store as it was");
            });
      }
    }
  }

  /** True unless the format is a line format and some line of {@code data} fails on its own. */
  private static boolean everyLineParsesAlone(RDFFormat format, byte[] data) {
    if (format != RDFFormat.NTRIPLES && format != RDFFormat.NQUADS) {
      return true;
    }
    int from = 0;
    for (int i = 0; i <= data.length; i++) {
      if (i == data.length || data[i] == '\n') {
        try {
          Loader.parse(source(format, Arrays.copyOfRange(data, from, i)), null, q -> {});
        } catch (LoadException e) {
          return false;
        }
        from = i + 1;
      }
    }
    return true;
  }

  private static Loader.Source source(RDFFormat format, byte[] data) {
    return Loader.Source.of("fuzz", format, "http://base/", new ByteArrayInputStream(data));
  }

  /**
   * An error says what is wrong with the data, not which Java exception was thrown: no qualified
   * class name of an exception, unless the data itself holds that name (a message quotes the token
   * it could not read: {@code Got: [KEYWORD:java.lang.E0]}).
   */
  private static void assertCleanError(LoadException e, byte[] data) {
    String m = String.valueOf(e.getMessage());
    String quoted = new String(data, StandardCharsets.ISO_8859_1);
    assertFalse(
        namesAClass(JAVA_LANG, m, quoted) || namesAClass(JAVA_EXCEPTION, m, quoted),
        "an internal error: " + m);
  }

  /** True if {@code pattern} finds a class name in {@code message} that {@code data} lacks. */
  private static boolean namesAClass(Pattern pattern, String message, String data) {
    Matcher found = pattern.matcher(message);
    while (found.find()) {
      Matcher name = QUALIFIED.matcher(message).region(found.start(), message.length());
      if (!name.lookingAt() || !data.contains(name.group())) {
        return true;
      }
    }
    return false;
  }

  /** A qualified name, as it starts a match of {@link #JAVA_LANG} or {@link #JAVA_EXCEPTION}. */
  private static final Pattern QUALIFIED = Pattern.compile("[a-z]\\w*(\\.\\w+)+");

  /** A java.lang class named (not the words in data such as {@code <http://ejava.lang.x/>}). */
  private static final Pattern JAVA_LANG = Pattern.compile("(?<![\\w.])java\\.lang\\.[A-Z]");

  private static final Pattern JAVA_EXCEPTION =
      Pattern.compile("\\b[a-z]\\w*(\\.[a-z]\\w*)+\\.[A-Z]\\w*(Exception|Error)\\b");
}
