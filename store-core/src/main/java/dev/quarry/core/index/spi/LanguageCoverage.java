package dev.quarry.core.index.spi;

/**
 * Which of a store's language-tagged literals carry their language in their term ids (see {@code
 * dev.quarry.core.dict.LanguageIds}), so that a filter on {@code lang()} can be decided on ids.
 */
public enum LanguageCoverage {
  /** None: a store that numbers its terms another way (Accumulo). */
  NONE,
  /** Those added since the store was upgraded to a format with languages in ids: 0 says nothing. */
  SINCE_UPGRADE,
  /** All of them: an id without a language is a term without one. */
  ALL
}
