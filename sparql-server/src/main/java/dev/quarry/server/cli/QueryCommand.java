package dev.quarry.server.cli;

import dev.quarry.core.Quarry;
import dev.quarry.core.Store;
import dev.quarry.core.config.Config;
import dev.quarry.server.ServerConfig;
import dev.quarry.server.sparql.QueryService;
import dev.quarry.server.sparql.ResultFormat;
import dev.quarry.server.sparql.ResultWriter;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.apache.jena.query.Query;
import org.apache.jena.sparql.exec.QueryExec;
import org.apache.jena.sparql.exec.http.QueryExecHTTP;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(
    name = "query",
    mixinStandardHelpOptions = true,
    description =
        "Run a SPARQL query on a store directory or a SPARQL endpoint and print the result.")
final class QueryCommand implements Callable<Integer> {
  @ArgGroup(exclusive = true, multiplicity = "1")
  StoreOrEndpoint target;

  @Mixin ConfigOptions config;

  @Option(
      names = "--format",
      defaultValue = "table",
      description =
          "table, json, csv, tsv or xml (and for CONSTRUCT/DESCRIBE also turtle, ntriples, jsonld, rdfxml). Default: ${DEFAULT-VALUE}.")
  String format;

  @Option(
      names = "--explain",
      description =
          "Run the query and print its plan (estimated and actual rows per operator) instead of"
              + " its result. Store directories only.")
  boolean explain;

  @Option(
      names = "--warm-up",
      paramLabel = "N",
      description =
          "With --explain: run the query N times first (results discarded), so the operator"
              + " times shown are those of a warm JVM and cache.")
  int warmUps;

  @Option(
      names = "--inference",
      paramLabel = "GRAPH",
      description = "Query-time RDFS inference with the rules of this graph (an IRI).")
  String inference;

  @Parameters(paramLabel = "QUERY", description = "The query text, or @file.rq.")
  String query;

  @Override
  public Integer call() throws IOException {
    String text = Texts.textOrFile(query);
    Query parsed = QueryService.parse(text);
    boolean graph = parsed.isConstructType() || parsed.isDescribeType();
    ResultFormat f = formatFor(format, graph);
    OutputStream out = new BufferedOutputStream(System.out, 1 << 16);
    if (target.endpoint != null) {
      if (explain) {
        throw new UsageError("--explain needs a store (--location); endpoints answer explain=true");
      }
      var b = QueryExecHTTP.service(target.endpoint).query(parsed);
      if (inference != null) {
        b.param("inference", inference);
      }
      try (QueryExec qe = b.build()) {
        ResultWriter.write(qe, parsed, f, out, Long.MAX_VALUE);
      }
    } else {
      if (!Quarry.exists(target.location)) {
        throw new UsageError("no Quarry store in " + target.location);
      }
      Config c = config.resolve();
      ServerConfig sc = ServerConfig.from(c);
      Config open = OneShotStore.open(c, target.location);
      try (Store store = Quarry.open(open)) {
        QueryService qs =
            new QueryService(store, sc.queryTimeout(), sc.maxResultRows(), sc.allowService(), 0);
        QueryService.Prepared p =
            qs.prepare(null, text, List.of(), List.of(), null, f.mediaType(), inference, 0);
        if (explain) {
          for (int i = 0; i < warmUps; i++) {
            qs.explain(p);
          }
          out.write(qs.explain(p).getBytes(StandardCharsets.UTF_8));
        } else {
          qs.execute(p, out);
        }
      }
    }
    out.flush();
    return 0;
  }

  /** The CLI's format names, for result sets and for graphs. */
  static ResultFormat formatFor(String name, boolean graph) {
    String n = name.toLowerCase(Locale.ROOT);
    if (graph) {
      return switch (n) {
        case "table", "turtle", "ttl" -> ResultFormat.TURTLE;
        case "json", "jsonld" -> ResultFormat.JSONLD;
        case "xml", "rdfxml" -> ResultFormat.RDFXML;
        case "csv", "tsv", "ntriples", "nt" -> ResultFormat.NTRIPLES;
        default -> throw new UsageError("unknown --format '" + name + "' for a graph result");
      };
    }
    return switch (n) {
      case "table" -> ResultFormat.TABLE;
      case "json" -> ResultFormat.JSON;
      case "xml" -> ResultFormat.XML;
      case "csv" -> ResultFormat.CSV;
      case "tsv" -> ResultFormat.TSV;
      default ->
          throw new UsageError("unknown --format '" + name + "' (table, json, csv, tsv or xml)");
    };
  }
}
