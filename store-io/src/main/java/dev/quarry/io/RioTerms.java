package dev.quarry.io;

import java.util.function.Function;
import org.apache.jena.datatypes.TypeMapper;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.sparql.core.Quad;
import org.eclipse.rdf4j.model.BNode;
import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Literal;
import org.eclipse.rdf4j.model.Resource;
import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.model.Triple;
import org.eclipse.rdf4j.model.Value;
import org.eclipse.rdf4j.model.ValueFactory;
import org.eclipse.rdf4j.model.impl.SimpleValueFactory;
import org.eclipse.rdf4j.model.vocabulary.XSD;

/**
 * Converts RDF terms between RDF4J's model (what Rio reads and writes) and Jena's (the store's).
 */
public final class RioTerms {
  private static final ValueFactory VF = SimpleValueFactory.getInstance();

  private RioTerms() {}

  public static Node toJena(Value v) {
    return toJena(v, NodeFactory::createBlankNode);
  }

  /** {@link #toJena(Value)} with blank nodes made from their labels by {@code blank}. */
  static Node toJena(Value v, Function<String, Node> blank) {
    if (v instanceof IRI iri) {
      return NodeFactory.createURI(iri.stringValue());
    }
    if (v instanceof BNode b) {
      return blank.apply(b.getID());
    }
    if (v instanceof Literal lit) {
      if (lit.getLanguage().isPresent()) {
        return NodeFactory.createLiteralLang(lit.getLabel(), lit.getLanguage().get());
      }
      String dt = lit.getDatatype().stringValue();
      return NodeFactory.createLiteralDT(
          lit.getLabel(), TypeMapper.getInstance().getSafeTypeByName(dt));
    }
    if (v instanceof Triple t) {
      return NodeFactory.createTripleTerm(
          toJena(t.getSubject(), blank),
          toJena(t.getPredicate(), blank),
          toJena(t.getObject(), blank));
    }
    throw new IllegalArgumentException("unsupported RDF4J value: " + v);
  }

  /** The statement as a quad; one without a context goes to {@code defaultTarget}. */
  public static Quad toQuad(Statement st, Node defaultTarget) {
    Node g = st.getContext() == null ? defaultTarget : toJena(st.getContext());
    return Quad.create(
        g, toJena(st.getSubject()), toJena(st.getPredicate()), toJena(st.getObject()));
  }

  /** {@link #toQuad(Statement, Node)} with blank nodes made from their labels by {@code blank}. */
  static Quad toQuad(Statement st, Node defaultTarget, Function<String, Node> blank) {
    Node g = st.getContext() == null ? defaultTarget : toJena(st.getContext(), blank);
    return Quad.create(
        g,
        toJena(st.getSubject(), blank),
        toJena(st.getPredicate(), blank),
        toJena(st.getObject(), blank));
  }

  public static Value toRio(Node n) {
    if (n.isURI()) {
      return VF.createIRI(n.getURI());
    }
    if (n.isBlank()) {
      return VF.createBNode(n.getBlankNodeLabel());
    }
    if (n.isLiteral()) {
      String lang = n.getLiteralLanguage();
      if (lang != null && !lang.isEmpty()) {
        return VF.createLiteral(n.getLiteralLexicalForm(), lang);
      }
      String dt = n.getLiteralDatatypeURI();
      IRI datatype = dt == null ? XSD.STRING : VF.createIRI(dt);
      return VF.createLiteral(n.getLiteralLexicalForm(), datatype);
    }
    if (n.isTripleTerm()) {
      var t = n.getTriple();
      return VF.createTriple(
          (Resource) toRio(t.getSubject()), (IRI) toRio(t.getPredicate()), toRio(t.getObject()));
    }
    throw new IllegalArgumentException("not an RDF term: " + n);
  }

  /** The quad as a statement; the default graph becomes "no context". */
  public static Statement toStatement(Quad q) {
    Resource ctx = q.isDefaultGraph() ? null : (Resource) toRio(q.getGraph());
    return VF.createStatement(
        (Resource) toRio(q.getSubject()), (IRI) toRio(q.getPredicate()), toRio(q.getObject()), ctx);
  }
}
