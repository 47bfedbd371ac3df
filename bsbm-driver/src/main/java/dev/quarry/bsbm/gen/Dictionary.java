package dev.quarry.bsbm.gen;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

/** A word list and its own random stream: sentences are uniform picks with replacement. */
final class Dictionary {
  static final String TITLE_WORDS = "titlewords.txt";
  static final String GIVEN_NAMES = "givennames.txt";

  private final String[] words;
  private final Random random;

  Dictionary(String[] words, long seed) {
    this.words = words;
    this.random = new Random(seed);
  }

  /** Appends {@code n} words separated by single spaces, counting each into {@code counts}. */
  void sentence(int n, StringBuilder out, Map<String, Integer> counts) {
    for (int i = 0; i < n; i++) {
      String w = words[random.nextInt(words.length)];
      if (counts != null) {
        counts.merge(w, 1, Integer::sum);
      }
      if (i > 0) {
        out.append(' ');
      }
      out.append(w);
    }
  }

  String word() {
    return words[random.nextInt(words.length)];
  }

  /** One of the word files shipped with the driver (copied unchanged from bsbmtools 0.2). */
  static String[] load(String name) {
    InputStream in = Dictionary.class.getResourceAsStream("/dev/quarry/bsbm/" + name);
    if (in == null) {
      throw new IllegalStateException("word list missing from the classpath: " + name);
    }
    List<String> list = new ArrayList<>(100_000);
    try (BufferedReader r =
        new BufferedReader(new InputStreamReader(in, StandardCharsets.US_ASCII))) {
      for (String line; (line = r.readLine()) != null; ) {
        String w = line.strip();
        if (!w.isEmpty()) {
          list.add(w);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return list.toArray(String[]::new);
  }
}
