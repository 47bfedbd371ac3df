package dev.quarry.core.storage;

import java.util.List;
import java.util.Map;

/**
 * The on-disk formats, newest first, and which older ones this Quarry upgrades in place. A format
 * changes name whenever an older Quarry would misread or damage a store written by a newer one.
 *
 * <ul>
 *   <li>{@code paged-v6} (current): a literal of a datatype outside XSD and RDF whose lexical form
 *       is a decimal number is held in its id ({@code dict.TypedIds}), with no record. An older
 *       Quarry would read such an id as a record's. A store made in v6 says so by a row in its term
 *       hash index from its first commit on; in a store upgraded to v6 such literals stay records.
 *   <li>{@code paged-v5}: a record's length carries a flag saying its bytes are coded with the
 *       store's symbol table ({@code dict.SymbolTable}). An older Quarry would read such a record's
 *       length as twice what it is. A store made in v5 says so by a row in its term hash index from
 *       its first commit on; in a store upgraded to v5 records stay as they are.
 *   <li>{@code paged-v4}: an IRI that is a prefix and a decimal number is held in its id ({@code
 *       dict.IriIds}), with no record. An older Quarry would read such an id as a record's. A store
 *       made in v4 says so by a row in its term hash index from its first commit on; in a store
 *       upgraded to v4 every IRI stays a record.
 *   <li>{@code paged-v3}: the id of a language-tagged literal carries its language ({@link
 *       dev.quarry.core.dict.LanguageIds}). An older Quarry would read such an id's term at the
 *       wrong offset. A store made in v3 says so in its marker ({@code language-ids=all}): only
 *       there does an id without a language mean a literal without one.
 *   <li>{@code paged-v2}: tree pages carry the commit generation that wrote them, and the space
 *       map's generation follows the commits; incremental backups rely on both.
 *   <li>{@code paged-v1}: the same pages with generation 0. Upgraded in place by renaming the
 *       format: generation 0 reads as "before any backup", which it is, since a v1 store never had
 *       a physical backup. (A v1 Quarry must not open a v2 store: it would write pages with
 *       generation 0 after a backup, and number its space map headers by another rule.)
 * </ul>
 *
 * <p>v1 to v5 are upgraded to v6 in place by renaming the format too: their terms keep the ids and
 * records they have; from v1 and v2, literals added later carry their language.
 */
public final class StoreFormats {
  public static final String CURRENT = "paged-v6";

  /** Older formats upgraded in place, each to what it becomes. */
  private static final Map<String, String> IN_PLACE =
      Map.of(
          "paged-v1", CURRENT,
          "paged-v2", CURRENT,
          "paged-v3", CURRENT,
          "paged-v4", CURRENT,
          "paged-v5", CURRENT);

  /** Formats whose physical backups this Quarry restores (an older one restores as upgraded). */
  public static final List<String> RESTORABLE =
      List.of(CURRENT, "paged-v5", "paged-v4", "paged-v3", "paged-v2");

  private StoreFormats() {}

  public static boolean upgradableInPlace(String format) {
    return format != null && IN_PLACE.containsKey(format);
  }

  /** What {@code format} becomes in place, or null if it cannot be. */
  public static String upgradeOf(String format) {
    return format == null ? null : IN_PLACE.get(format);
  }
}
