package dev.quarry.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.server.auth.Secrets;
import java.net.Authenticator;
import java.net.PasswordAuthentication;
import java.net.http.HttpClient;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.jena.atlas.iterator.Iter;
import org.apache.jena.http.sys.RegistryRequestModifier;
import org.apache.jena.query.QuerySolution;
import org.apache.jena.rdf.model.Model;
import org.apache.jena.rdf.model.ModelFactory;
import org.apache.jena.rdfconnection.RDFConnection;
import org.apache.jena.rdfconnection.RDFConnectionRemote;
import org.apache.jena.riot.Lang;
import org.apache.jena.riot.RDFParser;
import org.apache.jena.sparql.exec.http.QueryExecHTTP;
import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.ValueFactory;
import org.eclipse.rdf4j.model.impl.SimpleValueFactory;
import org.eclipse.rdf4j.query.BindingSet;
import org.eclipse.rdf4j.query.QueryLanguage;
import org.eclipse.rdf4j.query.TupleQueryResult;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.eclipse.rdf4j.repository.sparql.SPARQLRepository;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The clients people use, unmodified, against the real server: Jena's RDFConnection (queries,
 * updates with a bearer token, Graph Store load/put/fetch/delete with basic auth) and RDF4J's
 * SPARQLRepository (with a bearer token).
 */
@Timeout(120)
class ClientsTest {
  @TempDir static Path dir;
  static TestServer s;
  static final String TOKEN = Secrets.newToken();

  @BeforeAll
  static void start() throws Exception {
    s =
        new TestServer(
            dir,
            "update.enabled=true",
            "server.demo-data=false",
            "auth.tokens=" + Secrets.hashToken(TOKEN),
            "auth.users=jena:" + Secrets.hashPassword("pw-of-jena"));
  }

  @AfterAll
  static void stop() {
    s.close();
  }

  @Test
  void jenaRdfConnection() {
    String endpoint = s.endpoint();
    try (RDFConnection conn = RDFConnection.connect(endpoint)) {
      // Writes without the token are refused.
      assertThrows(
          Exception.class, () -> conn.update("INSERT DATA { <http://ex/x> <http://ex/p> 0 }"));
    }
    // Jena's way to send a header to every request under a URL prefix.
    RegistryRequestModifier.get()
        .addPrefix(
            s.server.base() + "/",
            (params, headers) -> headers.put("Authorization", "Bearer " + TOKEN));
    // Its Graph Store calls go through the connection's java.net.http client, which answers the
    // server's Basic challenge with the user its Authenticator gives.
    HttpClient withUser =
        HttpClient.newBuilder()
            .authenticator(
                new Authenticator() {
                  @Override
                  protected PasswordAuthentication getPasswordAuthentication() {
                    return new PasswordAuthentication("jena", "pw-of-jena".toCharArray());
                  }
                })
            .build();
    try (RDFConnection conn =
        RDFConnectionRemote.newBuilder().destination(endpoint).httpClient(withUser).build()) {
      conn.update("INSERT DATA { GRAPH <http://ex/jena> { <http://ex/a> <http://ex/p> 1 } }");
      Model m = ModelFactory.createDefaultModel();
      RDFParser.fromString(
              "<http://ex/b> <http://ex/p> 2 . <http://ex/c> <http://ex/p> 3 .", Lang.TURTLE)
          .parse(m);
      conn.load("http://ex/jena", m); // GSP POST
      assertEquals(3, conn.fetch("http://ex/jena").size()); // GSP GET
      conn.put("http://ex/jena", m); // GSP PUT
      assertEquals(2, conn.fetch("http://ex/jena").size());
      List<String> subjects = new ArrayList<>();
      conn.querySelect(
          "SELECT ?s { GRAPH <http://ex/jena> { ?s ?p ?o } } ORDER BY ?s",
          (QuerySolution row) -> subjects.add(row.getResource("s").getURI()));
      assertEquals(List.of("http://ex/b", "http://ex/c"), subjects);
      assertTrue(conn.queryAsk("ASK { GRAPH ?g { <http://ex/b> ?p 2 } }"));
      Model built =
          conn.queryConstruct(
              "CONSTRUCT { ?s ?p ?o } WHERE { GRAPH <http://ex/jena> { ?s ?p ?o } }");
      assertTrue(built.isIsomorphicWith(m));
      conn.delete("http://ex/jena"); // GSP DELETE
      assertFalse(conn.queryAsk("ASK { GRAPH <http://ex/jena> { ?s ?p ?o } }"));
      conn.update("INSERT DATA { <http://ex/d> <http://ex/p> 4 }");
      assertEquals(1, conn.fetch().size()); // the default graph
    } finally {
      RegistryRequestModifier.get().remove(s.server.base() + "/");
    }
    // A plain query execution, as most Jena code does it.
    try (QueryExecHTTP qe = QueryExecHTTP.service(endpoint).query("SELECT * { ?s ?p 4 }").build()) {
      assertEquals(1, Iter.count(qe.select()));
    }
  }

  @Test
  void rdf4jSparqlRepository() throws Exception {
    SPARQLRepository repo = new SPARQLRepository(s.endpoint());
    repo.setAdditionalHttpHeaders(Map.of("Authorization", "Bearer " + TOKEN));
    repo.enableQuadMode(true); // a quad store: statements in contexts are read with GRAPH
    ValueFactory vf = SimpleValueFactory.getInstance();
    IRI g = vf.createIRI("http://ex/rdf4j");
    IRI p = vf.createIRI("http://ex/p");
    try (RepositoryConnection conn = repo.getConnection()) {
      conn.begin();
      conn.add(vf.createIRI("http://ex/r1"), p, vf.createLiteral(1), g);
      conn.add(vf.createIRI("http://ex/r2"), p, vf.createLiteral("two", "en"), g);
      conn.commit();
      assertEquals(2, conn.size(g));
      assertTrue(conn.hasStatement(vf.createIRI("http://ex/r1"), p, vf.createLiteral(1), false, g));
      try (TupleQueryResult r =
          conn.prepareTupleQuery(
                  QueryLanguage.SPARQL,
                  "SELECT ?s ?o { GRAPH <http://ex/rdf4j> { ?s ?p ?o } } ORDER BY ?s")
              .evaluate()) {
        List<BindingSet> rows = r.stream().toList();
        assertEquals(2, rows.size());
        assertEquals("http://ex/r1", rows.get(0).getValue("s").stringValue());
        assertEquals(
            vf.createLiteral("two", "en"), rows.get(1).getValue("o"), "language tags round-trip");
      }
      assertTrue(conn.prepareBooleanQuery("ASK { GRAPH ?g { ?s ?p \"two\"@en } }").evaluate());
      assertEquals(
          2,
          conn
              .prepareGraphQuery("CONSTRUCT { ?s ?p ?o } { GRAPH <http://ex/rdf4j> { ?s ?p ?o } }")
              .evaluate()
              .stream()
              .count());
      conn.remove(vf.createIRI("http://ex/r1"), null, null, g);
      assertEquals(1, conn.size(g));
      conn.clear(g);
      assertEquals(0, conn.size(g));
    } finally {
      repo.shutDown();
    }
  }
}
