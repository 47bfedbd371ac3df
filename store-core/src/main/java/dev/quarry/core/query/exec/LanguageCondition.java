package dev.quarry.core.query.exec;

import dev.quarry.core.dict.LanguageIds;
import dev.quarry.core.dict.NodeIds;
import dev.quarry.core.index.spi.LanguageCoverage;
import java.util.List;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.engine.binding.BindingFactory;
import org.apache.jena.sparql.expr.E_Equals;
import org.apache.jena.sparql.expr.E_Lang;
import org.apache.jena.sparql.expr.E_LangMatches;
import org.apache.jena.sparql.expr.E_NotEquals;
import org.apache.jena.sparql.expr.Expr;
import org.apache.jena.sparql.expr.ExprFunction2;
import org.apache.jena.sparql.expr.ExprVar;
import org.apache.jena.sparql.function.FunctionEnv;

/**
 * {@code langMatches(lang(?x), "en")}, {@code lang(?x) = "en"} and {@code lang(?x) != "en"} decided
 * from the language held in ?x's id ({@link LanguageIds}): no read of the literal's record. The
 * verdict for a language is ARQ's own on a literal of that language, worked out the first time an
 * id of it comes by; an id of another language (or, in a store upgraded from an older format, one
 * that holds none) is left to ARQ.
 */
final class LanguageCondition extends IdCondition {
  /** {@code -Dquarry.exec.language-ids=false}: such filters read the literals (to measure). */
  private static final boolean ON = !"false".equals(System.getProperty("quarry.exec.language-ids"));

  private static final byte NOT_YET = 0;
  private static final byte NO = 1;
  private static final byte YES = 2;

  private final Expr expr;
  private final Var var;
  private final int column;
  private final FunctionEnv env;
  private final boolean noneDecides; // an id without a language is a term without one
  private final byte[] verdicts = new byte[LanguageIds.OTHER + 1]; // by language number

  private LanguageCondition(
      Expr expr, Var var, int column, FunctionEnv env, LanguageCoverage coverage) {
    this.expr = expr;
    this.var = var;
    this.column = column;
    this.env = env;
    // A term without a language: a literal ("" for lang) or an IRI, blank node or triple (lang is
    // an error, false in a filter). Decided only if both fail, so only the literal is asked.
    this.noneDecides = coverage == LanguageCoverage.ALL && verdict(0) == NO;
  }

  /** The condition for {@code e}, or null if it is not one of the forms above. */
  static IdCondition of(Expr e, List<Var> vars, TermSpace terms, FunctionEnv env) {
    if (!ON
        || env == null
        || !(e instanceof E_LangMatches || e instanceof E_Equals || e instanceof E_NotEquals)) {
      return null;
    }
    ExprFunction2 f = (ExprFunction2) e;
    Expr lang = f.getArg1();
    Expr other = f.getArg2();
    if (!(e instanceof E_LangMatches) && !(lang instanceof E_Lang)) {
      lang = f.getArg2();
      other = f.getArg1();
    }
    if (!(lang instanceof E_Lang l) || !(l.getArg() instanceof ExprVar v) || !other.isConstant()) {
      return null;
    }
    int column = vars.indexOf(v.asVar());
    LanguageCoverage coverage = terms.view().languageIds();
    return column < 0 || coverage == LanguageCoverage.NONE
        ? null
        : new LanguageCondition(e, v.asVar(), column, env, coverage);
  }

  @Override
  int test(long[] data, int base) {
    long id = data[base + column];
    if (id == NodeIds.NONE) {
      return FALSE; // unbound: lang() is an error
    }
    if (NodeIds.isInlineLiteral(id)) {
      return verdict(0) == YES ? TRUE : FALSE; // inline literals have no language
    }
    if (NodeIds.isInlineIri(id)) {
      return FALSE; // lang() of an IRI: an error
    }
    if (!NodeIds.isTerm(id)) {
      return UNKNOWN; // a query's own term, the default graph
    }
    int k = LanguageIds.number(id);
    if (k == 0) {
      return noneDecides ? FALSE : UNKNOWN;
    }
    if (k == LanguageIds.OTHER) {
      return UNKNOWN;
    }
    return verdict(k) == YES ? TRUE : FALSE;
  }

  /** ARQ's verdict on a literal of language {@code k} (0: a plain string). */
  private byte verdict(int k) {
    byte v = verdicts[k];
    if (v == NOT_YET) {
      Node sample =
          k == 0
              ? NodeFactory.createLiteralString("x")
              : NodeFactory.createLiteralLang("x", LanguageIds.tag(k));
      v = expr.isSatisfied(BindingFactory.binding(var, sample), env) ? YES : NO;
      verdicts[k] = v;
    }
    return v;
  }
}
