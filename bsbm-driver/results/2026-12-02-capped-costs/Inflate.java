import java.io.RandomAccessFile;
import java.util.Random;
import java.util.zip.Deflater;
import java.util.zip.Inflater;

/**
 * java Inflate.java TERMS_FILE: what a compressed term file would cost a read that the OS cache
 * serves. Samples 2,000 blocks of 4, 8 and 16 KB from past the file's first 512 MB (skipping side
 * chunks' zero tails), deflates each (level 1 and 6, raw), and times inflating them all, after
 * five untimed rounds. A sizing probe for the next lever, not a figure of the product.
 */
public class Inflate {
  public static void main(String[] args) throws Exception {
    try (RandomAccessFile f = new RandomAccessFile(args[0], "r")) {
      long lo = 512L << 20, hi = f.length() - (64 << 10);
      for (int size : new int[] {4096, 8192, 16384}) {
        for (int level : new int[] {1, 6}) {
          Random r = new Random(11);
          byte[][] packed = new byte[2000][];
          long raw = 0, comp = 0;
          byte[] b = new byte[size];
          for (int i = 0; i < packed.length; ) {
            f.seek((lo + (long) (r.nextDouble() * (hi - lo))) / 4096 * 4096);
            f.readFully(b);
            int zeros = 0;
            for (byte x : b) zeros += x == 0 ? 1 : 0;
            if (zeros > size / 2) continue;
            Deflater d = new Deflater(level, true);
            d.setInput(b);
            d.finish();
            byte[] out = new byte[size + 64];
            int n = d.deflate(out);
            d.end();
            packed[i++] = java.util.Arrays.copyOf(out, n);
            raw += size;
            comp += n;
          }
          Inflater inf = new Inflater(true);
          byte[] into = new byte[size];
          long best = Long.MAX_VALUE;
          for (int round = 0; round < 15; round++) {
            long t = System.nanoTime();
            for (byte[] p : packed) {
              inf.reset();
              inf.setInput(p);
              if (inf.inflate(into) != size) throw new IllegalStateException("short block");
            }
            long el = System.nanoTime() - t;
            if (round >= 5) best = Math.min(best, el);
          }
          System.out.printf(
              "%2d KB blocks, deflate level %d: %.2fx, inflate %.1f us a block (best of 10 rounds)%n",
              size >> 10, level, (double) raw / comp, best / 1e3 / packed.length);
        }
      }
    }
  }
}
