package dev.quarry.server;

import dev.quarry.core.config.ConfigException;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import java.io.File;
import javax.net.ssl.SSLException;

/** HTTPS from the configuration's PEM certificate chain and PKCS#8 key (Netty's SslHandler). */
final class Tls {
  private Tls() {}

  /** The server's TLS context, or null when neither file is configured (plain HTTP). */
  static SslContext context(String certificate, String key) {
    boolean cert = !certificate.isBlank();
    boolean k = !key.isBlank();
    if (!cert && !k) {
      return null;
    }
    if (cert != k) {
      throw new ConfigException(
          "TLS needs both server.tls.certificate and server.tls.key (PEM files)");
    }
    File c = new File(certificate.trim());
    File kf = new File(key.trim());
    for (File f : new File[] {c, kf}) {
      if (!f.canRead()) {
        throw new ConfigException("cannot read the TLS file " + f);
      }
    }
    try {
      return SslContextBuilder.forServer(c, kf).build();
    } catch (SSLException | IllegalArgumentException e) {
      throw new ConfigException("cannot use " + c + " and " + kf + " for TLS: " + e.getMessage());
    }
  }
}
