import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdDictCompress;
import com.github.luben.zstd.ZstdDictDecompress;
import com.github.luben.zstd.ZstdDictTrainer;
import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.FileInputStream;
import java.io.RandomAccessFile;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;
import net.jpountz.lz4.LZ4Factory;
import net.jpountz.lz4.LZ4FastDecompressor;

/**
 * java -cp lz4-java.jar:zstd-jni.jar Codecs.java TERMS_FILE [TRACE]: what a compressed term file
 * would pack and cost a read. Blocks of 4 and 16 KB (2,000 sampled past the file's first 512 MB,
 * side chunks' zero tails skipped) coded with deflate, LZ4 and zstd (also with a 64 KB dictionary
 * trained on 2,000 other blocks); with a term-read trace (trace.patch), its short records (under
 * 256 bytes) coded one by one with zstd and a dictionary trained on other records of it. Each line:
 * the ratio, and the time to decode one block or record (five untimed rounds, then the best of
 * ten). A sizing probe, not a figure of the product.
 */
public class Codecs {
  interface Decoder {
    void decode(byte[] packed, byte[] into) throws DataFormatException;
  }

  public static void main(String[] args) throws Exception {
    LZ4Factory lz4 = LZ4Factory.fastestInstance();
    LZ4FastDecompressor lz = lz4.fastDecompressor();
    Inflater inflater = new Inflater(true);
    Decoder inflate =
        (p, into) -> {
          inflater.reset();
          inflater.setInput(p);
          inflater.inflate(into);
        };
    Decoder lz4Decode = (p, into) -> lz.decompress(p, 0, into, 0, into.length);
    Decoder zstdDecode = (p, into) -> Zstd.decompressByteArray(into, 0, into.length, p, 0, p.length);
    try (RandomAccessFile f = new RandomAccessFile(args[0], "r")) {
      for (int size : new int[] {4096, 16384}) {
        List<byte[]> blocks = sample(f, size, 11);
        byte[] dict = train(sample(f, size, 99), size * 2000);
        ZstdDictCompress dc = new ZstdDictCompress(dict, 3);
        ZstdDictDecompress dd = new ZstdDictDecompress(dict);
        String at = (size >> 10) + " KB blocks, ";
        report(at + "deflate 1", blocks, size, b -> deflate(b, 1), inflate);
        report(at + "deflate 6", blocks, size, b -> deflate(b, 6), inflate);
        report(at + "lz4 fast", blocks, size, lz4.fastCompressor()::compress, lz4Decode);
        report(at + "lz4 high", blocks, size, lz4.highCompressor()::compress, lz4Decode);
        report(at + "zstd 3", blocks, size, b -> Zstd.compress(b, 3), zstdDecode);
        report(at + "zstd 3 + dictionary", blocks, size, b -> Zstd.compress(b, dc),
            (p, into) -> Zstd.decompressFastDict(into, 0, p, 0, p.length, dd));
      }
      if (args.length > 1) {
        List<byte[]> records = traced(f, args[1]);
        byte[] dict = train(records.subList(0, 20_000), 8 << 20);
        ZstdDictCompress dc = new ZstdDictCompress(dict, 3);
        ZstdDictDecompress dd = new ZstdDictDecompress(dict);
        List<byte[]> test = records.subList(20_000, records.size());
        report("records of a trace one by one, zstd 3 + dictionary", test, 256,
            b -> Zstd.compress(b, dc),
            (p, into) -> Zstd.decompressFastDict(into, 0, p, 0, p.length, dd));
      }
    }
  }

  /** 2,000 blocks of {@code size} bytes at 4 KB boundaries past the first 512 MB. */
  static List<byte[]> sample(RandomAccessFile f, int size, long seed) throws Exception {
    Random r = new Random(seed);
    long lo = 512L << 20, hi = f.length() - (64 << 10);
    List<byte[]> out = new ArrayList<>();
    while (out.size() < 2000) {
      byte[] b = new byte[size];
      f.seek((lo + (long) (r.nextDouble() * (hi - lo))) / 4096 * 4096);
      f.readFully(b);
      int zeros = 0;
      for (byte x : b) zeros += x == 0 ? 1 : 0;
      if (zeros <= size / 2) out.add(b);
    }
    return out;
  }

  /** The first 40,000 short records (with their length prefix) a trace read. */
  static List<byte[]> traced(RandomAccessFile f, String trace) throws Exception {
    List<byte[]> out = new ArrayList<>();
    try (DataInputStream in =
        new DataInputStream(new BufferedInputStream(new FileInputStream(trace)))) {
      while (in.available() > 0 && out.size() < 40_000) {
        long off = in.readLong();
        int len = in.readInt();
        if (len > 0 && len < 256) {
          byte[] b = new byte[len];
          f.seek(off);
          f.readFully(b);
          out.add(b);
        }
      }
    }
    return out;
  }

  static byte[] train(List<byte[]> samples, int bytes) {
    ZstdDictTrainer trainer = new ZstdDictTrainer(bytes, 64 << 10);
    samples.forEach(trainer::addSample);
    return trainer.trainSamples();
  }

  static byte[] deflate(byte[] b, int level) {
    Deflater d = new Deflater(level, true);
    d.setInput(b);
    d.finish();
    byte[] out = new byte[b.length + 64];
    int n = d.deflate(out);
    d.end();
    return Arrays.copyOf(out, n);
  }

  /** Codes every item, checks the first decodes back, and times decoding them all into {@code most} bytes. */
  static void report(
      String name, List<byte[]> items, int most, Function<byte[], byte[]> encode, Decoder decoder)
      throws DataFormatException {
    byte[][] packed = new byte[items.size()][];
    long raw = 0, coded = 0;
    for (int i = 0; i < packed.length; i++) {
      packed[i] = encode.apply(items.get(i));
      raw += items.get(i).length;
      coded += packed[i].length;
    }
    byte[] first = new byte[items.get(0).length];
    decoder.decode(packed[0], first);
    if (!Arrays.equals(first, items.get(0))) throw new IllegalStateException(name + ": not decoded");
    byte[] into = new byte[most];
    long best = Long.MAX_VALUE;
    for (int round = 0; round < 15; round++) {
      long t = System.nanoTime();
      for (byte[] p : packed) {
        decoder.decode(p, into); // blocks fill it; a record decodes into its first bytes
      }
      long el = System.nanoTime() - t;
      if (round >= 5) best = Math.min(best, el);
    }
    System.out.printf("%-52s %.2fx, decode %5.1f us each (mean %d bytes)%n", name,
        (double) raw / coded, best / 1e3 / packed.length, raw / packed.length);
  }
}
