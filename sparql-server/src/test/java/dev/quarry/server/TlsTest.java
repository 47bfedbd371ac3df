package dev.quarry.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.core.Quarry;
import dev.quarry.core.Store;
import dev.quarry.core.config.Config;
import dev.quarry.core.config.ConfigException;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.time.Duration;
import java.util.Base64;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * HTTPS from PEM files: a self-signed certificate made by the JDK's keytool, written as the PEM
 * certificate and PKCS#8 key a user would configure, and a client that trusts exactly it.
 */
@Timeout(120)
class TlsTest {
  @TempDir Path dir;

  @Test
  void servesHttpsFromPemFiles() throws Exception {
    Path p12 = dir.resolve("server.p12");
    char[] pw = "changeit".toCharArray();
    keytool(
        "-genkeypair",
        "-alias",
        "quarry",
        "-keyalg",
        "EC",
        "-groupname",
        "secp256r1",
        "-dname",
        "CN=localhost",
        "-ext",
        "san=ip:127.0.0.1,dns:localhost",
        "-validity",
        "2",
        "-storetype",
        "PKCS12",
        "-keystore",
        p12.toString(),
        "-storepass",
        "changeit");
    KeyStore ks = KeyStore.getInstance("PKCS12");
    try (InputStream in = Files.newInputStream(p12)) {
      ks.load(in, pw);
    }
    Certificate cert = ks.getCertificate("quarry");
    Path certPem = dir.resolve("cert.pem");
    Path keyPem = dir.resolve("key.pem");
    Files.writeString(certPem, pem("CERTIFICATE", cert.getEncoded()));
    Files.writeString(keyPem, pem("PRIVATE KEY", ks.getKey("quarry", pw).getEncoded()));

    Config c =
        Config.defaults()
            .with("server.port", 0)
            .with("server.tls.certificate", certPem.toString())
            .with("server.tls.key", keyPem.toString());
    try (Store store = Quarry.open(dir.resolve("store"));
        QuarryServer server = QuarryServer.start(store, ServerConfig.from(c))) {
      assertTrue(server.endpoint().toString().startsWith("https://"), server.endpoint().toString());
      KeyStore trust = KeyStore.getInstance("PKCS12");
      trust.load(null, null);
      trust.setCertificateEntry("quarry", cert);
      TrustManagerFactory tmf =
          TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
      tmf.init(trust);
      SSLContext ssl = SSLContext.getInstance("TLS");
      ssl.init(null, tmf.getTrustManagers(), null);
      HttpClient https = HttpClient.newBuilder().sslContext(ssl).build();
      HttpResponse<String> r =
          https.send(
              HttpRequest.newBuilder(URI.create(server.endpoint() + "?query=ASK%7B%7D"))
                  .timeout(Duration.ofSeconds(30))
                  .header("Accept", "application/sparql-results+json")
                  .build(),
              HttpResponse.BodyHandlers.ofString());
      assertEquals(200, r.statusCode());
      assertTrue(r.body().contains("true"), r.body());
      // Plain HTTP on the TLS port is refused, not answered in clear.
      HttpClient plain = HttpClient.newHttpClient();
      assertThrows(
          IOException.class,
          () ->
              plain.send(
                  HttpRequest.newBuilder(
                          URI.create(
                              "http://127.0.0.1:" + server.port() + "/sparql?query=ASK%7B%7D"))
                      .timeout(Duration.ofSeconds(10))
                      .build(),
                  HttpResponse.BodyHandlers.ofString()));
    }
  }

  @Test
  void aKeyWithoutACertificateDoesNotStart() throws Exception {
    Config c = Config.defaults().with("server.port", 0).with("server.tls.key", "/nonexistent.pem");
    try (Store store = Quarry.open(dir.resolve("store"))) {
      ConfigException e =
          assertThrows(
              ConfigException.class, () -> QuarryServer.start(store, ServerConfig.from(c)));
      assertTrue(e.getMessage().contains("both"), e.getMessage());
    }
  }

  private static String pem(String type, byte[] der) {
    return "-----BEGIN "
        + type
        + "-----\n"
        + Base64.getMimeEncoder(64, "\n".getBytes()).encodeToString(der)
        + "\n-----END "
        + type
        + "-----\n";
  }

  private static void keytool(String... args) throws Exception {
    Path keytool = Path.of(System.getProperty("java.home"), "bin", "keytool");
    String[] cmd = new String[args.length + 1];
    cmd[0] = keytool.toString();
    System.arraycopy(args, 0, cmd, 1, args.length);
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes());
    assertTrue(p.waitFor(60, TimeUnit.SECONDS), "keytool hung");
    assertEquals(0, p.exitValue(), out);
  }
}
