package dev.quarry.core.dict;

import java.util.HashMap;
import java.util.Map;
import org.apache.jena.graph.Node;

/**
 * The language of a language-tagged literal, held in its term id (bits 48 to 55, above the term
 * file offset), so that {@code lang()} and {@code langMatches} are decided without reading the
 * literal's record: a review text in another language is dropped by Q8 without a read of the term
 * file. A number from 1 to 254 is a language of {@link #TABLE}, spelled exactly so (Jena's
 * canonical case: {@code en}, {@code en-GB}, {@code zh-Hant}); {@link #OTHER} is any other
 * language; 0 is no language tag, or, in a store that has ids from before languages were held
 * ({@code index.spi.LanguageCoverage}), not known.
 *
 * <p>The table is part of the store format: entries are only ever appended. A number this Quarry
 * does not know (appended by a newer one) reads as {@link #OTHER}.
 */
public final class LanguageIds {
  /** Where the language number sits in a term id. */
  public static final int SHIFT = 48;

  /** The term id bits below the language: the term file offset, plus one. */
  public static final long OFFSET_MASK = (1L << SHIFT) - 1;

  /** A language not in the table (its record says which). */
  public static final int OTHER = 255;

  /** ISO 639-1, then the region and script forms people tag data with most. Append only. */
  private static final String[] TABLE = {
    null, // 0: no language
    "en", "de", "fr", "es", "it", "pt", "nl", "ru", "ja", "zh", "ko", "ar", "pl", "sv", "da", "fi",
    "nb", "nn", "no", "cs", "el", "he", "hi", "hu", "id", "ro", "tr", "uk", "vi", "th", "fa", "ca",
    "bg", "hr", "sk", "sl", "sr", "lt", "lv", "et", "is", "ga", "cy", "eu", "gl", "la", "eo", "ms",
    "bn", "ta", "te", "ur", "mr", "gu", "kn", "ml", "pa", "sw", "af", "sq", "hy", "az", "be", "bs",
    "ka", "kk", "mk", "mn", "ne", "si", "tl", "uz", "ky", "tg", "tk", "ps", "ku", "am", "my", "km",
    "lo", "mg", "mt", "lb", "fy", "gd", "br", "co", "oc", "fo", "yi", "yo", "zu", "xh", "ig", "ha",
    "so", "sn", "rw", "ny", "st", "tn", "ts", "ve", "wo", "ff", "om", "ti", "ak", "lg", "ln", "kg",
    "bm", "ee", "ki", "rn", "sg", "nd", "nr", "ss", "aa", "ab", "ae", "an", "as", "av", "ay", "ba",
    "bi", "bo", "ce", "ch", "cr", "cu", "cv", "dv", "dz", "fj", "gn", "gv", "ho", "ht", "hz", "ia",
    "ie", "ii", "ik", "io", "iu", "jv", "kj", "kl", "kr", "ks", "kv", "kw", "li", "lu", "mh", "mi",
    "na", "ng", "nv", "oj", "or", "os", "pi", "qu", "rm", "sa", "sc", "sd", "se", "sm", "su", "to",
    "tt", "tw", "ty", "ug", "vo", "wa", "za", "en-US", "en-GB", "en-AU", "en-CA", "en-IE", "en-IN",
    "en-NZ", "en-ZA", "de-DE", "de-AT", "de-CH", "fr-FR", "fr-CA", "fr-BE", "fr-CH", "es-ES",
    "es-MX", "es-AR", "es-419", "pt-BR", "pt-PT", "it-IT", "nl-NL", "nl-BE", "zh-CN", "zh-TW",
    "zh-HK", "zh-Hans", "zh-Hant", "ja-JP", "ko-KR", "ru-RU", "sv-SE", "da-DK", "nb-NO", "fi-FI",
    "pl-PL", "tr-TR", "ar-SA", "he-IL", "hi-IN", "cs-CZ", "el-GR", "hu-HU", "ro-RO", "uk-UA",
    "id-ID", "th-TH", "vi-VN", "ca-ES", "sr-Latn", "sr-Cyrl"
  };

  private static final Map<String, Integer> NUMBERS = new HashMap<>();

  static {
    if (TABLE.length > OTHER) {
      throw new ExceptionInInitializerError("more languages than numbers");
    }
    for (int i = 1; i < TABLE.length; i++) {
      if (NUMBERS.put(TABLE[i], i) != null) {
        throw new ExceptionInInitializerError("language listed twice: " + TABLE[i]);
      }
    }
  }

  private LanguageIds() {}

  /** The language number of a term: 0 unless it is a language-tagged literal. */
  public static int numberOf(Node n) {
    if (!n.isLiteral()) {
      return 0;
    }
    String lang = n.getLiteralLanguage();
    if (lang == null || lang.isEmpty()) {
      return 0;
    }
    Integer known = NUMBERS.get(lang);
    return known != null ? known : OTHER;
  }

  /** The id bits that say the language of {@code n} (0 for a term without one). */
  public static long bitsOf(Node n) {
    return (long) numberOf(n) << SHIFT;
  }

  /** The language number in a term id (0: none, or not known). */
  public static int number(long termId) {
    int k = (int) (NodeIds.payload(termId) >>> SHIFT);
    return k < TABLE.length ? k : OTHER;
  }

  /** The tag of language {@code k} (1 to 254), as {@code lang()} gives it; null for 0 or OTHER. */
  public static String tag(int k) {
    return k > 0 && k < TABLE.length ? TABLE[k] : null;
  }

  /** How many numbers name a language of the table (1 to count). */
  public static int count() {
    return TABLE.length - 1;
  }
}
