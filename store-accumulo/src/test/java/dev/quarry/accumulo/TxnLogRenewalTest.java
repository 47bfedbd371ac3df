package dev.quarry.accumulo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A commit meets its lease's renewal (which runs on a timer thread) and still commits: a renewal
 * that replaced the lock's token just after the commit read it made the commit find the lock "taken
 * over" (LubmAccumuloTest's ten-second bulk load, on a loaded machine).
 */
@Tag("accumulo")
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class TxnLogRenewalTest {
  @Test
  void commitsSucceedWhileTheirLeaseIsRenewedWithoutPause() throws Exception {
    try (AccumuloStore store = AccumuloStore.open(MiniCluster.newStoreConfig())) {
      TxnLog log = ((AccumuloBackend) store.quadBackend()).txnLog;
      Duration lease = Duration.ofSeconds(30);
      for (int i = 0; i < 15; i++) {
        TxnLog.Lease l = log.acquire("test", lease, Duration.ofSeconds(10));
        AtomicBoolean stop = new AtomicBoolean();
        AtomicInteger renewed = new AtomicInteger();
        Thread renewer =
            Thread.ofPlatform()
                .start(
                    () -> {
                      while (!stop.get() && log.renew(l, lease)) {
                        renewed.incrementAndGet();
                      }
                    });
        while (renewed.get() < 2) {
          Thread.sleep(1);
        }
        log.commit(l); // threw "taken over" when a renewal slipped in between
        stop.set(true);
        renewer.join();
        assertEquals(l.txn, log.read().committed(), "round " + i);
        assertTrue(!log.renew(l, lease), "a committed lease is not renewed");
      }
    }
  }
}
