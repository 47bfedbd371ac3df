package dev.quarry.server.w3c;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.quarry.core.Quarry;
import dev.quarry.core.Store;
import dev.quarry.core.config.Config;
import dev.quarry.server.QuarryServer;
import dev.quarry.server.ServerConfig;
import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.query.ResultSet;
import org.apache.jena.rdf.model.Model;
import org.apache.jena.rdf.model.ModelFactory;
import org.apache.jena.rdf.model.Property;
import org.apache.jena.rdf.model.RDFList;
import org.apache.jena.rdf.model.RDFNode;
import org.apache.jena.rdf.model.Resource;
import org.apache.jena.rdf.model.Statement;
import org.apache.jena.riot.Lang;
import org.apache.jena.riot.RDFDataMgr;
import org.apache.jena.riot.RDFLanguages;
import org.apache.jena.riot.ResultSetMgr;
import org.apache.jena.riot.resultset.ResultSetLang;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.system.Txn;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The W3C SPARQL 1.1 Protocol and Graph Store Protocol test suites, run as their manifests say (the
 * HTTP vocabulary: requests in order, expected statuses, formats, booleans, headers and bodies)
 * against a real Quarry server with updates enabled. {@code /sparql/} and {@code /gsp} in the
 * manifests are Quarry's {@code /sparql} and {@code /data}.
 */
@Timeout(300)
class W3cProtocolTest {
  static final String HT = "http://www.w3.org/2011/http#";
  static final String HTS = "http://www.w3.org/2011/http-statusCodes#";
  static final String CNT = "http://www.w3.org/2011/content#";
  static final String MF = "http://www.w3.org/2001/sw/DataAccess/tests/test-manifest#";
  static final String UT = "http://www.w3.org/2009/sparql/tests/test-update#";
  static final Path ROOT = Path.of("src/test/resources/w3c/sparql11").toAbsolutePath();

  @TempDir static Path dir;

  final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  @TestFactory
  Stream<DynamicTest> protocol() throws Exception {
    return suite("protocol/manifest.ttl");
  }

  @TestFactory
  Stream<DynamicTest> graphStoreProtocolIndirect() throws Exception {
    return suite("graph-store-protocol/manifest-indirect.ttl");
  }

  @TestFactory
  Stream<DynamicTest> graphStoreProtocolDirect() throws Exception {
    return suite("graph-store-protocol/manifest-direct.ttl");
  }

  /** The manifest's tests in order on one server, the store emptied before each. */
  private Stream<DynamicTest> suite(String manifest) throws Exception {
    Path file = ROOT.resolve(manifest);
    Model m = RDFDataMgr.loadModel(file.toUri().toString());
    Resource root =
        m.listSubjectsWithProperty(RDF_TYPE(m), m.createResource(MF + "Manifest")).next();
    List<RDFNode> entries =
        root.getPropertyResourceValue(p(m, MF, "entries")).as(RDFList.class).asJavaList();
    Path storeDir = dir.resolve(file.getFileName() + "-" + manifest.hashCode());
    Store store = Quarry.open(storeDir);
    QuarryServer server =
        QuarryServer.start(
            store,
            ServerConfig.from(
                Config.defaults()
                    .with("server.port", 0)
                    .with("server.demo-data", false)
                    .with("update.enabled", true)));
    List<DynamicTest> tests = new ArrayList<>();
    for (RDFNode e : entries) {
      Resource test = e.asResource();
      String name = test.getProperty(p(m, MF, "name")).getString();
      tests.add(
          DynamicTest.dynamicTest(
              test.getLocalName() + ": " + name,
              () -> {
                reset(store, test);
                run(server, test);
              }));
    }
    return tests.stream()
        .onClose(
            () -> {
              server.close();
              store.close();
            });
  }

  /** Empties the store, then loads the test's ut:graphData into graphs named by their labels. */
  private static void reset(Store store, Resource test) {
    DatasetGraph dsg = store.dataset();
    Txn.executeWrite(
        dsg,
        () -> {
          dsg.clear();
          Model m = test.getModel();
          for (Statement st : test.listProperties(p(m, UT, "graphData")).toList()) {
            Resource gd = st.getResource();
            String data = gd.getPropertyResourceValue(p(m, UT, "graph")).getURI();
            String label =
                gd.getProperty(m.createProperty("http://www.w3.org/2000/01/rdf-schema#label"))
                    .getString();
            Model g = RDFDataMgr.loadModel(data);
            g.listStatements()
                .forEach(
                    t ->
                        dsg.add(
                            NodeFactory.createURI(label),
                            t.getSubject().asNode(),
                            t.getPredicate().asNode(),
                            t.getObject().asNode()));
          }
        });
  }

  private void run(QuarryServer server, Resource test) throws Exception {
    Model m = test.getModel();
    Resource action = test.getPropertyResourceValue(p(m, MF, "action"));
    List<RDFNode> requests =
        action.getPropertyResourceValue(p(m, HT, "requests")).as(RDFList.class).asJavaList();
    String location = null;
    int n = 0;
    for (RDFNode rn : requests) {
      Resource req = rn.asResource();
      n++;
      String method = req.getProperty(p(m, HT, "methodName")).getString();
      String path = req.getProperty(p(m, HT, "absolutePath")).getString();
      if (location != null) {
        path = path.replace("$LOCATION$", location);
      }
      path = path.replaceFirst("^/sparql/", "/sparql").replaceFirst("^/gsp", "/data");
      String where = "request " + n + " (" + method + " " + path + ")";
      HttpRequest.Builder b =
          HttpRequest.newBuilder(URI.create(server.base() + path)).timeout(Duration.ofSeconds(60));
      for (Resource h : list(req, p(m, HT, "headers"))) {
        b.header(
            h.getProperty(p(m, HT, "fieldName")).getString(),
            h.getProperty(p(m, HT, "fieldValue")).getString());
      }
      Resource body = req.getPropertyResourceValue(p(m, HT, "body"));
      byte[] bytes = body == null ? null : bytes(body);
      b.method(
          method,
          bytes == null
              ? HttpRequest.BodyPublishers.noBody()
              : HttpRequest.BodyPublishers.ofByteArray(bytes));
      HttpResponse<byte[]> resp = http.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
      String text = new String(resp.body(), StandardCharsets.UTF_8);
      Resource expected = req.getPropertyResourceValue(p(m, HT, "resp"));
      checkStatus(expected, resp.statusCode(), where + ": " + text);
      if (expected.hasProperty(p(m, MF, "expectedLocation"))) {
        location = resp.headers().firstValue("Location").orElse(null);
        assertTrue(location != null, where + ": a Location header");
      }
      String contentType = resp.headers().firstValue("Content-Type").orElse("");
      for (Resource h : list(expected, p(m, HT, "headers"))) {
        String field = h.getProperty(p(m, HT, "fieldName")).getString();
        String want = h.getProperty(p(m, HT, "fieldValue")).getString();
        String got = resp.headers().firstValue(field).orElse("");
        assertEquals(norm(want), norm(got), where + ": header " + field);
      }
      Statement format = expected.getProperty(p(m, MF, "expectedFormat"));
      Statement bool = expected.getProperty(p(m, MF, "expectedBoolean"));
      if (format != null || bool != null) {
        checkResult(
            format == null ? "boolean" : format.getString(), bool, contentType, resp.body(), where);
      }
      Resource expectedBody = expected.getPropertyResourceValue(p(m, HT, "body"));
      if (expectedBody != null) {
        Model want = ModelFactory.createDefaultModel();
        RDFDataMgr.read(
            want, new ByteArrayInputStream(bytes(expectedBody)), server.base() + path, Lang.TURTLE);
        Model got = ModelFactory.createDefaultModel();
        RDFDataMgr.read(
            got,
            new ByteArrayInputStream(resp.body()),
            server.base() + path,
            RDFLanguages.contentTypeToLang(baseType(contentType)));
        assertTrue(want.isIsomorphicWith(got), where + ": the graph differs:\n" + text);
      }
    }
  }

  private static void checkStatus(Resource expected, int status, String where) {
    Model m = expected.getModel();
    List<String> allowed = new ArrayList<>();
    for (Statement st : expected.listProperties(p(m, MF, "expectedStatus")).toList()) {
      String local = st.getResource().getURI().substring(HTS.length());
      allowed.add(local);
      boolean ok =
          switch (local) {
            case "OK" -> status == 200;
            case "Created" -> status == 201;
            case "NoContent" -> status == 204;
            case "NotFound" -> status == 404;
            case "StatusCode2xx" -> status / 100 == 2;
            case "StatusCode3xx" -> status / 100 == 3;
            case "StatusCode4xx" -> status / 100 == 4;
            default -> throw new IllegalStateException("unknown expected status " + local);
          };
      if (ok) {
        return;
      }
    }
    fail(where + ": status " + status + ", expected " + allowed);
  }

  private static void checkResult(
      String format, Statement bool, String contentType, byte[] body, String where) {
    String type = baseType(contentType);
    switch (format) {
      case "boolean", "tabular" -> {
        Lang lang = RDFLanguages.contentTypeToLang(type);
        assertTrue(
            lang == ResultSetLang.RS_JSON
                || lang == ResultSetLang.RS_XML
                || (format.equals("tabular")
                    && (lang == ResultSetLang.RS_CSV || lang == ResultSetLang.RS_TSV)),
            where + ": a " + format + " result, got " + contentType);
        if (format.equals("boolean")) {
          boolean got = ResultSetMgr.readBoolean(new ByteArrayInputStream(body), lang);
          if (bool != null) {
            assertEquals(bool.getBoolean(), got, where);
          }
        } else {
          ResultSet rs = ResultSetMgr.read(new ByteArrayInputStream(body), lang);
          rs.forEachRemaining(r -> {});
        }
      }
      case "RDF" -> {
        Lang lang = RDFLanguages.contentTypeToLang(type);
        assertTrue(
            lang != null && RDFLanguages.isTriples(lang), where + ": RDF, got " + contentType);
        RDFDataMgr.read(ModelFactory.createDefaultModel(), new ByteArrayInputStream(body), lang);
      }
      default -> throw new IllegalStateException("unknown expected format " + format);
    }
  }

  private static byte[] bytes(Resource content) {
    Model m = content.getModel();
    String chars = content.getProperty(p(m, CNT, "chars")).getString();
    Statement enc = content.getProperty(p(m, CNT, "characterEncoding"));
    return chars.getBytes(Charset.forName(enc == null ? "UTF-8" : enc.getString()));
  }

  private static List<Resource> list(Resource r, Property p) {
    Resource head = r.getPropertyResourceValue(p);
    return head == null
        ? List.of()
        : head.as(RDFList.class).asJavaList().stream().map(RDFNode::asResource).toList();
  }

  private static String baseType(String contentType) {
    return contentType.split(";")[0].trim().toLowerCase(Locale.ROOT);
  }

  private static String norm(String headerValue) {
    return headerValue.toLowerCase(Locale.ROOT).replace(" ", "");
  }

  private static Property p(Model m, String ns, String local) {
    return m.createProperty(ns, local);
  }

  private static Property RDF_TYPE(Model m) {
    return m.createProperty("http://www.w3.org/1999/02/22-rdf-syntax-ns#type");
  }
}
