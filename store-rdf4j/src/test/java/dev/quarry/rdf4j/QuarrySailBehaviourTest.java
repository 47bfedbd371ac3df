package dev.quarry.rdf4j;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.core.Quarry;
import dev.quarry.core.Store;
import dev.quarry.core.index.spi.QuadView;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.rdf4j.common.transaction.IsolationLevels;
import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Literal;
import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.model.ValueFactory;
import org.eclipse.rdf4j.model.impl.SimpleValueFactory;
import org.eclipse.rdf4j.query.TupleQueryResult;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.eclipse.rdf4j.rio.RDFFormat;
import org.eclipse.rdf4j.rio.RDFParseException;
import org.eclipse.rdf4j.sail.SailConflictException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the RDF4J suites do not pin down: namespaces outlive the store's process; a file added
 * outside a transaction is one bulk load (a parse error leaves the store as it was); a large add in
 * a transaction commits whole; values read carry their ids and work when handed back; SNAPSHOT
 * commits fail on a concurrent commit where SNAPSHOT_READ ones apply; a query in a transaction sees
 * the transaction's own changes.
 */
@Timeout(120)
class QuarrySailBehaviourTest {
  private static final ValueFactory VF = SimpleValueFactory.getInstance();
  private static final IRI P = VF.createIRI("http://example.org/p");

  @TempDir Path dir;

  private static String nTriples(int from, int n) {
    StringBuilder sb = new StringBuilder();
    for (int i = from; i < from + n; i++) {
      sb.append("<http://example.org/s")
          .append(i)
          .append("> <http://example.org/p> \"")
          .append(i)
          .append("\" .\n");
    }
    return sb.toString();
  }

  private static long count(RepositoryConnection con) {
    try (TupleQueryResult r =
        con.prepareTupleQuery("SELECT (COUNT(*) AS ?n) { ?s ?p ?o }").evaluate()) {
      return ((Literal) r.next().getValue("n")).longValue();
    }
  }

  @Test
  void namespacesOutliveTheProcessAndFilesLoadWholeOrNotAtAll() throws Exception {
    Path at = dir.resolve("store");
    QuarryRepository repo = new QuarryRepository(at);
    repo.init();
    try (RepositoryConnection con = repo.getConnection()) {
      con.setNamespace("ex", "http://example.org/");
      con.add(
          new ByteArrayInputStream(nTriples(0, 1000).getBytes(StandardCharsets.UTF_8)),
          "",
          RDFFormat.NTRIPLES);
      assertEquals(1000, con.size());
      String bad = nTriples(1000, 500) + "<http://example.org/x> <broken\n";
      assertThrows(
          RDFParseException.class,
          () ->
              con.add(
                  new ByteArrayInputStream(bad.getBytes(StandardCharsets.UTF_8)),
                  "",
                  RDFFormat.NTRIPLES));
      assertEquals(1000, con.size(), "a failed load adds nothing");
      // One transaction past the bulk threshold: its commit is one bulk load.
      con.begin();
      List<Statement> many = new ArrayList<>();
      for (int i = 0; i < QuarrySailConnection.BULK_FROM + 1000; i++) {
        many.add(
            VF.createStatement(VF.createIRI("http://example.org/t" + i), P, VF.createLiteral(i)));
      }
      con.add(many);
      assertEquals(1000 + many.size(), con.size(), "the transaction sees its own additions");
      con.commit();
      assertEquals(1000 + many.size(), count(con));
    }
    repo.shutDown();

    QuarryRepository again = new QuarryRepository(at);
    again.init();
    try (RepositoryConnection con = again.getConnection()) {
      assertEquals("http://example.org/", con.getNamespace("ex"));
      assertEquals(1000 + QuarrySailConnection.BULK_FROM + 1000, con.size());
    }
    again.shutDown();
    try (Store s = Quarry.open(at)) {
      assertTrue(s.check().sound());
    }
  }

  @Test
  void valuesReadCarryTheirIdsAndQueriesSeeTheTransaction() throws Exception {
    try (Store store = Quarry.open(dir.resolve("ids"))) {
      QuarryRepository repo = new QuarryRepository(store);
      repo.init();
      try (RepositoryConnection con = repo.getConnection()) {
        con.add(VF.createIRI("http://example.org/a"), P, VF.createLiteral("x"));
        Statement st;
        try (var it = con.getStatements(null, P, null)) {
          st = it.next();
        }
        assertTrue(st.getSubject() instanceof Values.IdValue, st.getSubject().getClass() + "");
        long id = ((Values.IdValue) st.getObject()).quarryId().value();
        var view = store.quadBackend().beginRead();
        try {
          assertEquals(view.id(Values.node(st.getObject())), id);
          assertTrue(id != QuadView.NONE);
        } finally {
          view.end();
        }
        assertTrue(con.hasStatement(st.getSubject(), st.getPredicate(), st.getObject(), false));

        con.begin();
        con.add(VF.createIRI("http://example.org/b"), P, VF.createLiteral("y"));
        assertEquals(2, count(con), "a query in the transaction sees its change");
        con.rollback();
        assertEquals(1, count(con));
      }
      repo.shutDown();
    }
  }

  @Test
  void snapshotCommitsFailOnAConcurrentCommitSnapshotReadOnesApply() throws Exception {
    try (Store store = Quarry.open(dir.resolve("levels"))) {
      QuarrySail sail = new QuarrySail(store);
      sail.init();
      try (var a = sail.getConnection();
          var b = sail.getConnection()) {
        a.begin(IsolationLevels.SNAPSHOT);
        a.addStatement(VF.createIRI("http://example.org/a"), P, VF.createLiteral(1));
        b.begin(IsolationLevels.SNAPSHOT);
        b.addStatement(VF.createIRI("http://example.org/b"), P, VF.createLiteral(2));
        b.commit();
        assertThrows(SailConflictException.class, a::commit);
        a.rollback();

        a.begin(IsolationLevels.SNAPSHOT_READ);
        a.addStatement(VF.createIRI("http://example.org/a"), P, VF.createLiteral(1));
        b.begin(IsolationLevels.SNAPSHOT_READ);
        b.addStatement(VF.createIRI("http://example.org/c"), P, VF.createLiteral(3));
        b.commit();
        a.commit();
        assertEquals(3, a.size());
      }
      sail.shutDown();
    }
  }
}
