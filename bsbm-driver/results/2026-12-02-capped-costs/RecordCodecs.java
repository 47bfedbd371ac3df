import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdDictCompress;
import com.github.luben.zstd.ZstdDictDecompress;
import com.github.luben.zstd.ZstdDictTrainer;
import java.io.DataInputStream;
import java.io.FileInputStream;
import java.io.BufferedInputStream;
import java.io.RandomAccessFile;
import java.util.ArrayList;
import java.util.List;

/**
 * java -cp zstd-jni.jar RecordCodecs.java TERMS_FILE TRACE: each short record (under 256 bytes) of a
 * term-read trace (trace.patch) coded on its own with zstd and a 64 KB dictionary trained on
 * other records of the trace: the ratio and the time to decode one record. The per-record
 * alternative to compressed blocks (Codecs.java). A sizing probe, not a figure of the product.
 */
public class RecordCodecs {
  public static void main(String[] args) throws Exception {
    List<byte[]> records = new ArrayList<>();
    try (RandomAccessFile f = new RandomAccessFile(args[0], "r");
        DataInputStream in =
            new DataInputStream(new BufferedInputStream(new FileInputStream(args[1])))) {
      while (in.available() > 0 && records.size() < 40_000) {
        long off = in.readLong();
        int len = in.readInt();
        if (len <= 0 || len >= 256) continue;
        byte[] b = new byte[len];
        f.seek(off);
        f.readFully(b);
        records.add(b);
      }
    }
    List<byte[]> train = records.subList(0, 20_000), test = records.subList(20_000, records.size());
    ZstdDictTrainer trainer = new ZstdDictTrainer(8 << 20, 64 << 10);
    for (byte[] t : train) trainer.addSample(t);
    byte[] dict = trainer.trainSamples();
    for (int level : new int[] {3, 19}) {
      ZstdDictCompress dc = new ZstdDictCompress(dict, level);
      ZstdDictDecompress dd = new ZstdDictDecompress(dict);
      byte[][] packed = new byte[test.size()][];
      long raw = 0, comp = 0;
      for (int i = 0; i < packed.length; i++) {
        packed[i] = Zstd.compress(test.get(i), dc);
        raw += test.get(i).length;
        comp += packed[i].length;
      }
      byte[] into = new byte[256];
      long best = Long.MAX_VALUE;
      for (int round = 0; round < 15; round++) {
        long t = System.nanoTime();
        for (int i = 0; i < packed.length; i++) {
          Zstd.decompressFastDict(into, 0, packed[i], 0, packed[i].length, dd);
        }
        long el = System.nanoTime() - t;
        if (round >= 5) best = Math.min(best, el);
      }
      System.out.printf(
          "%d records (mean %d bytes), zstd %d + 64 KB dictionary: %.2fx, decode %.2f us a record%n",
          packed.length, raw / packed.length, level, (double) raw / comp, best / 1e3 / packed.length);
    }
  }
}
