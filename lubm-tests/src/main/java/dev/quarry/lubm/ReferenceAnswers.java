package dev.quarry.lubm;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/** The official LUBM(1,0) answers: variable names, then rows of values. */
public record ReferenceAnswers(List<String> vars, List<List<String>> rows) {

  public static ReferenceAnswers of(int query) {
    try (BufferedReader r =
        new BufferedReader(
            new InputStreamReader(
                LubmData.open("answers/answers_query" + query + ".csv.gz"),
                StandardCharsets.UTF_8))) {
      String header = r.readLine();
      if (header == null || header.startsWith("NO ANSWERS")) {
        return new ReferenceAnswers(List.of(), List.of());
      }
      List<String> vars =
          Arrays.stream(header.split(",")).map(v -> v.trim().toLowerCase(Locale.ROOT)).toList();
      List<List<String>> rows = new ArrayList<>();
      for (String line; (line = r.readLine()) != null; ) {
        if (!line.isBlank()) {
          rows.add(Arrays.stream(line.split(",", -1)).map(String::trim).toList());
        }
      }
      return new ReferenceAnswers(vars, rows);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
