package dev.quarry.core.query;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.quarry.core.Quarry;
import dev.quarry.core.Store;
import java.util.ArrayList;
import java.util.List;
import org.apache.jena.query.DatasetFactory;
import org.apache.jena.query.QueryExecution;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.system.Txn;
import org.apache.jena.update.UpdateAction;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Query-time RDFS inference: subclasses and subproperties from a rule graph, each answer once. */
class InferenceTest {
  private static final String PRE =
      "PREFIX : <http://ex/> PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#> ";
  private Store store;
  private DatasetGraph dsg;

  @BeforeEach
  void load() {
    store = Quarry.openMemory();
    dsg = store.dataset();
    Txn.executeWrite(
        dsg,
        () ->
            UpdateAction.parseExecute(
                PRE
                    + "INSERT DATA { GRAPH :rules {"
                    + " :Cat rdfs:subClassOf :Mammal . :Mammal rdfs:subClassOf :Animal ."
                    + " :Dog rdfs:subClassOf :Mammal . :Dog rdfs:subClassOf :Animal ."
                    + " :hasKitten rdfs:subPropertyOf :hasChild . :hasChild rdfs:subPropertyOf :hasRelative }"
                    + " GRAPH :data {"
                    + " :tom a :Cat . :rex a :Dog . :rex a :Mammal . :ant a :Animal ."
                    + " :tom :hasKitten :kit . :tom :hasChild :kit . :rex :hasRelative :fido } }",
                dsg));
  }

  @AfterEach
  void close() {
    store.close();
  }

  private List<String> select(String where, boolean infer) {
    String q = PRE + "SELECT * FROM :data WHERE { " + where + " }";
    return Txn.calculateRead(
        dsg,
        () -> {
          var b = QueryExecution.dataset(DatasetFactory.wrap(dsg)).query(q);
          if (infer) {
            b.set(QuarryOpExecutor.INFERENCE, "http://ex/rules");
          }
          List<String> rows = new ArrayList<>();
          try (QueryExecution qe = b.build()) {
            qe.execSelect()
                .forEachRemaining(
                    s -> {
                      List<String> cells = new ArrayList<>();
                      s.varNames().forEachRemaining(v -> cells.add(v + "=" + s.get(v)));
                      rows.add(String.join(" ", cells.stream().sorted().toList()));
                    });
          }
          rows.sort(null);
          return rows;
        });
  }

  @Test
  void aClassMatchesItsSubclassesOnce() {
    assertEquals(
        List.of("x=http://ex/ant", "x=http://ex/rex", "x=http://ex/tom"),
        select("?x a :Animal", true));
    assertEquals(List.of("x=http://ex/ant"), select("?x a :Animal", false));
    assertEquals(List.of("x=http://ex/rex", "x=http://ex/tom"), select("?x a :Mammal", true));
  }

  @Test
  void aFreeClassYieldsEverySuperclassOnce() {
    assertEquals(
        List.of("c=http://ex/Animal", "c=http://ex/Dog", "c=http://ex/Mammal"),
        select(":rex a ?c", true));
    assertEquals(List.of("c=http://ex/Dog", "c=http://ex/Mammal"), select(":rex a ?c", false));
  }

  @Test
  void aPropertyMatchesItsSubpropertiesOnce() {
    assertEquals(
        List.of("o=http://ex/fido s=http://ex/rex", "o=http://ex/kit s=http://ex/tom"),
        select("?s :hasRelative ?o", true));
    assertEquals(List.of("o=http://ex/kit s=http://ex/tom"), select("?s :hasChild ?o", true));
    assertEquals(List.of("o=http://ex/fido s=http://ex/rex"), select("?s :hasRelative ?o", false));
  }

  @Test
  void aBoundClassFromAJoinIsExpandedPerRow() {
    assertEquals(
        List.of("c=http://ex/Mammal x=http://ex/rex", "c=http://ex/Mammal x=http://ex/tom"),
        select("VALUES ?c { :Mammal } ?x a ?c", true));
  }
}
