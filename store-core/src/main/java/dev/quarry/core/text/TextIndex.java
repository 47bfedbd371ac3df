package dev.quarry.core.text;

import dev.quarry.core.index.spi.QuadView;
import dev.quarry.core.index.spi.TextSearch;
import dev.quarry.core.txn.RootCatalog;
import dev.quarry.core.txn.Snapshot;
import dev.quarry.core.txn.TxnKey;
import dev.quarry.core.txn.TxnParticipant;
import dev.quarry.core.txn.WriteTxn;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.apache.jena.graph.NodeFactory;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.StringField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.MultiReader;
import org.apache.lucene.index.SegmentInfos;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.TermInSetQuery;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.util.BytesRef;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The full-text index, kept in step with the store as a participant of its commits.
 *
 * <p><b>Isolation: segments published at commit.</b> A commit that changed string literals writes
 * their documents to the index writer while it holds the store's writer lock, opens a near-real-
 * time reader on the result, and publishes that reader with the commit's snapshot ({@link
 * WriteTxn#publish}); a commit that changed none publishes nothing, and its snapshot keeps its
 * base's reader. A reader of the store therefore searches the text of exactly its own state: no hit
 * of a later commit (its reader is older), none missing (it is the reader of that commit). The
 * alternative, commit numbers on documents and a filter per search, would keep every old version of
 * a document and filter each search; point-in-time readers are what Lucene is built on.
 *
 * <p><b>Durability.</b> Before the store's commit point, {@link #force} commits Lucene with the
 * text version it reached, a number also written into the store's root slot {@code text-version} by
 * each commit that changed text. At open the two must be equal: a crash between Lucene's commit and
 * the store's leaves Lucene ahead, and the index is then rebuilt from the store (as it is when text
 * search is first turned on, the settings changed, or a restored backup has no index: backups do
 * not carry it). A rebuild reads every object of the store once.
 */
public final class TextIndex implements TxnParticipant, AutoCloseable {
  public static final String VERSION_SLOT = "text-version";
  private static final String VERSION_KEY = "quarry.text.version";
  private static final String SETTINGS_KEY = "quarry.text.settings";
  private static final Logger LOG = LoggerFactory.getLogger(TextIndex.class);

  // Lucene says at its first use, on the console, that the JDK's incubating vector module would
  // make it faster; Quarry does not run with incubating modules. Held: JUL keeps loggers weakly.
  private static final java.util.logging.Logger VECTOR_NOTICE = quiet();

  private static java.util.logging.Logger quiet() {
    java.util.logging.Logger l =
        java.util.logging.Logger.getLogger(
            "org.apache.lucene.internal.vectorization.VectorizationProvider");
    l.setLevel(java.util.logging.Level.SEVERE);
    return l;
  }

  private static final TxnKey<Touched> TOUCHED = new TxnKey<>("text: literals changed");
  private static final TxnKey<TextSnapshot> READER = new TxnKey<>("text index");
  private static final TxnKey<Boolean> REBUILD = new TxnKey<>("text: rebuild at commit");

  private final TextSettings settings;
  private final Directory directory;
  private final IndexWriter writer;
  private final Analyzer analyzer;
  private final TextDocuments documents;
  private final int versionSlot;
  private final Function<WriteTxn, TextSource> writerState;
  private final Object lock = new Object(); // the index writer's changes and Lucene's commits
  private long version; // of the last prepared change (under lock)
  private long committedVersion; // in Lucene's last commit (under lock)
  private TextSnapshot latest; // the reader of the last prepared change (under lock)
  private final ArrayDeque<Published> published = new ArrayDeque<>(); // under lock
  private volatile Throwable failed;

  private record Published(long generation, TextSnapshot snapshot) {}

  private TextIndex(
      TextSettings settings,
      Directory directory,
      IndexWriter writer,
      Analyzer analyzer,
      int versionSlot,
      Function<WriteTxn, TextSource> writerState) {
    this.settings = settings;
    this.directory = directory;
    this.writer = writer;
    this.analyzer = analyzer;
    this.documents = new TextDocuments(settings.languages());
    this.versionSlot = versionSlot;
    this.writerState = writerState;
  }

  /**
   * Opens the index in {@code dir} (null: in memory) for a store whose committed state is {@code
   * committed}, rebuilding it from {@code committedState} unless it is that state's.
   */
  public static TextIndex open(
      Path dir,
      TextSettings settings,
      RootCatalog roots,
      Snapshot committed,
      TextSource committedState,
      Function<WriteTxn, TextSource> writerState) {
    int slot = roots.slot(VERSION_SLOT);
    long storeVersion = committed.root(slot);
    try {
      Directory d = dir == null ? new ByteBuffersDirectory() : FSDirectory.open(dir);
      String why = reasonToRebuild(d, settings, storeVersion);
      Analyzer analyzer = LanguageAnalyzers.forFields(settings.languages());
      IndexWriterConfig cfg =
          new IndexWriterConfig(analyzer)
              .setOpenMode(
                  why == null
                      ? IndexWriterConfig.OpenMode.APPEND
                      : IndexWriterConfig.OpenMode.CREATE)
              .setCommitOnClose(false)
              .setRAMBufferSizeMB(128);
      IndexWriter w = new IndexWriter(d, cfg);
      TextIndex t = new TextIndex(settings, d, w, analyzer, slot, writerState);
      t.version = storeVersion;
      if (why != null) {
        long start = System.nanoTime();
        long docs = t.build(committedState);
        t.commitLucene(storeVersion); // the index is now the committed state's
        if (dir != null && docs > 0) {
          LOG.info(
              "text index built ({}): {} literals in {} ms",
              why,
              docs,
              (System.nanoTime() - start) / 1_000_000);
        }
      }
      t.committedVersion = storeVersion;
      t.latest = t.newSnapshot(DirectoryReader.open(w), t.indexedPredicates(committedState));
      t.published.add(new Published(committed.generation(), t.latest));
      return t;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot open the text index: " + e.getMessage(), e);
    }
  }

  /** Why the index in {@code d} cannot serve as the committed state's; null if it can. */
  private static String reasonToRebuild(Directory d, TextSettings settings, long storeVersion)
      throws IOException {
    if (!DirectoryReader.indexExists(d)) {
      return "none yet";
    }
    Map<String, String> data = SegmentInfos.readLatestCommit(d).getUserData();
    String built = data.get(SETTINGS_KEY);
    if (!TextSettings.sameLayout(built)) {
      return "an earlier version of Quarry laid its documents out otherwise";
    }
    if (!settings.fingerprint().equals(built)) {
      return "the text.* settings changed";
    }
    if (!String.valueOf(storeVersion).equals(data.get(VERSION_KEY))) {
      return "it is at version " + data.get(VERSION_KEY) + ", the store at " + storeVersion;
    }
    return null;
  }

  /** The value a snapshot opened at start carries: the index as the committed state has it. */
  public TxnKey<TextSnapshot> key() {
    return READER;
  }

  public TextSnapshot initial() {
    synchronized (lock) {
      return latest;
    }
  }

  /** The text index of a committed state. */
  public static TextSearch of(Snapshot s) {
    return s.value(READER);
  }

  public TextSettings settings() {
    return settings;
  }

  // ---- writes ----------------------------------------------------------------------------------

  /** Notes that a quad with object {@code o} and predicate {@code p} was added or removed. */
  public void touched(WriteTxn w, long p, long o) {
    if (TextDocuments.mayBeString(o)) {
      w.get(TOUCHED, Touched::new).add(o);
    }
  }

  /**
   * Notes that transaction {@code w} is a load into an empty store: its commit builds the index
   * from the new state in one pass instead of looking up each literal it touched.
   */
  public void rebuildAtCommit(WriteTxn w) {
    w.put(REBUILD, Boolean.TRUE);
  }

  /** True if {@link #rebuildAtCommit} was asked for {@code w} (nothing need be touched). */
  public boolean rebuildsAtCommit(WriteTxn w) {
    return w.peek(REBUILD) != null;
  }

  /** The literals transaction {@code w} changed so far (null: none). */
  long[] touchedBy(WriteTxn w) {
    Touched t = w.peek(TOUCHED);
    return t == null ? null : t.sorted();
  }

  @Override
  public void prepare(WriteTxn w) {
    Touched t = w.peek(TOUCHED);
    boolean rebuild = rebuildsAtCommit(w);
    if (!rebuild && (t == null || t.size() == 0)) {
      return;
    }
    if (failed != null) {
      throw new IllegalStateException(
          "the text index failed to take an earlier change and takes no more until the store is"
              + " reopened (which rebuilds it): "
              + failed);
    }
    TextSource state = writerState.apply(w);
    long[] ids = rebuild || t == null ? new long[0] : t.sorted();
    long[] indexed = indexedPredicates(state);
    synchronized (lock) {
      try {
        if (rebuild) {
          writer.deleteAll();
          build(state);
        }
        for (long id : ids) {
          index(state, id, indexed);
        }
        version = Math.max(version, 0) + 1;
        w.setRoot(versionSlot, version);
        DirectoryReader r = DirectoryReader.openIfChanged(latest.reader(), writer, true);
        if (r != null) {
          latest = newSnapshot(r, indexed);
          published.add(new Published(w.base().generation() + 1, latest));
        }
        w.publish(READER, latest);
      } catch (IOException | RuntimeException e) {
        failed = e;
        throw new IllegalStateException("cannot change the text index: " + e.getMessage(), e);
      }
    }
  }

  /** The predicates whose objects are indexed, ascending; null: every one. */
  private long[] indexedPredicates(TextSource state) {
    if (settings.predicates().isEmpty()) {
      return null;
    }
    List<Long> ids = new ArrayList<>();
    for (String iri : settings.predicates()) {
      long id = state.id(NodeFactory.createURI(iri));
      if (id != QuadView.NONE) {
        ids.add(id);
      }
    }
    return ids.stream().mapToLong(Long::longValue).sorted().toArray();
  }

  /** Writes literal {@code id}'s document as the state now has it, or deletes it. */
  private void index(TextSource state, long id, long[] indexed) throws IOException {
    Document doc = documents.ofState(state, id, indexed);
    if (doc == null) {
      writer.deleteDocuments(TextDocuments.key(id));
    } else {
      writer.updateDocument(TextDocuments.key(id), doc);
    }
  }

  /** Indexes every string literal object of {@code state} (into an empty writer). */
  private long build(TextSource state) throws IOException {
    return TextBuild.run(state, indexedPredicates(state), writer, documents);
  }

  @Override
  public void force() throws IOException {
    synchronized (lock) {
      if (version != committedVersion) {
        commitLucene(version);
        committedVersion = version;
      }
    }
  }

  private void commitLucene(long v) throws IOException {
    writer.setLiveCommitData(
        Map.of(VERSION_KEY, String.valueOf(v), SETTINGS_KEY, settings.fingerprint()).entrySet());
    writer.commit();
  }

  @Override
  public void rollback(WriteTxn w) {
    // nothing reached the index writer before prepare
  }

  /** Closes the readers of states no reader of the store can see any more. */
  @Override
  public void unseenBefore(long generation) {
    synchronized (lock) {
      while (published.size() > 1) {
        Published first = published.peek();
        Published next = secondOf(published);
        if (next.generation() > generation) {
          break;
        }
        published.poll();
        first.snapshot().close();
      }
    }
  }

  private static Published secondOf(ArrayDeque<Published> q) {
    var it = q.iterator();
    it.next();
    return it.next();
  }

  private TextSnapshot newSnapshot(DirectoryReader r, long[] indexed) {
    return new TextSnapshot(r, analyzer, settings.languages(), indexed);
  }

  /**
   * The text index as writer {@code w} sees it: its base state's, with the documents of the
   * literals it changed replaced by their documents in its own state (an in-memory overlay).
   */
  public TextSearch forWriter(WriteTxn w) {
    TextSnapshot base = w.base().value(READER);
    Touched t = w.peek(TOUCHED);
    if (base == null || t == null || t.size() == 0) {
      return base;
    }
    TextSource state = writerState.apply(w);
    long[] ids = t.sorted();
    long[] indexed = indexedPredicates(state);
    ByteBuffersDirectory d = new ByteBuffersDirectory();
    List<BytesRef> keys = new ArrayList<>(ids.length);
    try {
      try (IndexWriter ow = new IndexWriter(d, new IndexWriterConfig(analyzer))) {
        for (long id : ids) {
          keys.add(TextDocuments.keyBytes(id));
          Document doc = documents.ofState(state, id, indexed);
          if (doc != null) {
            doc.add(new StringField(OVERLAY, "1", Field.Store.NO));
            ow.addDocument(doc);
          }
        }
      }
      DirectoryReader own = DirectoryReader.open(d);
      IndexReader both = new MultiReader(new IndexReader[] {base.reader(), own}, false);
      Query hidden =
          new BooleanQuery.Builder()
              .add(new TermInSetQuery(TextDocuments.KEY, keys), BooleanClause.Occur.FILTER)
              .add(new TermQuery(new Term(OVERLAY, "1")), BooleanClause.Occur.MUST_NOT)
              .build();
      return new TextSnapshot(
          both,
          hidden,
          new TextSnapshot.WriterChanges(base, own, ids),
          analyzer,
          settings.languages(),
          indexed);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot search the writer's text changes: " + e, e);
    }
  }

  private static final String OVERLAY = "overlay";

  /**
   * Compares the index of committed state {@code s} with the state itself: the same literals, each
   * once, with the predicates they are used with (counted per predicate). Problems, one line each.
   */
  public List<String> check(Snapshot s, TextSource state) {
    List<String> problems = new ArrayList<>();
    TextSnapshot text = s.value(READER);
    long[] indexed = indexedPredicates(state);
    java.util.TreeMap<Long, Long> expectedByPredicate = new java.util.TreeMap<>();
    long[][] expected = {new long[1024]};
    int[] n = {0};
    state.forEachObject(
        (o, preds, k) -> {
          if (!TextDocuments.mayBeString(o)) {
            return;
          }
          long[] keep = TextBuild.keep(java.util.Arrays.copyOf(preds, k), indexed);
          if (keep.length == 0 || !TextDocuments.indexable(state.node(o))) {
            return;
          }
          if (n[0] == expected[0].length) {
            expected[0] = java.util.Arrays.copyOf(expected[0], n[0] * 2);
          }
          expected[0][n[0]++] = o;
          for (long p : keep) {
            expectedByPredicate.merge(p, 1L, Long::sum);
          }
        });
    try {
      long[] present = text.liveIds();
      long[] want = java.util.Arrays.copyOf(expected[0], n[0]);
      if (!java.util.Arrays.equals(present, want)) {
        problems.add(
            "text index: holds "
                + present.length
                + " literals, the store "
                + want.length
                + differenceOf(present, want));
      }
      for (var e : expectedByPredicate.entrySet()) {
        long got = text.countWithPredicate(e.getKey());
        if (got != e.getValue()) {
          problems.add(
              "text index: "
                  + got
                  + " literals under predicate "
                  + state.node(e.getKey())
                  + ", the store has "
                  + e.getValue());
        }
      }
    } catch (IOException e) {
      problems.add("text index unreadable: " + e.getMessage());
    }
    return problems;
  }

  private static String differenceOf(long[] present, long[] want) {
    java.util.Set<Long> a = new java.util.HashSet<>();
    for (long x : present) {
      a.add(x);
    }
    for (long x : want) {
      if (!a.remove(x)) {
        return "; missing literal id " + Long.toHexString(x);
      }
    }
    return a.isEmpty()
        ? "; a literal twice"
        : "; extra literal id " + Long.toHexString(a.iterator().next());
  }

  /** Readers published and not yet closed (for tests). */
  int openSnapshots() {
    synchronized (lock) {
      return published.size();
    }
  }

  /** Commits what the last commits changed, then closes; the store is closing. */
  @Override
  public void close() throws IOException {
    synchronized (lock) {
      try {
        if (failed == null && version != committedVersion) {
          commitLucene(version);
        }
      } finally {
        for (Published p : published) {
          p.snapshot().close();
        }
        published.clear();
        writer.close();
        directory.close();
      }
    }
  }
}
