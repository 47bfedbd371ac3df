package dev.quarry.bsbm.driver;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One query template of a BSBM query mix ({@code queryN.txt} with its {@code queryNdesc.txt}): the
 * text with {@code %name%} placeholders and the placeholders' parameter types, in desc-file order
 * (the order parameters are drawn in).
 *
 * @param number the number in the use case (consecutive over its query mix directories)
 * @param name the directory and file it came from, e.g. {@code explore/query5}
 */
public record QueryTemplate(
    int number, String name, Kind kind, String text, List<Placeholder> placeholders) {

  /** What the query is, which decides how it is sent and its results counted. */
  public enum Kind {
    SELECT,
    DESCRIBE,
    CONSTRUCT,
    UPDATE
  }

  /** A placeholder: {@code name=ParamType}. */
  public record Placeholder(String name, String type) {}

  private static final Pattern PLACEHOLDER = Pattern.compile("%([A-Za-z0-9_]+)%");

  /** Parses a desc file's whitespace-separated {@code key=value} tokens (others are ignored). */
  static QueryTemplate of(int number, String name, String text, String desc) {
    Kind kind = Kind.SELECT;
    List<Placeholder> placeholders = new ArrayList<>();
    for (String token : desc.trim().split("\\s+")) {
      int eq = token.indexOf('=');
      if (eq <= 0) {
        continue;
      }
      String key = token.substring(0, eq);
      String value = token.substring(eq + 1);
      if (key.equals("QueryType")) {
        kind = Kind.valueOf(value.toUpperCase(Locale.ROOT));
      } else {
        placeholders.add(new Placeholder(key, value));
      }
    }
    return new QueryTemplate(number, name, kind, text, List.copyOf(placeholders));
  }

  /** The text with every {@code %name%} replaced; unknown names are left as they are. */
  String fill(Map<String, String> values) {
    Matcher m = PLACEHOLDER.matcher(text);
    StringBuilder out = new StringBuilder(text.length() + 256);
    while (m.find()) {
      String v = values.get(m.group(1));
      m.appendReplacement(out, Matcher.quoteReplacement(v == null ? m.group() : v));
    }
    m.appendTail(out);
    return out.toString();
  }
}
