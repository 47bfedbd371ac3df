package dev.quarry.core.dict;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A static table of up to 255 symbols of 1 to 8 bytes that codes short strings one at a time, each
 * symbol as one byte and any other byte as an escape and itself: the scheme of FSST (Boncz, Neumann
 * and Leis, "FSST: Fast Random Access String Compression", VLDB 2020), written here from its paper.
 * Blocks coded with deflate or zstd pack a term file's pages 2x but cost 17-20 us to decode a 4 KB
 * block for one record; a record coded with this table decodes alone (162 ns for BSBM's short
 * records, {@code SymbolTableBenchmark}), and BSBM 100M's term file shrinks 1.74x, so a store
 * larger than memory keeps more of its records in the same OS cache.
 *
 * <p>A table is trained once per store on a sample of its first records ({@link #train}) and never
 * changes: records coded with it stay readable. Immutable, so readers share it without locks.
 */
final class SymbolTable {
  static final int MAX_SYMBOLS = 255;
  private static final int ESCAPE = 255;
  private static final int MAX_LENGTH = 8;
  private static final int GENERATIONS = 5;

  private final long[] symbols; // a symbol's bytes, little-endian, zero above its length
  private final byte[] lengths;
  // For each first two bytes, the codes of the symbols of 2 bytes or more starting with them,
  // longest first (null: none); for each byte, the code of the symbol that is that byte, or -1.
  private final int[][] byFirstTwo = new int[1 << 16][];
  private final int[] single = new int[256];
  private static final VarHandle LONG_LE =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  private SymbolTable(long[] symbols, byte[] lengths) {
    this.symbols = symbols;
    this.lengths = lengths;
    Arrays.fill(single, -1);
    Map<Integer, List<Integer>> lists = new HashMap<>();
    for (int c = 0; c < symbols.length; c++) {
      if (lengths[c] == 1) {
        single[(int) symbols[c]] = c;
      } else {
        lists.computeIfAbsent((int) (symbols[c] & 0xFFFF), k -> new ArrayList<>()).add(c);
      }
    }
    for (Map.Entry<Integer, List<Integer>> e : lists.entrySet()) {
      List<Integer> codes = e.getValue();
      codes.sort((x, y) -> lengths[y] - lengths[x]);
      byFirstTwo[e.getKey()] = codes.stream().mapToInt(Integer::intValue).toArray();
    }
  }

  int size() {
    return symbols.length;
  }

  /** {@code s}'s bytes coded: each longest matching symbol as its code, other bytes escaped. */
  byte[] encode(byte[] s) {
    byte[] out = new byte[2 * s.length];
    int o = 0;
    for (int p = 0; p < s.length; ) {
      int code = longestAt(s, p);
      if (code >= 0) {
        out[o++] = (byte) code;
        p += lengths[code];
      } else {
        out[o++] = (byte) ESCAPE;
        out[o++] = s[p++];
      }
    }
    return Arrays.copyOf(out, o);
  }

  /** The bytes {@code in[off, off + len)} code. */
  byte[] decode(byte[] in, int off, int len) {
    int end = off + len;
    int size = 0;
    for (int i = off; i < end; i++) {
      int code = in[i] & 0xFF;
      if (code == ESCAPE) {
        i++;
        size++;
      } else if (code < symbols.length) {
        size += lengths[code];
      } else {
        throw new IllegalStateException("corrupt coded record: code " + code + " not in the table");
      }
    }
    byte[] out = new byte[size];
    int o = 0;
    for (int i = off; i < end; ) {
      int code = in[i++] & 0xFF;
      if (code == ESCAPE) {
        out[o++] = in[i++];
      } else {
        long v = symbols[code];
        for (int k = 0, n = lengths[code]; k < n; k++) {
          out[o++] = (byte) (v >>> (k << 3));
        }
      }
    }
    return out;
  }

  /** The code of the longest symbol at {@code s[p]}, or -1 if none. */
  private int longestAt(byte[] s, int p) {
    int left = s.length - p;
    if (left >= 2) {
      int[] candidates = byFirstTwo[(s[p] & 0xFF) | (s[p + 1] & 0xFF) << 8];
      if (candidates != null) {
        long v;
        if (left >= MAX_LENGTH) {
          v = (long) LONG_LE.get(s, p);
        } else {
          v = 0;
          for (int k = 0; k < left; k++) {
            v |= (s[p + k] & 0xFFL) << (k << 3);
          }
        }
        for (int code : candidates) {
          int n = lengths[code];
          if (n <= left && (v & mask(n)) == symbols[code]) {
            return code;
          }
        }
      }
    }
    return single[s[p] & 0xFF];
  }

  private static long mask(int length) {
    return length == MAX_LENGTH ? -1L : (1L << (length << 3)) - 1;
  }

  /**
   * A table for strings like {@code sample}'s. Each generation codes the sample with the last
   * table, counts how often each symbol and each byte was used and each pair followed one another,
   * and keeps the 255 symbols (those and the pairs joined, up to 8 bytes) that cover most bytes.
   * Deterministic: the same sample gives the same table.
   */
  static SymbolTable train(List<byte[]> sample) {
    SymbolTable table = new SymbolTable(new long[0], new byte[0]);
    for (int g = 0; g < GENERATIONS; g++) {
      table = table.nextGeneration(sample);
    }
    return table;
  }

  private SymbolTable nextGeneration(List<byte[]> sample) {
    // Units: codes 0..size()-1 are this table's symbols, 256 + b the single byte b.
    int[] singles = new int[512];
    Map<Long, Integer> pairs = new HashMap<>();
    for (byte[] s : sample) {
      int previous = -1;
      for (int p = 0; p < s.length; ) {
        int code = longestAt(s, p);
        int unit = code >= 0 ? code : 256 + (s[p] & 0xFF);
        singles[unit]++;
        if (code >= 0 && lengths[code] > 1) {
          singles[256 + (s[p] & 0xFF)]++; // the byte alone stays a candidate
        }
        if (previous >= 0) {
          pairs.merge(((long) previous << 16) | unit, 1, Integer::sum);
        }
        previous = unit;
        p += code >= 0 ? lengths[code] : 1;
      }
    }
    Map<Candidate, Long> gain = new HashMap<>(); // bytes each candidate would cover
    for (int unit = 0; unit < singles.length; unit++) {
      if (singles[unit] > 0) {
        Candidate c = new Candidate(unitBytes(unit), unitLength(unit));
        gain.merge(c, (long) singles[unit] * c.length(), Long::sum);
      }
    }
    for (Map.Entry<Long, Integer> e : pairs.entrySet()) {
      int a = (int) (e.getKey() >>> 16);
      int b = (int) (e.getKey() & 0xFFFF);
      int la = unitLength(a);
      if (la == MAX_LENGTH) {
        continue;
      }
      int length = Math.min(MAX_LENGTH, la + unitLength(b));
      long bytes = (unitBytes(a) | (unitBytes(b) << (la << 3))) & mask(length);
      gain.merge(new Candidate(bytes, length), (long) e.getValue() * length, Long::sum);
    }
    List<Map.Entry<Candidate, Long>> ranked = new ArrayList<>(gain.entrySet());
    ranked.sort(
        Map.Entry.<Candidate, Long>comparingByValue()
            .reversed()
            .thenComparing(e -> e.getKey().length())
            .thenComparing(e -> e.getKey().bytes()));
    int n = Math.min(MAX_SYMBOLS, ranked.size());
    long[] next = new long[n];
    byte[] nextLengths = new byte[n];
    for (int c = 0; c < n; c++) {
      next[c] = ranked.get(c).getKey().bytes();
      nextLengths[c] = (byte) ranked.get(c).getKey().length();
    }
    return new SymbolTable(next, nextLengths);
  }

  private record Candidate(long bytes, int length) {}

  private long unitBytes(int unit) {
    return unit < 256 ? symbols[unit] : unit - 256;
  }

  private int unitLength(int unit) {
    return unit < 256 ? lengths[unit] : 1;
  }

  /** The table as bytes: its size, then each symbol's length and bytes. */
  byte[] toBytes() {
    byte[] out = new byte[1 + symbols.length * (1 + MAX_LENGTH)];
    int o = 0;
    out[o++] = (byte) symbols.length;
    for (int c = 0; c < symbols.length; c++) {
      out[o++] = lengths[c];
      for (int k = 0; k < lengths[c]; k++) {
        out[o++] = (byte) (symbols[c] >>> (k << 3));
      }
    }
    return Arrays.copyOf(out, o);
  }

  static SymbolTable fromBytes(byte[] b) {
    int n = b.length == 0 ? -1 : b[0] & 0xFF;
    if (n < 0 || n > MAX_SYMBOLS) {
      throw new IllegalStateException("corrupt symbol table");
    }
    long[] symbols = new long[n];
    byte[] lengths = new byte[n];
    int i = 1;
    for (int c = 0; c < n; c++) {
      if (i >= b.length || b[i] < 1 || b[i] > MAX_LENGTH || i + 1 + b[i] > b.length) {
        throw new IllegalStateException("corrupt symbol table at byte " + i);
      }
      lengths[c] = b[i++];
      for (int k = 0; k < lengths[c]; k++) {
        symbols[c] |= (b[i++] & 0xFFL) << (k << 3);
      }
    }
    return new SymbolTable(symbols, lengths);
  }
}
