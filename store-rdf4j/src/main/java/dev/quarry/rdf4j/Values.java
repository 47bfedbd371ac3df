package dev.quarry.rdf4j;

import dev.quarry.core.index.spi.QuadView;
import java.util.Optional;
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
import org.eclipse.rdf4j.model.base.AbstractBNode;
import org.eclipse.rdf4j.model.base.AbstractIRI;
import org.eclipse.rdf4j.model.base.AbstractLiteral;
import org.eclipse.rdf4j.model.base.CoreDatatype;
import org.eclipse.rdf4j.model.impl.SimpleValueFactory;
import org.eclipse.rdf4j.model.util.URIUtil;
import org.eclipse.rdf4j.model.vocabulary.RDF;
import org.eclipse.rdf4j.model.vocabulary.XSD;
import org.eclipse.rdf4j.sail.SailException;

/**
 * RDF4J values to Quarry ids and back, for one store. A value read from the store carries its id
 * (an {@link IdValue}), so handing it back (a pattern, a removal, a query binding) costs no
 * dictionary lookup; any other value is looked up by its term. Committed ids never change, so a
 * carried id stays right for as long as the store is open.
 */
final class Values {
  private static final ValueFactory VF = SimpleValueFactory.getInstance();
  private static final TypeMapper TYPES = TypeMapper.getInstance();

  /** Whose ids the values carry: ids of another store's values are not ours. */
  private final Object owner;

  Values(Object owner) {
    this.owner = owner;
  }

  /**
   * A value that knows its id, and in which store ({@code owner}: the one {@link #owner} names).
   */
  interface IdValue {
    Id quarryId();
  }

  record Id(long value, Object owner) {}

  // ---- to Quarry ----------------------------------------------------------------------------

  /** The id of {@code v} in view {@code view}, or NONE if the store lacks it (null: NONE too). */
  long id(QuadView view, Value v) {
    if (v == null) {
      return QuadView.NONE;
    }
    Id carried = v instanceof IdValue iv ? iv.quarryId() : null; // null once deserialized
    if (carried != null && carried.owner() == owner && carried.value() != QuadView.NONE) {
      return carried.value();
    }
    return view.id(node(v));
  }

  /** The Jena term of an RDF4J value. */
  static Node node(Value v) {
    if (v instanceof IRI iri) {
      return NodeFactory.createURI(iri.stringValue());
    }
    if (v instanceof BNode b) {
      return NodeFactory.createBlankNode(b.getID());
    }
    if (v instanceof Literal l) {
      Optional<String> lang = l.getLanguage();
      if (lang.isPresent()) {
        // RDF4J 5 has no base direction: a tag "ar--rtl" carries it (see value(Node, long)).
        int dir = lang.get().indexOf("--");
        return dir < 0
            ? NodeFactory.createLiteralLang(l.getLabel(), lang.get())
            : NodeFactory.createLiteralDirLang(
                l.getLabel(), lang.get().substring(0, dir), lang.get().substring(dir + 2));
      }
      String dt = l.getDatatype().stringValue();
      if (dt.equals(XSD.STRING.stringValue())) {
        return NodeFactory.createLiteralString(l.getLabel());
      }
      return NodeFactory.createLiteralDT(l.getLabel(), TYPES.getSafeTypeByName(dt));
    }
    if (v instanceof Triple t) {
      return NodeFactory.createTripleTerm(
          node(t.getSubject()), node(t.getPredicate()), node(t.getObject()));
    }
    throw new SailException("not an RDF value Quarry stores: " + v);
  }

  /** The Jena graph of a context: null is the default graph. */
  static Node graph(Resource context) {
    return context == null ? Quad.defaultGraphIRI : node(context);
  }

  // ---- from Quarry --------------------------------------------------------------------------

  /** The value of a term read from the store under {@code id} (0 if unknown: no id carried). */
  Value value(Node n, long id) {
    if (n.isURI()) {
      return new QuarryIri(n.getURI(), new Id(id, owner));
    }
    if (n.isBlank()) {
      return new QuarryBNode(n.getBlankNodeLabel(), new Id(id, owner));
    }
    if (n.isTripleTerm()) {
      org.apache.jena.graph.Triple t = n.getTriple();
      return VF.createTriple(
          (Resource) value(t.getSubject(), QuadView.NONE),
          (IRI) value(t.getPredicate(), QuadView.NONE),
          value(t.getObject(), QuadView.NONE));
    }
    if (n.isLiteral()) {
      String lang = n.getLiteralLanguage();
      if (n.getLiteralBaseDirection() != null) {
        lang = lang + "--" + n.getLiteralBaseDirection().direction(); // as N-Triples writes it
      }
      IRI dt =
          lang != null && !lang.isEmpty()
              ? RDF.LANGSTRING
              : VF.createIRI(n.getLiteralDatatypeURI());
      return new QuarryLiteral(
          n.getLiteralLexicalForm(),
          lang == null || lang.isEmpty() ? null : lang,
          dt,
          new Id(id, owner));
    }
    throw new SailException("a term RDF4J cannot hold: " + n);
  }

  Value value(QuadView view, long id) {
    return value(view.node(id), id);
  }

  /** The statement of a quad of ids; the default graph becomes the null context. */
  Statement statement(QuadView view, long[] quad) {
    Resource ctx = quad[0] == view.defaultGraph() ? null : (Resource) value(view, quad[0]);
    return VF.createStatement(
        (Resource) value(view, quad[1]), (IRI) value(view, quad[2]), value(view, quad[3]), ctx);
  }

  static Statement statement(Resource s, IRI p, Value o, Resource c) {
    return VF.createStatement(s, p, o, c);
  }

  // ---- values that carry their id ------------------------------------------------------------

  private static final class QuarryIri extends AbstractIRI implements IdValue {
    private final String iri;
    private final transient Id id;
    private int split = -1;

    QuarryIri(String iri, Id id) {
      this.iri = iri;
      this.id = id;
    }

    @Override
    public String stringValue() {
      return iri;
    }

    @Override
    public String getNamespace() {
      return iri.substring(0, split());
    }

    @Override
    public String getLocalName() {
      return iri.substring(split());
    }

    private int split() {
      if (split < 0) {
        split = URIUtil.getLocalNameIndex(iri);
      }
      return split;
    }

    @Override
    public Id quarryId() {
      return id;
    }
  }

  private static final class QuarryBNode extends AbstractBNode implements IdValue {
    private final String label;
    private final transient Id id;

    QuarryBNode(String label, Id id) {
      this.label = label;
      this.id = id;
    }

    @Override
    public String getID() {
      return label;
    }

    @Override
    public Id quarryId() {
      return id;
    }
  }

  private static final class QuarryLiteral extends AbstractLiteral implements IdValue {
    private final String label;
    private final String lang;
    private final IRI datatype;
    private final transient Id id;

    QuarryLiteral(String label, String lang, IRI datatype, Id id) {
      this.label = label;
      this.lang = lang;
      this.datatype = datatype;
      this.id = id;
    }

    @Override
    public String getLabel() {
      return label;
    }

    @Override
    public Optional<String> getLanguage() {
      return Optional.ofNullable(lang);
    }

    @Override
    public IRI getDatatype() {
      return datatype;
    }

    @Override
    public CoreDatatype getCoreDatatype() {
      return CoreDatatype.from(datatype);
    }

    @Override
    public Id quarryId() {
      return id;
    }
  }
}
