package dev.quarry.server.connections;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.util.AttributeKey;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Counts the open connections, in all and per client address, and closes a new one at once when it
 * would pass a limit ({@link ConnectionLimits#maxConnections()}, {@link
 * ConnectionLimits#maxPerAddress()}), before it costs more than its socket. One for the server,
 * first in every connection's pipeline.
 */
@ChannelHandler.Sharable
public final class ConnectionGuard extends ChannelInboundHandlerAdapter {
  /** A connection counted open, and under its address if that is limited (else null). */
  private record Counted(InetAddress address) {}

  private static final AttributeKey<Counted> COUNTED = AttributeKey.valueOf("quarry.counted");

  private final int max;
  private final int maxPerAddress;
  private final AtomicInteger open = new AtomicInteger();
  private final ConcurrentHashMap<InetAddress, AtomicInteger> perAddress =
      new ConcurrentHashMap<>();
  private final Counter refusedTotal;
  private final Counter refusedPerAddress;

  public ConnectionGuard(ConnectionLimits limits, MeterRegistry metrics) {
    this.max = limits.maxConnections();
    this.maxPerAddress = limits.maxPerAddress();
    Gauge.builder("quarry.http.connections.open", open, AtomicInteger::get)
        .description("Open HTTP connections")
        .register(metrics);
    this.refusedTotal = refused(metrics, "max-connections");
    this.refusedPerAddress = refused(metrics, "max-connections-per-address");
  }

  private static Counter refused(MeterRegistry metrics, String limit) {
    return Counter.builder("quarry.http.connections.refused")
        .description("New connections closed at once: a connection limit was reached")
        .tag("limit", limit)
        .register(metrics);
  }

  /** Open connections now. */
  public int open() {
    return open.get();
  }

  @Override
  public void channelActive(ChannelHandlerContext ctx) throws Exception {
    if (open.incrementAndGet() > max && max > 0) {
      open.decrementAndGet();
      refusedTotal.increment();
      ctx.close();
      return;
    }
    InetAddress address = address(ctx.channel().remoteAddress());
    if (maxPerAddress > 0 && address != null) {
      AtomicInteger n = perAddress.computeIfAbsent(address, a -> new AtomicInteger());
      if (n.incrementAndGet() > maxPerAddress) {
        release(address);
        open.decrementAndGet();
        refusedPerAddress.increment();
        ctx.close();
        return;
      }
    }
    ctx.channel().attr(COUNTED).set(new Counted(maxPerAddress > 0 ? address : null));
    super.channelActive(ctx);
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) throws Exception {
    Counted counted = ctx.channel().attr(COUNTED).getAndSet(null);
    if (counted != null) {
      open.decrementAndGet();
      if (counted.address() != null) {
        release(counted.address());
      }
    }
    super.channelInactive(ctx);
  }

  private void release(InetAddress address) {
    perAddress.computeIfPresent(address, (a, n) -> n.decrementAndGet() <= 0 ? null : n);
  }

  private static InetAddress address(SocketAddress a) {
    return a instanceof InetSocketAddress i ? i.getAddress() : null;
  }
}
