package dev.quarry.bsbm.cli;

import dev.quarry.bsbm.gen.BsbmGenerator;
import java.io.BufferedOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.concurrent.Callable;
import java.util.zip.GZIPOutputStream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code bsbm generate}: the dataset, the update dataset and the test-driver data. */
@Command(
    name = "generate",
    mixinStandardHelpOptions = true,
    description = {
      "Writes the BSBM dataset byte for byte as bsbmtools 0.2 does (N-Triples; .gz compresses),",
      "and the test-driver data (td_data) the driver draws query parameters from."
    })
final class GenerateCommand implements Callable<Integer> {
  @Option(
      names = {"-pc", "--products"},
      defaultValue = "100",
      description = "Product count, the scale (2785 ≈ 1M triples, 28480 ≈ 10M). Default 100.")
  int products;

  @Option(
      names = {"-o", "--output"},
      defaultValue = "dataset.nt",
      description =
          "The dataset file (.nt or .nt.gz), or - for standard output (to pipe into a load; the"
              + " summary then goes to standard error). Default dataset.nt.")
  Path output;

  @Option(
      names = {"-dir", "--td-data"},
      defaultValue = "td_data",
      description = "Directory for the test-driver data. Default td_data.")
  Path tdData;

  @Option(
      names = {"-ud", "--update-dataset"},
      description = "Also write an update dataset (for the Explore-and-Update mix).")
  boolean update;

  @Option(
      names = {"-tc", "--transactions"},
      defaultValue = "1000",
      description = "Update transactions. Default 1000.")
  int transactions;

  @Option(
      names = {"-ppt", "--products-per-transaction"},
      defaultValue = "1",
      description = "Products per update transaction. Default 1.")
  int perTransaction;

  @Option(
      names = {"-ufn", "--update-file"},
      defaultValue = "dataset_update.nt",
      description = "The update dataset file. Default dataset_update.nt.")
  Path updateFile;

  @Option(names = "--quiet", description = "No progress bar.")
  boolean quiet;

  @Override
  public Integer call() throws Exception {
    long start = System.nanoTime();
    MessageDigest sha = MessageDigest.getInstance("SHA-256");
    ProgressBar bar = quiet ? null : new ProgressBar(System.err);
    BsbmGenerator.Result r;
    boolean piped = output.toString().equals("-");
    PrintStream report = piped ? System.err : System.out; // stdout carries the data when piped
    try (OutputStream main = piped ? toStdout(sha) : open(output, sha);
        OutputStream upd = update ? open(updateFile, null) : null) {
      r =
          BsbmGenerator.generate(
              products,
              main,
              upd,
              transactions,
              perTransaction,
              "\n#__SEP__\n",
              bar == null
                  ? null
                  : (phase, done, total, triples) ->
                      bar.show(phase, done, total, String.format("%,d triples", triples)));
    }
    if (bar != null) {
      bar.done();
    }
    r.driverData().write(tdData);
    double seconds = (System.nanoTime() - start) / 1e9;
    report.printf(
        "BSBM %,d products: %,d triples to %s in %.1f s (%,.0f triples/s)%n",
        products, r.triples(), piped ? "standard output" : output, seconds, r.triples() / seconds);
    if (!output.toString().endsWith(".gz")) {
      report.println("SHA-256 " + HexFormat.of().formatHex(sha.digest()));
    }
    if (update) {
      report.printf(
          "update dataset: %,d triples in %,d transactions to %s%n",
          r.updateTriples(), transactions, updateFile);
    }
    report.println("test-driver data: " + tdData);
    return 0;
  }

  /** Standard output, buffered and digested; closing it closes standard output. */
  private static OutputStream toStdout(MessageDigest sha) {
    return new DigestOutputStream(new BufferedOutputStream(System.out, 1 << 20), sha);
  }

  private static OutputStream open(Path file, MessageDigest sha) throws Exception {
    Path parent = file.toAbsolutePath().getParent();
    if (parent != null) {
      Files.createDirectories(parent);
    }
    OutputStream os = new BufferedOutputStream(Files.newOutputStream(file), 1 << 20);
    if (file.toString().endsWith(".gz")) {
      return new GZIPOutputStream(os, 1 << 16);
    }
    return sha == null ? os : new DigestOutputStream(os, sha);
  }
}
