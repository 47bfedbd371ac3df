package dev.quarry.core.query.exec;

import org.apache.jena.sparql.expr.E_BNode;
import org.apache.jena.sparql.expr.E_Function;
import org.apache.jena.sparql.expr.E_Now;
import org.apache.jena.sparql.expr.E_Random;
import org.apache.jena.sparql.expr.E_StrUUID;
import org.apache.jena.sparql.expr.E_UUID;
import org.apache.jena.sparql.expr.Expr;
import org.apache.jena.sparql.expr.ExprFunction;
import org.apache.jena.sparql.expr.ExprFunctionOp;
import org.apache.jena.vocabulary.XSD;

/**
 * Whether an expression's value depends only on the values of its variables, so one evaluation per
 * distinct value serves every row: not RAND, NOW (the same within a query, but cheap), BNODE, UUID,
 * STRUUID, EXISTS, or a function by IRI (an extension may be anything) other than the XSD casts
 * (xsd:float(?x) and the like), which SPARQL defines.
 */
public final class Deterministic {
  private Deterministic() {}

  public static boolean test(Expr e) {
    if (e instanceof E_Random
        || e instanceof E_Now
        || e instanceof E_BNode
        || e instanceof E_UUID
        || e instanceof E_StrUUID
        || (e instanceof E_Function f && !isCast(f))
        || e instanceof ExprFunctionOp) {
      return false;
    }
    if (e instanceof ExprFunction f) {
      for (Expr a : f.getArgs()) {
        if (!test(a)) {
          return false;
        }
      }
    }
    return true;
  }

  /** A cast to an XSD datatype: xsd:float(?x), xsd:string(?x) ... (SPARQL 1.1, 17.5). */
  private static boolean isCast(E_Function f) {
    String iri = f.getFunctionIRI();
    return iri != null && iri.startsWith(XSD.NS);
  }
}
