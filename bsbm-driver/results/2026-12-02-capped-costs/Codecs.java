import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdDictCompress;
import com.github.luben.zstd.ZstdDictDecompress;
import com.github.luben.zstd.ZstdDictTrainer;
import java.io.RandomAccessFile;
import java.util.Arrays;
import java.util.Random;
import net.jpountz.lz4.LZ4Compressor;
import net.jpountz.lz4.LZ4Factory;
import net.jpountz.lz4.LZ4FastDecompressor;

/**
 * java -cp lz4-java.jar:zstd-jni.jar Codecs.java TERMS_FILE: the ratio and the time to decode one
 * block, for LZ4 (fast and high) and zstd (level 3, without and with a 64 KB dictionary trained on
 * other blocks), on 2,000 blocks of 4 and 16 KB sampled past the term file's first 512 MB (as
 * Inflate.java). Five untimed rounds, then the best of ten. A sizing probe for a compressed term
 * file, not a figure of the product.
 */
public class Codecs {
  interface Dec {
    void run(byte[] src, byte[] dst);
  }

  public static void main(String[] args) throws Exception {
    LZ4Factory lz4 = LZ4Factory.fastestInstance();
    try (RandomAccessFile f = new RandomAccessFile(args[0], "r")) {
      for (int size : new int[] {4096, 16384}) {
        byte[][] blocks = sample(f, size, 2000, 11);
        byte[][] train = sample(f, size, 2000, 99);
        ZstdDictTrainer trainer = new ZstdDictTrainer(train.length * size, 64 << 10);
        for (byte[] t : train) trainer.addSample(t);
        byte[] dict = trainer.trainSamples();
        ZstdDictCompress dc = new ZstdDictCompress(dict, 3);
        ZstdDictDecompress dd = new ZstdDictDecompress(dict);
        LZ4Compressor fast = lz4.fastCompressor(), high = lz4.highCompressor();
        LZ4FastDecompressor lz = lz4.fastDecompressor();
        Dec lz4Dec =
            (s, d) -> {
              lz.decompress(s, 0, d, 0, d.length);
            };
        Dec zstdDec =
            (s, d) -> {
              long n = Zstd.decompressByteArray(d, 0, d.length, s, 0, s.length);
            };
        Dec zstdDictDec =
            (s, d) -> {
              long n = Zstd.decompressFastDict(d, 0, s, 0, s.length, dd);
            };
        report(size, "lz4 fast", blocks, fast::compress, lz4Dec);
        report(size, "lz4 high", blocks, high::compress, lz4Dec);
        report(size, "zstd 3", blocks, b -> Zstd.compress(b, 3), zstdDec);
        report(size, "zstd 3 + dictionary", blocks, b -> Zstd.compress(b, dc), zstdDictDec);
      }
    }
  }

  static byte[][] sample(RandomAccessFile f, int size, int n, long seed) throws Exception {
    Random r = new Random(seed);
    long lo = 512L << 20, hi = f.length() - (64 << 10);
    byte[][] out = new byte[n][];
    for (int i = 0; i < n; ) {
      byte[] b = new byte[size];
      f.seek((lo + (long) (r.nextDouble() * (hi - lo))) / 4096 * 4096);
      f.readFully(b);
      int zeros = 0;
      for (byte x : b) zeros += x == 0 ? 1 : 0;
      if (zeros <= size / 2) out[i++] = b;
    }
    return out;
  }

  static void report(int size, String name, byte[][] blocks,
      java.util.function.Function<byte[], byte[]> enc, Dec dec) {
    byte[][] packed = new byte[blocks.length][];
    long comp = 0;
    for (int i = 0; i < blocks.length; i++) {
      packed[i] = enc.apply(blocks[i]);
      comp += packed[i].length;
    }
    byte[] into = new byte[size];
    dec.run(packed[0], into);
    if (!Arrays.equals(into, blocks[0])) throw new IllegalStateException(name + ": not the block");
    long best = Long.MAX_VALUE;
    for (int round = 0; round < 15; round++) {
      long t = System.nanoTime();
      for (byte[] p : packed) dec.run(p, into);
      long el = System.nanoTime() - t;
      if (round >= 5) best = Math.min(best, el);
    }
    System.out.printf("%2d KB blocks, %-20s %.2fx, decode %5.1f us a block%n", size >> 10, name,
        (double) blocks.length * size / comp, best / 1e3 / blocks.length);
  }
}
