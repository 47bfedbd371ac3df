package dev.quarry.server.w3c;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.jena.rdf.model.Model;
import org.apache.jena.rdf.model.ModelFactory;
import org.apache.jena.rdf.model.Property;
import org.apache.jena.rdf.model.RDFList;
import org.apache.jena.rdf.model.RDFNode;
import org.apache.jena.rdf.model.Resource;
import org.apache.jena.rdf.model.Statement;
import org.apache.jena.riot.RDFDataMgr;
import org.apache.jena.vocabulary.RDF;

/** Reads a W3C test manifest and the manifests it includes into a flat list of test entries. */
final class Manifests {
  static final String MF = "http://www.w3.org/2001/sw/DataAccess/tests/test-manifest#";
  static final String QT = "http://www.w3.org/2001/sw/DataAccess/tests/test-query#";
  static final String UT = "http://www.w3.org/2009/sparql/tests/test-update#";
  static final String DAWGT = "http://www.w3.org/2001/sw/DataAccess/tests/test-dawg#";

  private Manifests() {}

  /** One test entry: its IRI, type (local name), name, approval, action and result. */
  record Entry(
      String uri, String type, String name, String approval, Resource action, RDFNode result) {

    boolean approved() {
      return "Approved".equals(approval);
    }

    /** Approved, proposed or not yet marked: not withdrawn, rejected or deprecated. */
    boolean current() {
      return approval.isEmpty() || "Approved".equals(approval) || "Proposed".equals(approval);
    }

    /** The short id used in reports and exclusions: {@code folder/manifest#name}. */
    String id() {
      String[] parts = uri.split("/");
      return parts.length >= 2 ? parts[parts.length - 2] + "/" + parts[parts.length - 1] : uri;
    }
  }

  static List<Entry> read(Path manifest) {
    List<Entry> out = new ArrayList<>();
    read(manifest.toUri().toString(), out);
    return out;
  }

  private static void read(String manifestUri, List<Entry> out) {
    Model m = ModelFactory.createDefaultModel();
    RDFDataMgr.read(m, manifestUri);
    Property include = m.createProperty(MF, "include");
    Property entries = m.createProperty(MF, "entries");
    // The 1.0/1.1 manifests are <>; the 1.2 ones name themselves (trs:manifest a mf:Manifest).
    for (Resource manifest :
        m.listSubjectsWithProperty(RDF.type, m.createResource(MF + "Manifest")).toList()) {
      for (Statement st : manifest.listProperties(include).toList()) {
        for (RDFNode n : st.getObject().as(RDFList.class).asJavaList()) {
          read(n.asResource().getURI(), out);
        }
      }
      for (Statement st : manifest.listProperties(entries).toList()) {
        for (RDFNode n : st.getObject().as(RDFList.class).asJavaList()) {
          out.add(entry(m, n.asResource()));
        }
      }
    }
  }

  private static Entry entry(Model m, Resource test) {
    Resource type = test.getPropertyResourceValue(RDF.type);
    Statement name = test.getProperty(m.createProperty(MF, "name"));
    Resource approval = test.getPropertyResourceValue(m.createProperty(DAWGT, "approval"));
    Statement action = test.getProperty(m.createProperty(MF, "action"));
    Statement result = test.getProperty(m.createProperty(MF, "result"));
    return new Entry(
        test.getURI(),
        type == null ? "" : type.getLocalName(),
        name == null ? test.getURI() : name.getString(),
        approval == null ? "" : approval.getLocalName(),
        action == null ? null : action.getObject().asResource(),
        result == null ? null : result.getObject());
  }

  static Property qt(Model m, String local) {
    return m.createProperty(QT, local);
  }

  static Property ut(Model m, String local) {
    return m.createProperty(UT, local);
  }

  static Property mf(Model m, String local) {
    return m.createProperty(MF, local);
  }
}
