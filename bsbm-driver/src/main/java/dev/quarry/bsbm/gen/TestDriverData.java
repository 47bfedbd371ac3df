package dev.quarry.bsbm.gen;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;

/**
 * What the driver draws query parameters from (bsbmtools' td_data): the counts, the last product,
 * offer and review number of each producer, vendor and rating site, the type tree with each type's
 * block of features, and the words of the product labels. Written as {@code td_data/quarry-td.txt}
 * (plain text, one fact per line) next to the official serialized files.
 */
public record TestDriverData(
    int products,
    int offers,
    int reviews,
    int[] producerEnds,
    int[] vendorEnds,
    int[] siteEnds,
    int[] levelEnds,
    int[] parents,
    int[] featureFirst,
    int[] featureCount,
    Map<String, Integer> labelWords) {

  public static final String FILE = "quarry-td.txt";

  public int typeCount() {
    return levelEnds[levelEnds.length - 1];
  }

  /** The first leaf type's number: the leaves are the last level, in creation order. */
  public int firstLeaf() {
    return levelEnds[levelEnds.length - 2] + 1;
  }

  public int leafCount() {
    return typeCount() - firstLeaf() + 1;
  }

  /** The producer of a product, the vendor of an offer, the site of a review (1-based). */
  public static int owner(int[] ends, int n) {
    int i = Arrays.binarySearch(ends, n);
    return i >= 0 ? i : -i - 1;
  }

  public void write(Path dir) throws IOException {
    Files.createDirectories(dir);
    try (BufferedWriter w = Files.newBufferedWriter(dir.resolve(FILE), StandardCharsets.UTF_8)) {
      w.write("# Quarry BSBM test-driver data (the content of bsbmtools' td_data)\n");
      w.write("products " + products + "\noffers " + offers + "\nreviews " + reviews + "\n");
      line(w, "producerEnds", producerEnds);
      line(w, "vendorEnds", vendorEnds);
      line(w, "siteEnds", siteEnds);
      line(w, "levelEnds", levelEnds);
      line(w, "parents", parents);
      line(w, "featureFirst", featureFirst);
      line(w, "featureCount", featureCount);
      for (Map.Entry<String, Integer> e : new TreeMap<>(labelWords).entrySet()) {
        w.write("word " + e.getKey() + " " + e.getValue() + "\n");
      }
    }
  }

  public static TestDriverData read(Path dir) throws IOException {
    Path file = dir.resolve(FILE);
    Map<String, int[]> arrays = new TreeMap<>();
    Map<String, Integer> words = new TreeMap<>();
    try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      int lineNo = 0;
      for (String line; (line = r.readLine()) != null; ) {
        lineNo++;
        if (line.isEmpty() || line.startsWith("#")) {
          continue;
        }
        String[] parts = line.split(" ");
        try {
          if (parts[0].equals("word")) {
            words.put(parts[1], Integer.parseInt(parts[2]));
          } else {
            int[] values = new int[parts.length - 1];
            for (int i = 1; i < parts.length; i++) {
              values[i - 1] = Integer.parseInt(parts[i]);
            }
            arrays.put(parts[0], values);
          }
        } catch (RuntimeException e) {
          throw new IOException(file + ":" + lineNo + ": cannot read '" + line + "'", e);
        }
      }
    }
    return new TestDriverData(
        need(arrays, "products", file)[0],
        need(arrays, "offers", file)[0],
        need(arrays, "reviews", file)[0],
        need(arrays, "producerEnds", file),
        need(arrays, "vendorEnds", file),
        need(arrays, "siteEnds", file),
        need(arrays, "levelEnds", file),
        need(arrays, "parents", file),
        need(arrays, "featureFirst", file),
        need(arrays, "featureCount", file),
        words);
  }

  private static int[] need(Map<String, int[]> arrays, String key, Path file) throws IOException {
    int[] v = arrays.get(key);
    if (v == null) {
      throw new IOException(file + ": no '" + key + "' line");
    }
    return v;
  }

  private static void line(BufferedWriter w, String key, int[] values) throws IOException {
    StringBuilder sb = new StringBuilder(key);
    for (int v : values) {
      sb.append(' ').append(v);
    }
    w.write(sb.append('\n').toString());
  }
}
