package dev.quarry.bsbm.gen;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;

/**
 * The products held back for the update dataset (bsbmtools' {@code -ud}): the last products, with
 * their offers and reviews, buffered per product and written at the end in product order, each
 * product followed by its offers, then its reviews.
 */
final class Withheld {
  private final int first;
  private final Parts[] parts;

  private record Parts(
      ByteArrayOutputStream productBytes,
      TripleWriter product,
      ByteArrayOutputStream offerBytes,
      TripleWriter offers,
      ByteArrayOutputStream reviewBytes,
      TripleWriter reviews) {
    static Parts create() {
      ByteArrayOutputStream p = new ByteArrayOutputStream(4096);
      ByteArrayOutputStream o = new ByteArrayOutputStream(16384);
      ByteArrayOutputStream r = new ByteArrayOutputStream(16384);
      return new Parts(
          p, new TripleWriter(p, 1024), o, new TripleWriter(o, 1024), r, new TripleWriter(r, 1024));
    }

    long triples() {
      return product.triples() + offers.triples() + reviews.triples();
    }
  }

  Withheld(int first, int last) {
    this.first = first;
    this.parts = new Parts[last - first + 1];
    for (int i = 0; i < parts.length; i++) {
      parts[i] = Parts.create();
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
    byte[] sep = separator.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    for (int i = 0; i < parts.length; i++) {
      Parts p = parts[i];
      p.product.flush();
      p.offers.flush();
      p.reviews.flush();
      p.productBytes.writeTo(out);
      p.offerBytes.writeTo(out);
      p.reviewBytes.writeTo(out);
      triples += p.triples();
      parts[i] = null;
      if ((i + 1) % productsPerTransaction == 0) {
        out.write(sep);
      }
    }
    out.flush();
    return triples;
  }
}
