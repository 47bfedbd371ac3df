package dev.quarry.server.w3c;

import dev.quarry.core.Quarry;
import dev.quarry.core.Store;
import dev.quarry.core.config.Config;
import dev.quarry.server.QuarryServer;
import dev.quarry.server.ServerConfig;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.rdf.model.Model;
import org.apache.jena.rdf.model.Resource;
import org.apache.jena.rdf.model.Statement;
import org.apache.jena.sparql.ARQConstants;
import org.apache.jena.sparql.algebra.op.OpService;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.Quad;
import org.apache.jena.sparql.service.ServiceExecutorRegistry;
import org.apache.jena.system.Txn;

/**
 * The stand-in endpoints a federated test describes ({@code qt:serviceData}): one real Quarry
 * server on a loopback port per endpoint IRI, over an in-memory store holding that endpoint's data.
 * SERVICE calls are redirected to them; any other remote endpoint goes to a closed loopback port,
 * so no test reaches the network. While open, the redirection is also the process-wide registry, so
 * that a stand-in's own nested SERVICE calls reach the other stand-ins.
 */
final class ServiceEndpoints implements AutoCloseable {
  private final List<Store> stores = new ArrayList<>();
  private final List<QuarryServer> servers = new ArrayList<>();
  private final Map<String, String> urls = new HashMap<>();
  private final Object previousRegistry;

  ServiceEndpoints(Resource action, W3cLoader loader) throws InterruptedException {
    Model m = action.getModel();
    for (Statement st : action.listProperties(Manifests.qt(m, "serviceData")).toList()) {
      Resource sd = st.getResource();
      String endpoint = sd.getPropertyResourceValue(Manifests.qt(m, "endpoint")).getURI();
      String data = sd.getPropertyResourceValue(Manifests.qt(m, "data")).getURI();
      Store store = Quarry.openMemory();
      stores.add(store);
      Txn.executeWrite(
          store.dataset(), () -> loader.load(store.dataset(), data, Quad.defaultGraphIRI));
      QuarryServer server =
          QuarryServer.start(
              store,
              ServerConfig.from(
                  Config.defaults().with("server.port", 0).with("remote.allow-service", true)));
      servers.add(server);
      urls.put(endpoint, server.endpoint().toString());
    }
    var global = org.apache.jena.query.ARQ.getContext();
    previousRegistry = global.get(ARQConstants.registryServiceExecutors);
    if (!urls.isEmpty()) {
      ServiceExecutorRegistry.set(global, registry());
    }
  }

  boolean isEmpty() {
    return urls.isEmpty();
  }

  /** A service registry that sends SERVICE calls to the stand-ins. */
  ServiceExecutorRegistry registry() {
    ServiceExecutorRegistry reg = ServiceExecutorRegistry.standardRegistry().copy();
    reg.addSingleLink(
        (op, original, binding, cxt, chain) -> {
          String iri = op.getService().isURI() ? op.getService().getURI() : null;
          if (urls.containsValue(iri)) {
            return chain.createExecution(op, original, binding, cxt); // already redirected
          }
          String url = urls.getOrDefault(iri, "http://127.0.0.1:9/unreachable");
          OpService local =
              new OpService(NodeFactory.createURI(url), op.getSubOp(), op.getSilent());
          return chain.createExecution(local, original, binding, cxt);
        });
    return reg;
  }

  @Override
  public void close() {
    if (!urls.isEmpty()) {
      org.apache
          .jena
          .query
          .ARQ
          .getContext()
          .set(ARQConstants.registryServiceExecutors, previousRegistry);
    }
    servers.forEach(QuarryServer::close);
    stores.forEach(Store::close);
  }

  /** Loads a data file into a graph of a dataset. */
  interface W3cLoader {
    void load(DatasetGraph dsg, String uri, Node g);
  }
}
