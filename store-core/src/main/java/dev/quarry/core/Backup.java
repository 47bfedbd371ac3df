package dev.quarry.core;

import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Base64;
import java.util.Properties;

/**
 * A physical backup: the pages of one committed state and the term file up to that commit, as one
 * stream (a file, or an HTTP response), written by {@link Store#backup} and read back by {@link
 * Quarry#restore}. The stream's format is the paged engine's ({@code engine.BackupFormat}); this is
 * what the API says of a backup: its manifest, what a backup wrote, and the checks on a file.
 *
 * <p>A full backup holds every page its state reaches and the whole term file; an incremental one
 * (manifest {@code since} >= 0) only the pages written by commits after generation {@code since}
 * (the backup it follows, named in {@code previous}) and the term bytes added since. A restore
 * applies the chain from its full backup on.
 */
public final class Backup {
  private Backup() {}

  /**
   * What a backup holds. {@code since} is -1 for a full backup, else the generation of the backup
   * it follows ({@code previous}, its file name); {@code root} the root catalog of its state.
   */
  public record Manifest(
      String format,
      String storeId,
      long generation,
      long since,
      String previous,
      long termsFrom,
      long termsTo,
      byte[] root,
      long quads,
      String created,
      boolean languageIdsAll) {

    public boolean incremental() {
      return since >= 0;
    }

    /** The manifest as text (java.util.Properties), as it heads the backup. */
    public byte[] toBytes() throws IOException {
      Properties p = new Properties();
      p.setProperty("format", format);
      p.setProperty("store", storeId);
      p.setProperty("generation", Long.toString(generation));
      p.setProperty("since", Long.toString(since));
      p.setProperty("previous", previous == null ? "" : previous);
      p.setProperty("terms-from", Long.toString(termsFrom));
      p.setProperty("terms-to", Long.toString(termsTo));
      p.setProperty("root", Base64.getEncoder().encodeToString(root));
      p.setProperty("quads", Long.toString(quads));
      p.setProperty("created", created);
      if (languageIdsAll) {
        p.setProperty("language-ids", "all"); // absent in older backups: restored as upgraded
      }
      StringWriter w = new StringWriter();
      p.store(w, "Quarry physical backup");
      return w.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** A manifest from {@link #toBytes}. */
    public static Manifest fromBytes(byte[] bytes) throws IOException {
      Properties p = new Properties();
      p.load(new StringReader(new String(bytes, StandardCharsets.UTF_8)));
      try {
        String previous = p.getProperty("previous", "");
        return new Manifest(
            required(p, "format"),
            required(p, "store"),
            Long.parseLong(required(p, "generation")),
            Long.parseLong(required(p, "since")),
            previous.isEmpty() ? null : previous,
            Long.parseLong(required(p, "terms-from")),
            Long.parseLong(required(p, "terms-to")),
            Base64.getDecoder().decode(required(p, "root")),
            Long.parseLong(required(p, "quads")),
            p.getProperty("created", ""),
            "all".equals(p.getProperty("language-ids")));
      } catch (IllegalArgumentException e) {
        throw new IOException("a backup manifest with a malformed field: " + e.getMessage(), e);
      }
    }

    private static String required(Properties p, String key) throws IOException {
      String v = p.getProperty(key);
      if (v == null) {
        throw new IOException("the backup manifest lacks '" + key + "'");
      }
      return v;
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Manifest m
          && storeId.equals(m.storeId)
          && generation == m.generation
          && since == m.since
          && Arrays.equals(root, m.root);
    }

    @Override
    public int hashCode() {
      return storeId.hashCode() * 31 + Long.hashCode(generation);
    }
  }

  /** What a backup wrote or a verification read. */
  public record Summary(Manifest manifest, long pages, long termBytes, long bytes) {}

  /** Reading backup files: what a backend that takes physical backups offers. */
  public interface Files {
    /** True if {@code file} starts as a physical backup does. */
    boolean isBackup(Path file) throws IOException;

    /** The manifest at the head of a backup file. */
    Manifest manifest(Path file) throws IOException;

    /**
     * Reads a whole backup: every page's checksum and the trailer's counts and CRC. Throws an
     * IOException that says what is wrong and where.
     */
    Summary verify(Path file) throws IOException;
  }

  /** True if {@code file} starts as a physical backup does. */
  public static boolean isPhysical(Path file) throws IOException {
    return Quarry.backupFiles().isBackup(file);
  }

  /** The manifest at the head of a backup file. */
  public static Manifest readManifest(Path file) throws IOException {
    return Quarry.backupFiles().manifest(file);
  }

  /** See {@link Files#verify}. */
  public static Summary verify(Path file) throws IOException {
    return Quarry.backupFiles().verify(file);
  }
}
