package dev.quarry.core.text;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.da.DanishAnalyzer;
import org.apache.lucene.analysis.de.GermanAnalyzer;
import org.apache.lucene.analysis.en.EnglishAnalyzer;
import org.apache.lucene.analysis.es.SpanishAnalyzer;
import org.apache.lucene.analysis.fi.FinnishAnalyzer;
import org.apache.lucene.analysis.fr.FrenchAnalyzer;
import org.apache.lucene.analysis.it.ItalianAnalyzer;
import org.apache.lucene.analysis.miscellaneous.PerFieldAnalyzerWrapper;
import org.apache.lucene.analysis.nl.DutchAnalyzer;
import org.apache.lucene.analysis.no.NorwegianAnalyzer;
import org.apache.lucene.analysis.pt.PortugueseAnalyzer;
import org.apache.lucene.analysis.ru.RussianAnalyzer;
import org.apache.lucene.analysis.sv.SwedishAnalyzer;

/**
 * Lucene's analyzers by language tag: a literal tagged with one of the configured languages is also
 * indexed in field {@code text_<lang>} with that language's stemming and stop words, and a search
 * that names the language uses the same.
 */
final class LanguageAnalyzers {
  private static final Map<String, Supplier<Analyzer>> BY_TAG =
      Map.ofEntries(
          Map.entry("da", DanishAnalyzer::new),
          Map.entry("de", GermanAnalyzer::new),
          Map.entry("en", EnglishAnalyzer::new),
          Map.entry("es", SpanishAnalyzer::new),
          Map.entry("fi", FinnishAnalyzer::new),
          Map.entry("fr", FrenchAnalyzer::new),
          Map.entry("it", ItalianAnalyzer::new),
          Map.entry("nl", DutchAnalyzer::new),
          Map.entry("no", NorwegianAnalyzer::new),
          Map.entry("pt", PortugueseAnalyzer::new),
          Map.entry("ru", RussianAnalyzer::new),
          Map.entry("sv", SwedishAnalyzer::new));

  static final String NEUTRAL_FIELD = "text";

  private LanguageAnalyzers() {}

  static boolean knows(String tag) {
    return BY_TAG.containsKey(tag);
  }

  static Set<String> known() {
    return new TreeSet<>(BY_TAG.keySet());
  }

  /** The primary subtag of a language tag, lower case ({@code en-GB} is {@code en}). */
  static String primary(String tag) {
    int dash = tag.indexOf('-');
    return (dash < 0 ? tag : tag.substring(0, dash)).toLowerCase(Locale.ROOT);
  }

  static String field(String language) {
    return NEUTRAL_FIELD + "_" + language;
  }

  /** The neutral analysis for {@code text}, each configured language's for its own field. */
  static Analyzer forFields(Set<String> languages) {
    Map<String, Analyzer> fields = new HashMap<>();
    for (String l : languages) {
      fields.put(field(l), BY_TAG.get(l).get());
    }
    return new PerFieldAnalyzerWrapper(new FoldingAnalyzer(), fields);
  }
}
