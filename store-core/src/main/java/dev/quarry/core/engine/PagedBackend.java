package dev.quarry.core.engine;

import dev.quarry.core.dict.Dictionary;
import dev.quarry.core.index.QuadIndexes;
import dev.quarry.core.index.QuadOrder;
import dev.quarry.core.index.QuadWriter;
import dev.quarry.core.index.StatsTrees;
import dev.quarry.core.index.spi.LanguageCoverage;
import dev.quarry.core.index.spi.QuadBackend;
import dev.quarry.core.index.spi.ReadView;
import dev.quarry.core.index.spi.WriteView;
import dev.quarry.core.storage.StoreException;
import dev.quarry.core.text.TextIndex;
import dev.quarry.core.txn.ReadTxn;
import dev.quarry.core.txn.Transactions;
import dev.quarry.core.txn.WriteTxn;
import java.nio.file.Path;

/** The paged engine as the index SPI: snapshots and the writer over its trees and dictionary. */
final class PagedBackend implements QuadBackend {
  private final Transactions txns;
  private final QuadIndexes indexes;
  private final StatsTrees statsTrees;
  private final Dictionary dictionary;
  private final TextIndex text; // null: text search is off
  private final Path derived; // null: a store in memory
  private final LanguageCoverage languages;
  private volatile boolean closed;

  PagedBackend(
      Transactions txns,
      QuadIndexes indexes,
      StatsTrees statsTrees,
      Dictionary dictionary,
      TextIndex text,
      Path derived,
      LanguageCoverage languages) {
    this.txns = txns;
    this.languages = languages;
    this.indexes = indexes;
    this.statsTrees = statsTrees;
    this.dictionary = dictionary;
    this.text = text;
    this.derived = derived;
  }

  /** Which language-tagged literals have their language in their ids. */
  LanguageCoverage languageIds() {
    return languages;
  }

  @Override
  public Path derivedFiles() {
    return derived;
  }

  /**
   * The durable name of the state at {@code roots} ({@link
   * dev.quarry.core.index.spi.QuadView#durableName}), or null in memory: every root value (tree
   * roots, the term file's length, ...) and the commit each quad index's root page was written in.
   * Commits copy a tree's pages on write, so changed quads have a new root; a freed page may become
   * a root again, but written by a later commit.
   */
  String durableName(long[] roots) {
    if (derived == null) {
      return null;
    }
    StringBuilder name = new StringBuilder();
    for (long r : roots) {
      name.append(Long.toHexString(r)).append('.');
    }
    for (QuadOrder o : QuadOrder.values()) {
      name.append(Long.toHexString(indexes.tree(o).rootGeneration(indexes.root(roots, o))));
      name.append(o.ordinal() + 1 < QuadOrder.values().length ? "." : "");
    }
    return name.toString();
  }

  /** The text index, or null if text search is off. */
  TextIndex text() {
    return text;
  }

  @Override
  public ReadView beginRead() {
    return new PagedReadView(this, readTxn());
  }

  @Override
  public WriteView beginWrite() {
    WriteTxn w = writeTxn();
    try {
      return new PagedWriteView(this, w);
    } catch (RuntimeException e) {
      txns.abort(w);
      throw e;
    }
  }

  Transactions txns() {
    return txns;
  }

  QuadIndexes indexes() {
    return indexes;
  }

  StatsTrees statsTrees() {
    return statsTrees;
  }

  Dictionary dictionary() {
    return dictionary;
  }

  /** From now on every transaction is refused (the store is closing). */
  void close() {
    closed = true;
  }

  /** A read transaction; refused once the store is closed (its pages and files are gone). */
  ReadTxn readTxn() {
    checkOpen();
    return txns.beginRead();
  }

  /** The write transaction; refused once the store is closed. */
  WriteTxn writeTxn() {
    checkOpen();
    return txns.beginWrite();
  }

  private void checkOpen() {
    if (closed) {
      throw new StoreException("the store is closed");
    }
  }

  /** The trickle quad writer of transaction {@code w}. */
  QuadWriter writer(WriteTxn w) {
    return QuadWriter.trickle(indexes, statsTrees, dictionary, w);
  }

  /** The bulk quad writer of transaction {@code w}. */
  QuadWriter bulkWriter(WriteTxn w, QuadWriter.BulkSettings settings) {
    return QuadWriter.bulk(indexes, statsTrees, dictionary, w, settings);
  }
}
