package dev.quarry.accumulo.tserver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.accumulo.core.client.IteratorSetting;
import org.apache.accumulo.core.client.PluginEnvironment;
import org.apache.accumulo.core.client.sample.SamplerConfiguration;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.PartialKey;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.TableId;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.iterators.Filter;
import org.apache.accumulo.core.iterators.IteratorEnvironment;
import org.apache.accumulo.core.iterators.IteratorUtil.IteratorScope;
import org.apache.accumulo.core.iterators.SortedKeyValueIterator;
import org.apache.accumulo.core.iterators.user.RegExFilter;
import org.apache.accumulo.core.iterators.user.TimestampFilter;
import org.apache.accumulo.core.iterators.user.VersioningIterator;
import org.apache.accumulo.core.iteratorsImpl.system.SortedMapIterator;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.accumulo.core.spi.common.ServiceEnvironment;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Quarry's tablet-server iterators on random histories of versioned cells, run in this JVM over a
 * sorted map (as a tablet server runs them over its files): {@link VisibleVersions} against the
 * rule it implements and against the stack of Accumulo's own iterators it replaced, resumed scans
 * included; {@link ExpiredVersions} keeping what every reader at or after its horizon reads.
 */
class VersionIteratorsTest {
  private static final Value PRESENT = new Value(new byte[] {'+'});
  private static final Value DELETED = new Value(new byte[] {'-'});

  /** A random history: transactions 1..n, each writing some of 12 keys in one to three flushes. */
  private static TreeMap<Key, Value> history(Random rnd, int txns, TreeSet<Long> aborted) {
    TreeMap<Key, Value> cells = new TreeMap<>();
    for (long t = 1; t <= txns; t++) {
      if (rnd.nextInt(5) == 0) {
        aborted.add(t);
      }
      int flushes = 1 + rnd.nextInt(3);
      for (int f = 1; f <= flushes; f++) {
        for (int k = 0; k < 12; k++) {
          if (rnd.nextInt(3) == 0) {
            Key key = new Key(String.format("row%02d", k), "", "", t << 20 | f);
            cells.put(key, rnd.nextInt(3) == 0 ? DELETED : PRESENT);
          }
        }
      }
    }
    return cells;
  }

  /** The rule: of each key, the newest version up to {@code point} of a transaction not aborted. */
  private static Map<Key, Value> rule(
      SortedMap<Key, Value> cells, long point, TreeSet<Long> aborted) {
    Map<Key, Value> out = new LinkedHashMap<>();
    Key last = null;
    for (Map.Entry<Key, Value> e : cells.entrySet()) { // newest first within a key
      Key k = e.getKey();
      long txn = k.getTimestamp() >>> 20;
      if (last != null && k.equals(last, PartialKey.ROW_COLFAM_COLQUAL_COLVIS)) {
        continue;
      }
      if (txn > point || aborted.contains(txn)) {
        continue;
      }
      last = k;
      if (!e.getValue().equals(DELETED)) {
        out.put(k, e.getValue());
      }
    }
    return out;
  }

  private static Map<String, String> options(long point, TreeSet<Long> aborted) {
    Map<String, String> o = new HashMap<>();
    o.put(VisibleVersions.UP_TO, Long.toString(point));
    o.put(
        VersionIterator.ABORTED, String.join(",", aborted.stream().map(String::valueOf).toList()));
    o.put(VersionIterator.LIVE, "true");
    return o;
  }

  private static Map<Key, Value> drain(SortedKeyValueIterator<Key, Value> it, Range r)
      throws IOException {
    it.seek(r, List.of(), false);
    Map<Key, Value> out = new LinkedHashMap<>();
    while (it.hasTop()) {
      out.put(new Key(it.getTopKey()), new Value(it.getTopValue()));
      it.next();
    }
    return out;
  }

  private static Map<Key, Value> visible(SortedMap<Key, Value> cells, long point, TreeSet<Long> a)
      throws IOException {
    VisibleVersions v = new VisibleVersions();
    v.init(new SortedMapIterator(cells), options(point, a), null);
    return drain(v, new Range());
  }

  /** What readers ran before: a timestamp filter, a negated one per aborted, versions, values. */
  private static Map<Key, Value> accumulosOwn(
      SortedMap<Key, Value> cells, long point, TreeSet<Long> aborted) throws IOException {
    SortedKeyValueIterator<Key, Value> it = new SortedMapIterator(cells);
    IteratorSetting upTo = new IteratorSetting(10, "upTo", TimestampFilter.class);
    TimestampFilter.setEnd(upTo, point << 20 | ((1L << 20) - 1), true);
    it = stacked(new TimestampFilter(), it, upTo);
    for (long a : aborted) {
      IteratorSetting not = new IteratorSetting(11, "not" + a, TimestampFilter.class);
      TimestampFilter.setRange(not, a << 20, true, a << 20 | ((1L << 20) - 1), true);
      Filter.setNegate(not, true);
      it = stacked(new TimestampFilter(), it, not);
    }
    IteratorSetting newest = new IteratorSetting(50, "newest", VersioningIterator.class);
    VersioningIterator.setMaxVersions(newest, 1);
    it = stacked(new VersioningIterator(), it, newest);
    IteratorSetting live = new IteratorSetting(60, "live", RegExFilter.class);
    RegExFilter.setRegexs(live, null, null, null, "\\+", false);
    it = stacked(new RegExFilter(), it, live);
    return drain(it, new Range());
  }

  private static SortedKeyValueIterator<Key, Value> stacked(
      SortedKeyValueIterator<Key, Value> it,
      SortedKeyValueIterator<Key, Value> source,
      IteratorSetting s)
      throws IOException {
    it.init(source, s.getOptions(), null);
    return it;
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 2, 3, 4, 5, 6, 7, 8})
  void aReaderSeesTheNewestVersionUpToItsPointThatNoAbortedWriterMade(int seed) throws IOException {
    Random rnd = new Random(seed);
    TreeSet<Long> aborted = new TreeSet<>();
    TreeMap<Key, Value> cells = history(rnd, 20 + seed * 5, aborted);
    long last = (20 + seed * 5);
    for (long point = 0; point <= last; point++) {
      Map<Key, Value> want = rule(cells, point, aborted);
      assertEquals(want, visible(cells, point, aborted), "point " + point);
      assertEquals(want, accumulosOwn(cells, point, aborted), "Accumulo's stack, point " + point);
    }
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 2, 3})
  void aScanResumedAfterAKeyItReturnedGoesOnWithTheNextKey(int seed) throws IOException {
    Random rnd = new Random(seed);
    TreeSet<Long> aborted = new TreeSet<>();
    TreeMap<Key, Value> cells = history(rnd, 30, aborted);
    long point = 25;
    List<Key> all = new ArrayList<>(visible(cells, point, aborted).keySet());
    assertFalse(all.isEmpty());
    for (int i = 0; i < all.size(); i++) {
      VisibleVersions v = new VisibleVersions();
      v.init(new SortedMapIterator(cells), options(point, aborted), null);
      // A tablet server resumes a scan from the last key it sent, that key excluded.
      List<Key> rest =
          new ArrayList<>(drain(v, new Range(all.get(i), false, null, false)).keySet());
      assertEquals(all.subList(i + 1, all.size()), rest, "resumed after " + all.get(i));
    }
  }

  @ParameterizedTest
  @ValueSource(booleans = {true, false})
  void aCompactionKeepsWhatEveryReaderFromItsHorizonOnReadsAndDropsTheRest(boolean full)
      throws IOException {
    for (int seed = 1; seed <= 6; seed++) {
      Random rnd = new Random(seed);
      TreeSet<Long> aborted = new TreeSet<>();
      int txns = 40;
      TreeMap<Key, Value> cells = history(rnd, txns, aborted);
      long horizon = 10 + rnd.nextInt(25);
      ExpiredVersions x = new ExpiredVersions();
      Map<String, String> o = new HashMap<>();
      o.put(ExpiredVersions.HORIZON, Long.toString(horizon));
      o.put(
          VersionIterator.ABORTED,
          String.join(",", aborted.stream().map(String::valueOf).toList()));
      o.put(VersionIterator.LIVE, "true");
      x.init(new SortedMapIterator(cells), o, new Compacting(full));
      TreeMap<Key, Value> kept = new TreeMap<>(drain(x, new Range()));
      for (long point = horizon; point <= txns; point++) {
        assertEquals(
            visible(cells, point, aborted), visible(kept, point, aborted), "point " + point);
      }
      Map<String, Integer> atOrBefore = new HashMap<>();
      for (Key k : kept.keySet()) {
        long txn = k.getTimestamp() >>> 20;
        assertFalse(aborted.contains(txn), "a cell of aborted transaction " + txn + " was kept");
        if (txn <= horizon) {
          atOrBefore.merge(k.getRow().toString(), 1, Integer::sum);
        }
      }
      atOrBefore.forEach((row, n) -> assertEquals(1, n, row + ": one version at the horizon"));
      assertTrue(kept.size() < cells.size(), "something was dropped");
      if (full) {
        for (Map.Entry<Key, Value> e : kept.entrySet()) {
          boolean newestAtHorizon =
              (e.getKey().getTimestamp() >>> 20) <= horizon
                  && kept.headMap(e.getKey()).keySet().stream()
                      .noneMatch(
                          k ->
                              k.equals(e.getKey(), PartialKey.ROW_COLFAM_COLQUAL_COLVIS)
                                  && (k.getTimestamp() >>> 20) <= horizon);
          assertFalse(
              newestAtHorizon && e.getValue().equals(DELETED),
              "a deletion at the horizon kept in a full compaction: " + e.getKey());
        }
      }
    }
  }

  /** A compaction's environment: all a tablet's files, or some. */
  private record Compacting(boolean full) implements IteratorEnvironment {
    @Override
    public boolean isFullMajorCompaction() {
      return full;
    }

    @Override
    public IteratorScope getIteratorScope() {
      return IteratorScope.majc;
    }

    @Override
    public boolean isUserCompaction() {
      return true;
    }

    @Override
    public SortedKeyValueIterator<Key, Value> reserveMapFileReader(String name) {
      throw new UnsupportedOperationException();
    }

    @Override
    public void registerSideChannel(SortedKeyValueIterator<Key, Value> iter) {
      throw new UnsupportedOperationException();
    }

    @Override
    public Authorizations getAuthorizations() {
      throw new UnsupportedOperationException();
    }

    @Override
    public IteratorEnvironment cloneWithSamplingEnabled() {
      throw new UnsupportedOperationException();
    }

    @Override
    public boolean isSamplingEnabled() {
      return false;
    }

    @Override
    public SamplerConfiguration getSamplerConfiguration() {
      return null;
    }

    @Override
    public ServiceEnvironment getServiceEnv() {
      throw new UnsupportedOperationException();
    }

    @Override
    public PluginEnvironment getPluginEnv() {
      throw new UnsupportedOperationException();
    }

    @Override
    public TableId getTableId() {
      return TableId.of("t");
    }
  }
}
