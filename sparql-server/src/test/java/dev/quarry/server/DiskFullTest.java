package dev.quarry.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.core.storage.StoreException;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileSystemException;
import org.junit.jupiter.api.Test;

/**
 * How a write that met a full disk is answered (the whole path, on a real full file system, is
 * .ci/full-disk.sh: it needs a small tmpfs, which needs root).
 */
class DiskFullTest {
  @Test
  void aCommitThatFoundNoSpaceIs507WithWhatToDo() {
    // As the store's commit throws it: the write-back's IOException inside a StoreException.
    StoreException commit =
        new StoreException(
            "commit failed; the store takes no more commits: cannot write back page 5208:"
                + " No space left on device",
            new IOException("No space left on device"));
    assertEquals(HttpResponseStatus.INSUFFICIENT_STORAGE, SparqlHandler.statusFor(commit));
    String m = SparqlHandler.messageFor(commit);
    assertTrue(m.startsWith("the store's disk is full: commit failed"), m);
    assertTrue(m.contains("restarted"), m);
    // Later commits say so through the first failure's text; a term file's write, wrapped.
    assertTrue(
        DiskFull.causedBy(
            new StoreException(
                "commit failed: an earlier flush failed: java.io.IOException: No space left on"
                    + " device")));
    assertTrue(
        DiskFull.causedBy(
            new UncheckedIOException(
                new FileSystemException("terms.dat", null, "Disk quota exceeded"))));
  }

  @Test
  void otherFailuresAreNot() {
    assertFalse(DiskFull.causedBy(new StoreException("commit failed: checksum mismatch")));
    assertFalse(DiskFull.causedBy(new UncheckedIOException(new IOException("Broken pipe"))));
    assertEquals(
        HttpResponseStatus.INTERNAL_SERVER_ERROR,
        SparqlHandler.statusFor(new IllegalStateException("x")));
  }
}
