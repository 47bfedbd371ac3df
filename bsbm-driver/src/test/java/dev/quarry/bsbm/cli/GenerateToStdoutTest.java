package dev.quarry.bsbm.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.jena.graph.Graph;
import org.apache.jena.riot.Lang;
import org.apache.jena.riot.RDFParser;
import org.apache.jena.sparql.graph.GraphFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code bsbm generate -o -} writes the dataset to standard output for a pipe into a load ({@code
 * bsbm generate -o - | quarry load - --format ntriples}): nothing but N-Triples there, the summary
 * on standard error (a 300M pipe once failed on the summary's last line), and the td_data written.
 */
class GenerateToStdoutTest {
  @TempDir Path dir;

  @Test
  void standardOutputCarriesOnlyTheData() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    PrintStream stdout = System.out;
    PrintStream stderr = System.err;
    int code;
    try {
      System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
      System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
      code =
          new CommandLine(new GenerateCommand())
              .execute("-pc", "20", "-o", "-", "-dir", dir.resolve("td").toString(), "--quiet");
    } finally {
      System.setOut(stdout);
      System.setErr(stderr);
    }
    assertEquals(0, code, err.toString(StandardCharsets.UTF_8));
    Graph g = GraphFactory.createDefaultGraph();
    RDFParser.source(new ByteArrayInputStream(out.toByteArray())).lang(Lang.NTRIPLES).parse(g);
    String summary = err.toString(StandardCharsets.UTF_8);
    Matcher m = Pattern.compile("([\\d,]+) triples to standard output").matcher(summary);
    assertTrue(m.find(), summary);
    long lines = out.toString(StandardCharsets.UTF_8).lines().count();
    assertEquals(Long.parseLong(m.group(1).replace(",", "")), lines, summary);
    assertEquals(lines, g.size(), "each line one triple, none repeated");
    assertTrue(Files.isDirectory(dir.resolve("td")), "the test-driver data is written");
  }
}
