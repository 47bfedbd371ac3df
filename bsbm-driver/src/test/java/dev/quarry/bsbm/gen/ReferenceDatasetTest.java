package dev.quarry.bsbm.gen;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.OutputStream;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

/**
 * The generator against bsbmtools 0.2's reference dataset: 2,785 products must give the very file
 * the official generator writes (991,957 triples, its published SHA-256), so that published and
 * peer results apply to Quarry's data.
 */
class ReferenceDatasetTest {
  @Test
  void twoThousandSevenHundredEightyFiveProductsAreByteIdenticalToTheReference() throws Exception {
    MessageDigest sha = MessageDigest.getInstance("SHA-256");
    BsbmGenerator.Result r;
    try (OutputStream out = new DigestOutputStream(OutputStream.nullOutputStream(), sha)) {
      r = BsbmGenerator.generate(2785, out, null);
    }
    assertEquals(991_957, r.triples());
    assertEquals(
        "da4800fd992dea453e6c571e25051c32fad412e755418f05d27a46ae2af04591",
        HexFormat.of().formatHex(sha.digest()));
  }
}
