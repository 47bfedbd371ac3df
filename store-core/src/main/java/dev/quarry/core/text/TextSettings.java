package dev.quarry.core.text;

import dev.quarry.core.config.Config;
import dev.quarry.core.config.ConfigException;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

/**
 * The {@code text.*} options: whether literals are indexed, which predicates' objects (none listed:
 * every predicate's), and which languages get an analysis of their own (stemming) besides the
 * neutral one every literal gets.
 */
public record TextSettings(boolean enabled, List<String> predicates, Set<String> languages) {
  public static TextSettings from(Config config) {
    Set<String> languages = new TreeSet<>();
    for (String l : split(config.getString("text.languages"))) {
      String tag = l.toLowerCase(Locale.ROOT);
      if (!LanguageAnalyzers.knows(tag)) {
        throw new ConfigException(
            "option 'text.languages': no analysis for language '"
                + l
                + "' (known: "
                + String.join(" ", LanguageAnalyzers.known())
                + ")");
      }
      languages.add(tag);
    }
    List<String> predicates = split(config.getString("text.predicates"));
    for (String p : predicates) {
      if (!p.contains(":") || p.startsWith("<")) {
        throw new ConfigException(
            "option 'text.predicates': '" + p + "' is not an absolute IRI (write it without <>)");
      }
    }
    return new TextSettings(config.getBoolean("text.enabled"), predicates, Set.copyOf(languages));
  }

  private static List<String> split(String v) {
    return Arrays.stream(v.split("[\\s,]+")).filter(s -> !s.isBlank()).toList();
  }

  /**
   * What an index built under these settings depends on, its layout's version first: an index built
   * under others is rebuilt.
   */
  String fingerprint() {
    return LAYOUT
        + " predicates="
        + new TreeSet<>(predicates)
        + " languages="
        + new TreeSet<>(languages);
  }

  /**
   * The version of the documents' layout (v3: a predicate's own terms for short literals only, see
   * TextDocuments.SHORT_TEXT_CHARS).
   */
  static final String LAYOUT = "v3";

  /** True if an index whose fingerprint is {@code built} (null: none) has this layout. */
  static boolean sameLayout(String built) {
    return built != null && built.startsWith(LAYOUT + " ");
  }
}
