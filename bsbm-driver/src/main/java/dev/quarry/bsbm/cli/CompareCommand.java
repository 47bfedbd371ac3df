package dev.quarry.bsbm.cli;

import dev.quarry.bsbm.driver.ColdComparison;
import dev.quarry.bsbm.driver.Comparison;
import dev.quarry.bsbm.driver.Summary;
import dev.quarry.bsbm.driver.SummaryJson;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code bsbm compare}: one table and one chart from several systems' run results. */
@Command(
    name = "compare",
    mixinStandardHelpOptions = true,
    description = "Puts the JSON results of several runs side by side: a Markdown table and a PNG.")
final class CompareCommand implements Callable<Integer> {
  @Parameters(arity = "1..*", paramLabel = "RESULT", description = "JSON result files of bsbm run.")
  List<Path> results;

  @Option(
      names = "--loads",
      paramLabel = "FILE",
      description = "Load times: lines of 'system<TAB>seconds<TAB>triples'.")
  Path loads;

  @Option(names = "--reference", defaultValue = "Quarry", description = "The system ratios are to.")
  String reference;

  @Option(
      names = {"-o", "--output"},
      defaultValue = "comparison",
      description = "Output file stem.")
  Path output;

  @Option(names = "--title", defaultValue = "BSBM Explore", description = "The chart's title.")
  String title;

  @Option(
      names = "--cold",
      description =
          "The results are runs from cold: a table of each one's approach to its warm QMpH and a"
              + " chart of QMpH over time, every system on it.")
  boolean cold;

  @Override
  public Integer call() throws Exception {
    List<Summary> runs = new ArrayList<>();
    for (Path p : results) {
      runs.add(SummaryJson.read(p));
    }
    String md;
    Path png = Path.of(output + ".png");
    Files.createDirectories(output.toAbsolutePath().getParent());
    if (cold) {
      md = ColdComparison.markdown(runs);
      ColdComparison.chart(runs, title, png);
    } else {
      List<Integer> clients =
          new ArrayList<>(new TreeSet<>(runs.stream().map(Summary::clients).toList()));
      Comparison c = new Comparison(Comparison.rows(runs, loadTimes()), reference);
      StringBuilder all = new StringBuilder(c.markdown(clients));
      for (int n : clients) {
        all.append('\n').append(Comparison.templates(runs, n));
      }
      md = all.toString();
      c.chart(clients, title, png);
    }
    Files.writeString(Path.of(output + ".md"), md);
    System.out.print(md);
    System.out.println("written: " + output + ".md, " + png);
    return 0;
  }

  /** Load times by system, from --loads (none without it). */
  private Map<String, double[]> loadTimes() throws IOException {
    Map<String, double[]> times = new HashMap<>();
    if (loads != null) {
      for (String line : Files.readAllLines(loads)) {
        String[] f = line.split("\t");
        if (f.length == 3 && !line.startsWith("#")) {
          times.put(f[0], new double[] {Double.parseDouble(f[1]), Double.parseDouble(f[2])});
        }
      }
    }
    return times;
  }
}
