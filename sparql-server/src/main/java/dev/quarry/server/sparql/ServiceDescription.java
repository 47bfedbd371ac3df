package dev.quarry.server.sparql;

import dev.quarry.core.StoreStats;
import java.time.Duration;
import org.apache.jena.rdf.model.Model;
import org.apache.jena.rdf.model.ModelFactory;
import org.apache.jena.rdf.model.Property;
import org.apache.jena.rdf.model.Resource;
import org.apache.jena.vocabulary.RDF;

/**
 * The SPARQL Service Description of an endpoint (answered at the endpoint's URL to clients that ask
 * for RDF): the languages it speaks, its result formats, features, its default dataset with its
 * size, and Quarry's limits.
 */
public final class ServiceDescription {
  static final String SD = "http://www.w3.org/ns/sparql-service-description#";
  static final String FORMATS = "http://www.w3.org/ns/formats/";
  static final String VOID = "http://rdfs.org/ns/void#";

  /** Quarry's own terms, for what the standard vocabulary has no word for (its limits). */
  public static final String QUARRY = "https://quarry.dev/ns#";

  /** What the description says; everything here comes from the server's configuration. */
  public record Facts(
      String endpoint,
      boolean updates,
      boolean federated,
      boolean unionDefaultGraph,
      Duration queryTimeout,
      long maxResultRows,
      long maxRequestBytes,
      StoreStats stats) {}

  private ServiceDescription() {}

  public static Model of(Facts f) {
    Model m = ModelFactory.createDefaultModel();
    m.setNsPrefix("sd", SD);
    m.setNsPrefix("format", FORMATS);
    m.setNsPrefix("void", VOID);
    m.setNsPrefix("quarry", QUARRY);
    Resource service = m.createResource(f.endpoint() + "#service");
    service.addProperty(RDF.type, m.createResource(SD + "Service"));
    service.addProperty(p(m, SD, "endpoint"), m.createResource(f.endpoint()));
    service.addProperty(p(m, SD, "supportedLanguage"), m.createResource(SD + "SPARQL10Query"));
    service.addProperty(p(m, SD, "supportedLanguage"), m.createResource(SD + "SPARQL11Query"));
    // The 1.2 drafts' names: triple terms, reifiers, base direction, their functions.
    service.addProperty(p(m, SD, "supportedLanguage"), m.createResource(SD + "SPARQL12Query"));
    if (f.updates()) {
      service.addProperty(p(m, SD, "supportedLanguage"), m.createResource(SD + "SPARQL11Update"));
      service.addProperty(p(m, SD, "supportedLanguage"), m.createResource(SD + "SPARQL12Update"));
    }
    // RDF 1.2's terms, which the standard vocabulary has no feature for yet.
    service.addProperty(p(m, SD, "feature"), m.createResource(QUARRY + "TripleTerms"));
    service.addProperty(p(m, SD, "feature"), m.createResource(QUARRY + "BaseDirection"));
    for (String format :
        new String[] {
          "SPARQL_Results_JSON", "SPARQL_Results_XML", "SPARQL_Results_CSV", "SPARQL_Results_TSV",
          "Turtle", "N-Triples", "RDF_XML", "JSON-LD"
        }) {
      service.addProperty(p(m, SD, "resultFormat"), m.createResource(FORMATS + format));
    }
    for (String format :
        new String[] {"Turtle", "N-Triples", "TriG", "N-Quads", "RDF_XML", "JSON-LD"}) {
      service.addProperty(p(m, SD, "inputFormat"), m.createResource(FORMATS + format));
    }
    if (f.unionDefaultGraph()) {
      service.addProperty(p(m, SD, "feature"), m.createResource(SD + "UnionDefaultGraph"));
    }
    if (f.federated()) {
      service.addProperty(p(m, SD, "feature"), m.createResource(SD + "BasicFederatedQuery"));
    }
    Resource dataset = m.createResource().addProperty(RDF.type, m.createResource(SD + "Dataset"));
    Resource dflt = m.createResource().addProperty(RDF.type, m.createResource(SD + "Graph"));
    dataset.addProperty(p(m, SD, "defaultGraph"), dflt);
    dataset.addLiteral(p(m, QUARRY, "quads"), f.stats().quads());
    dataset.addLiteral(p(m, QUARRY, "namedGraphs"), f.stats().graphs());
    service.addProperty(p(m, SD, "defaultDataset"), dataset);
    service.addLiteral(p(m, QUARRY, "queryTimeoutMillis"), f.queryTimeout().toMillis());
    service.addLiteral(p(m, QUARRY, "maxResultRows"), f.maxResultRows());
    service.addLiteral(p(m, QUARRY, "maxRequestBytes"), f.maxRequestBytes());
    return m;
  }

  private static Property p(Model m, String ns, String local) {
    return m.createProperty(ns, local);
  }
}
