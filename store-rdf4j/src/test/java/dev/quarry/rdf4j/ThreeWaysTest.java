package dev.quarry.rdf4j;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.quarry.core.Quarry;
import dev.quarry.core.Store;
import dev.quarry.core.config.Config;
import dev.quarry.server.QuarryServer;
import dev.quarry.server.ServerConfig;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.apache.jena.datatypes.TypeMapper;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.graph.Triple;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.Quad;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.engine.binding.Binding;
import org.apache.jena.sparql.exec.QueryExec;
import org.apache.jena.sparql.exec.RowSet;
import org.apache.jena.system.Txn;
import org.apache.jena.vocabulary.RDF;
import org.eclipse.rdf4j.model.BNode;
import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Literal;
import org.eclipse.rdf4j.model.Value;
import org.eclipse.rdf4j.query.BindingSet;
import org.eclipse.rdf4j.query.BooleanQuery;
import org.eclipse.rdf4j.query.GraphQuery;
import org.eclipse.rdf4j.query.GraphQueryResult;
import org.eclipse.rdf4j.query.TupleQuery;
import org.eclipse.rdf4j.query.TupleQueryResult;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.eclipse.rdf4j.repository.sparql.SPARQLRepository;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The same queries give the same answers through RDF4J (a {@link QuarryRepository}), through Jena
 * ({@code Store.dataset()}) and over HTTP (a Quarry server on loopback, read with RDF4J's SPARQL
 * client): rows compared as multisets (blank nodes as "a blank node", their labels being each API's
 * own), in order where the query orders them. The data: products with labels in two languages,
 * numbers, dates, reviews as blank nodes, in the default graph (RDF4J's default dataset is the
 * union, which with no named graph is the same).
 */
@Timeout(120)
class ThreeWaysTest {
  private static final String EX = "http://example.org/";
  private static final String PREFIXES =
      "PREFIX ex: <" + EX + "> PREFIX xsd: <http://www.w3.org/2001/XMLSchema#> ";

  @TempDir static Path dir;
  private static Store store;
  private static QuarryServer server;
  private static Repository embedded;
  private static Repository http;

  @BeforeAll
  static void setUp() throws Exception {
    store = Quarry.open(dir.resolve("store"));
    DatasetGraph dsg = store.dataset();
    Random rnd = new Random(42);
    Txn.executeWrite(
        dsg,
        () -> {
          for (int i = 0; i < 200; i++) {
            Node p = NodeFactory.createURI(EX + "product" + i);
            add(dsg, p, "type", NodeFactory.createURI(EX + "Product" + (i % 4)));
            add(dsg, p, "label", NodeFactory.createLiteralLang("product " + i, "en"));
            if (i % 3 == 0) {
              add(dsg, p, "label", NodeFactory.createLiteralLang("produit " + i, "fr"));
            }
            add(dsg, p, "price", literal(Integer.toString(10 + rnd.nextInt(500)), "integer"));
            add(dsg, p, "weight", literal((rnd.nextInt(1000) / 10.0) + "", "decimal"));
            add(
                dsg,
                p,
                "date",
                literal(String.format("2026-%02d-%02d", 1 + i % 12, 1 + i % 28), "date"));
            if (i % 5 != 0) {
              add(dsg, p, "producer", NodeFactory.createURI(EX + "producer" + (i % 7)));
            }
            for (int r = 0; r < i % 3; r++) {
              Node review = NodeFactory.createBlankNode();
              add(dsg, review, "reviewOf", p);
              add(dsg, review, "rating", literal(Integer.toString(1 + rnd.nextInt(5)), "integer"));
              add(dsg, review, "text", NodeFactory.createLiteralString("review " + r + " of " + i));
            }
          }
        });
    server =
        QuarryServer.start(
            store,
            ServerConfig.from(
                Config.defaults().with("server.port", 0).withOverride("server.demo-data=false")));
    embedded = new QuarryRepository(store);
    embedded.init();
    http = new SPARQLRepository(server.endpoint().toString());
    http.init();
  }

  private static Node literal(String lex, String xsdType) {
    return NodeFactory.createLiteralDT(
        lex,
        TypeMapper.getInstance().getSafeTypeByName("http://www.w3.org/2001/XMLSchema#" + xsdType));
  }

  private static void add(DatasetGraph dsg, Node s, String p, Node o) {
    Node predicate = p.equals("type") ? RDF.Nodes.type : NodeFactory.createURI(EX + p);
    dsg.add(Quad.defaultGraphIRI, s, predicate, o);
  }

  @AfterAll
  static void tearDown() {
    if (http != null) {
      http.shutDown();
    }
    if (embedded != null) {
      embedded.shutDown();
    }
    if (server != null) {
      server.close();
    }
    if (store != null) {
      store.close();
    }
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "SELECT ?p ?l { ?p a ex:Product1 ; ex:label ?l }",
        "SELECT ?p ?price { ?p ex:price ?price FILTER(?price > 250 && ?price < 300) } ORDER BY"
            + " ?price ?p",
        "SELECT ?p ?l { ?p ex:label ?l FILTER(langMatches(lang(?l), 'fr')) } ORDER BY ?l",
        "SELECT ?p ?prod { ?p a ex:Product2 OPTIONAL { ?p ex:producer ?prod } } ORDER BY ?p",
        "SELECT ?type (COUNT(*) AS ?n) (AVG(?price) AS ?avg) (MAX(?w) AS ?maxw) { ?p a ?type ;"
            + " ex:price ?price ; ex:weight ?w } GROUP BY ?type ORDER BY ?type",
        "SELECT ?p (COUNT(?r) AS ?reviews) (SUM(?rating) AS ?total) { ?r ex:reviewOf ?p ;"
            + " ex:rating ?rating } GROUP BY ?p HAVING (COUNT(?r) > 1) ORDER BY DESC(?total) ?p",
        "SELECT DISTINCT ?prod { ?p ex:producer ?prod } ORDER BY ?prod",
        "SELECT ?p ?d { ?p ex:date ?d FILTER(?d >= '2026-06-01'^^xsd:date && ?d <"
            + " '2026-07-01'^^xsd:date) } ORDER BY ?d ?p",
        "SELECT ?r ?t { ?r ex:reviewOf ex:product14 ; ex:text ?t } ORDER BY ?t",
        "SELECT ?p { ?p a ex:Product0 MINUS { ?p ex:producer ?x } } ORDER BY ?p",
        "SELECT ?p ?x { { ?p ex:price ?x FILTER(?x < 30) } UNION { ?p ex:weight ?x FILTER(?x < 3)"
            + " } } ORDER BY ?p ?x",
        "SELECT ?p ?price { ?p ex:price ?price } ORDER BY DESC(?price) ?p LIMIT 7 OFFSET 3",
        "SELECT (STRLEN(?l) AS ?len) (UCASE(?l) AS ?u) { ex:product3 ex:label ?l } ORDER BY ?u",
        "ASK { ex:product7 ex:producer ex:producer0 }",
        "ASK { ex:product5 ex:producer ?x }",
        "CONSTRUCT { ?p ex:cheap true } WHERE { ?p ex:price ?x FILTER(?x < 50) }",
        "DESCRIBE ex:product11",
      })
  void theSameAnswersThroughRdf4jJenaAndHttp(String body) {
    String q = PREFIXES + body;
    boolean ordered = body.contains("ORDER BY");
    List<String> viaRdf4j = rdf4j(embedded, q, ordered);
    List<String> viaHttp = rdf4j(http, q, ordered);
    List<String> viaJena = jena(q, ordered);
    assertFalse(viaJena.isEmpty() && !body.startsWith("ASK"), "the query has answers: " + body);
    assertEquals(viaJena, viaRdf4j, "RDF4J against Jena: " + body);
    assertEquals(viaJena, viaHttp, "HTTP against Jena: " + body);
  }

  private static List<String> rdf4j(Repository repo, String q, boolean ordered) {
    List<String> rows = new ArrayList<>();
    try (RepositoryConnection con = repo.getConnection()) {
      var query = con.prepareQuery(q);
      if (query instanceof TupleQuery tq) {
        try (TupleQueryResult r = tq.evaluate()) {
          List<String> names = r.getBindingNames();
          while (r.hasNext()) {
            BindingSet b = r.next();
            StringBuilder sb = new StringBuilder();
            for (String n : names) {
              sb.append(n).append('=').append(term(b.getValue(n))).append(' ');
            }
            rows.add(sb.toString());
          }
        }
      } else if (query instanceof BooleanQuery bq) {
        rows.add(Boolean.toString(bq.evaluate()));
      } else {
        try (GraphQueryResult r = ((GraphQuery) query).evaluate()) {
          r.forEach(
              st ->
                  rows.add(
                      term(st.getSubject())
                          + " "
                          + term(st.getPredicate())
                          + " "
                          + term(st.getObject())));
        }
      }
    }
    if (!ordered) {
      Collections.sort(rows);
    }
    return rows;
  }

  private static List<String> jena(String q, boolean ordered) {
    DatasetGraph dsg = store.dataset();
    List<String> rows = new ArrayList<>();
    Txn.executeRead(
        dsg,
        () -> {
          try (QueryExec qe = QueryExec.dataset(dsg).query(q).build()) {
            if (qe.getQuery().isSelectType()) {
              RowSet rs = qe.select();
              List<Var> vars = rs.getResultVars();
              while (rs.hasNext()) {
                Binding b = rs.next();
                StringBuilder sb = new StringBuilder();
                for (Var v : vars) {
                  sb.append(v.getVarName()).append('=').append(term(b.get(v))).append(' ');
                }
                rows.add(sb.toString());
              }
            } else if (qe.getQuery().isAskType()) {
              rows.add(Boolean.toString(qe.ask()));
            } else {
              Iterator<Triple> it =
                  qe.getQuery().isDescribeType() ? qe.describeTriples() : qe.constructTriples();
              it.forEachRemaining(
                  t ->
                      rows.add(
                          term(t.getSubject())
                              + " "
                              + term(t.getPredicate())
                              + " "
                              + term(t.getObject())));
            }
          }
        });
    if (!ordered) {
      Collections.sort(rows);
    }
    return rows;
  }

  /** One notation for both APIs' terms; a blank node is only "a blank node". */
  private static String term(Value v) {
    if (v == null) {
      return "-";
    }
    if (v instanceof IRI iri) {
      return "<" + iri.stringValue() + ">";
    }
    if (v instanceof BNode) {
      return "_:b";
    }
    Literal l = (Literal) v;
    return l.getLanguage()
        .map(lang -> "\"" + l.getLabel() + "\"@" + lang.toLowerCase(Locale.ROOT))
        .orElse("\"" + l.getLabel() + "\"^^<" + l.getDatatype().stringValue() + ">");
  }

  private static String term(Node n) {
    if (n == null) {
      return "-";
    }
    if (n.isURI()) {
      return "<" + n.getURI() + ">";
    }
    if (n.isBlank()) {
      return "_:b";
    }
    String lang = n.getLiteralLanguage();
    return lang != null && !lang.isEmpty()
        ? "\"" + n.getLiteralLexicalForm() + "\"@" + lang.toLowerCase(Locale.ROOT)
        : "\"" + n.getLiteralLexicalForm() + "\"^^<" + n.getLiteralDatatypeURI() + ">";
  }
}
