package dev.quarry.bsbm.gen;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * The products held back for the update dataset (bsbmtools' {@code -ud}): the last products, with
 * their offers and reviews, buffered per product and written at the end in product order, each
 * product followed by its offers, then its reviews.
 */
final class Withheld {
  private final int first;
  private final Parts[] parts;

  /** Triples kept in memory until the update file is written. */
  private static final class Buffered extends TripleWriter {
    private final ByteArrayOutputStream bytes;

    Buffered() {
      this(new ByteArrayOutputStream(4096));
    }

    private Buffered(ByteArrayOutputStream bytes) {
      super(bytes, 1024);
      this.bytes = bytes;
    }

    long writeTo(OutputStream out) throws IOException {
      flush();
      bytes.writeTo(out);
      return triples();
    }
  }

  /** One withheld product: its own triples, its offers', its reviews', in the file's order. */
  private record Parts(Buffered product, Buffered offers, Buffered reviews) {
    Parts() {
      this(new Buffered(), new Buffered(), new Buffered());
    }

    long writeTo(OutputStream out) throws IOException {
      return product.writeTo(out) + offers.writeTo(out) + reviews.writeTo(out);
    }
  }

  Withheld(int first, int last) {
    this.first = first;
    this.parts = new Parts[last - first + 1];
    for (int i = 0; i < parts.length; i++) {
      parts[i] = new Parts();
    }
  }

  boolean holds(int product) {
    return product >= first;
  }

  TripleWriter product(int product) {
    return parts[product - first].product;
  }

  TripleWriter offers(int product) {
    return parts[product - first].offers;
  }

  TripleWriter reviews(int product) {
    return parts[product - first].reviews;
  }

  /** Writes every block; returns the triples written. */
  long writeTo(OutputStream out, int productsPerTransaction, String separator) throws IOException {
    long triples = 0;
    byte[] sep = separator.getBytes(StandardCharsets.US_ASCII);
    for (int i = 0; i < parts.length; i++) {
      triples += parts[i].writeTo(out);
      parts[i] = null; // written: let it go
      if ((i + 1) % productsPerTransaction == 0) {
        out.write(sep);
      }
    }
    out.flush();
    return triples;
  }
}
