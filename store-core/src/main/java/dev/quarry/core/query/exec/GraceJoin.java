package dev.quarry.core.query.exec;

import dev.quarry.core.query.memory.QueryMemory;
import dev.quarry.core.query.memory.SpillFile;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A {@link HashJoin} whose right side does not fit the query's memory (a grace hash join): right
 * and left rows are written to {@value #PARTS} partition files by the hash of their join key, and
 * each partition is joined on its own, its right rows in a table. A partition whose right rows do
 * not fit either (one key with very many rows) is joined a part of them at a time, the left rows
 * read again for each part, an OPTIONAL's matches marked so that the unmatched rows come out once
 * at the end. Left rows with an unbound join variable meet every right row the same way. The output
 * comes partition by partition, not in the left side's order, which a join does not promise.
 */
final class GraceJoin {
  private static final int PARTS = 64;

  private final HashJoin join;
  private final QueryMemory memory;
  private final int rw;
  private final int lw;
  private final SpillFile[] rightParts = new SpillFile[PARTS];
  private final SpillFile[] leftParts = new SpillFile[PARTS];
  private final SpillFile leftUnbound;
  private final List<Pass> passes = new ArrayList<>();
  private boolean partitioned;

  GraceJoin(HashJoin join, QueryMemory memory) {
    this.join = join;
    this.memory = memory;
    this.rw = join.right().vars().size();
    this.lw = join.left().vars().size();
    for (int i = 0; i < PARTS; i++) {
      rightParts[i] = memory.newSpillFile();
      leftParts[i] = memory.newSpillFile();
    }
    leftUnbound = memory.newSpillFile();
  }

  /** A right row whose join key is bound. */
  void addRight(long[] row) {
    rightParts[part(join.rightKey(row))].write(row, 0, rw);
  }

  private static int part(long[] key) {
    return Math.floorMod(new RowKey(key).hashCode() * 0x9E3779B9, PARTS);
  }

  /** The next batch of joined rows; null at the end. */
  Rows next() {
    if (!partitioned) {
      partitionLeft();
    }
    while (!passes.isEmpty()) {
      Rows r = passes.getFirst().next();
      if (r != null) {
        return r;
      }
      passes.removeFirst().close();
    }
    return null;
  }

  private void partitionLeft() {
    partitioned = true;
    for (SpillFile f : rightParts) {
      f.finish();
    }
    IdOperator left = join.left();
    for (Rows r = left.next(); r != null; r = left.next()) {
      for (int i = 0; i < r.size; i++) {
        long[] l = r.row(i);
        long[] key = join.leftKey(l);
        (key == null ? leftUnbound : leftParts[part(key)]).write(l, 0, lw);
      }
    }
    for (SpillFile f : leftParts) {
      f.finish();
    }
    leftUnbound.finish();
    for (int i = 0; i < PARTS; i++) {
      passes.add(new Pass(List.of(rightParts[i]), leftParts[i], true));
    }
    if (leftUnbound.size() > 0) {
      // Rare (an OPTIONAL's unbound value as a join key): every right row, read back.
      passes.add(new Pass(List.of(rightParts), leftUnbound, false));
    }
  }

  /** The left rows of one file joined with the right rows of some files, a part at a time. */
  private final class Pass {
    private final List<SpillFile> rights;
    private final SpillFile left;
    private final boolean keyed;
    private int file;
    private SpillFile.Reader rightReader;
    private boolean lastPart;
    private int parts;
    private Map<RowKey, List<long[]>> table;
    private List<long[]> rows;
    private long held;
    private SpillFile.Reader leftReader;
    private long leftRow;
    private BitSet matched; // null while the right rows fit in one part
    private boolean unmatchedPass;

    Pass(List<SpillFile> rights, SpillFile left, boolean keyed) {
      this.rights = rights;
      this.left = left;
      this.keyed = keyed;
    }

    Rows next() {
      if (left.size() == 0) {
        return null; // no left rows: nothing joins, nothing is unmatched
      }
      while (true) {
        if (leftReader == null) {
          if (!lastPart) {
            loadPart();
          } else if (matched != null && join.outer() && !unmatchedPass) {
            unmatchedPass = true;
          } else {
            return null;
          }
          leftReader = left.reader();
          leftRow = 0;
        }
        Rows in = readRows(leftReader, lw);
        if (in == null) {
          leftReader = null;
          dropPart();
          if (unmatchedPass) {
            return null;
          }
          continue;
        }
        long first = leftRow;
        leftRow += in.size;
        if (unmatchedPass) {
          return unmatched(in, first);
        }
        return join.probe(in, table, rows, keyed && parts == 1, matched, first);
      }
    }

    /** Reads the next part of the right rows: as many as the query may hold, one batch at least. */
    private void loadPart() {
      parts++;
      table = new HashMap<>();
      rows = new ArrayList<>();
      if (!keyed && parts == 1) {
        rows.addAll(join.wild); // the unbound left rows meet the unbound right rows once
      }
      while (file < rights.size()) {
        if (rightReader == null) {
          rightReader = rights.get(file).reader();
        }
        Rows r = readRows(rightReader, rw);
        if (r == null) {
          rightReader = null;
          file++;
          continue;
        }
        for (int i = 0; i < r.size; i++) {
          long[] row = r.row(i);
          if (keyed) {
            table.computeIfAbsent(new RowKey(join.rightKey(row)), k -> new ArrayList<>()).add(row);
          } else {
            rows.add(row);
          }
        }
        long bytes = r.size * HashJoin.rowBytes(rw);
        if (!memory.tryReserve(bytes)) {
          break; // this part is full: the left rows meet it, then the next part
        }
        held += bytes;
      }
      lastPart = file >= rights.size();
      if (!(parts == 1 && lastPart) && matched == null && join.outer()) {
        matched = new BitSet();
      }
    }

    private void dropPart() {
      table = Map.of();
      rows = List.of();
      memory.release(held);
      held = 0;
    }

    private Rows unmatched(Rows in, long first) {
      Rows out = new Rows(join.vars().size(), in.size);
      for (int r = 0; r < in.size; r++) {
        if (!matched.get(Math.toIntExact(first + r))) {
          System.arraycopy(in.data, r * in.width, out.data, out.append(), in.width);
        }
      }
      return out;
    }

    void close() {
      dropPart();
    }
  }

  /** Up to a batch of rows of {@code width} from {@code reader}; null at its end. */
  private static Rows readRows(SpillFile.Reader reader, int width) {
    Rows r = new Rows(width, Rows.BATCH);
    r.size = reader.read(r.data, 0, Rows.BATCH * width) / width;
    return r.size == 0 ? null : r;
  }

  void close() {
    passes.forEach(Pass::close);
    passes.clear();
    for (int i = 0; i < PARTS; i++) {
      rightParts[i].close();
      leftParts[i].close();
    }
    leftUnbound.close();
  }
}
