package dev.quarry.server.sparql;

import dev.quarry.core.Store;
import dev.quarry.core.query.memory.QueryMemory;
import dev.quarry.server.http.HttpError;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.query.ARQ;
import org.apache.jena.query.QueryParseException;
import org.apache.jena.sparql.exec.UpdateExec;
import org.apache.jena.sparql.modify.request.UpdateLoad;
import org.apache.jena.sparql.modify.request.UpdateWithUsing;
import org.apache.jena.system.Txn;
import org.apache.jena.update.Update;
import org.apache.jena.update.UpdateFactory;
import org.apache.jena.update.UpdateRequest;

/**
 * Applies SPARQL updates to a store, each request atomically in one write transaction: if any
 * operation fails, none of the request's changes are kept.
 */
public final class UpdateService {
  private final Store store;
  private final boolean allowService;
  private final boolean allowLoadUrls;
  private final List<Path> loadDirs; // null: any file
  private final Duration timeout; // zero: none
  private final MemoryLimits memory;
  private final TextLimits limits;

  /** An update service that may LOAD any file the process can read (the command line's). */
  public UpdateService(Store store, boolean allowService, boolean allowLoadUrls) {
    this(
        store,
        allowService,
        allowLoadUrls,
        null,
        Duration.ZERO,
        MemoryLimits.defaults(),
        TextLimits.DEFAULTS);
  }

  /**
   * @param loadDirs the directories {@code LOAD <file:...>} may read from (empty: none; null: any)
   * @param timeout how long an update may run before it is cancelled and rolled back (zero: no
   *     limit)
   * @param memory the memory its WHERE clauses hold rows in (see {@link QueryService})
   * @param limits how deep an update may nest (its length in terms is not limited: it carries data)
   */
  public UpdateService(
      Store store,
      boolean allowService,
      boolean allowLoadUrls,
      List<Path> loadDirs,
      Duration timeout,
      MemoryLimits memory,
      TextLimits limits) {
    this.memory = memory;
    this.limits = limits;
    this.store = store;
    this.allowService = allowService;
    this.allowLoadUrls = allowLoadUrls;
    this.timeout = timeout;
    this.loadDirs = loadDirs == null ? null : loadDirs.stream().map(UpdateService::real).toList();
  }

  /** The directories of a comma-separated list (the {@code update.load-dirs} option). */
  public static List<Path> dirs(String list) {
    List<Path> out = new ArrayList<>();
    for (String d : list.split(",")) {
      if (!d.isBlank()) {
        out.add(Path.of(d.trim()));
      }
    }
    return out;
  }

  /**
   * Parses and checks an update.
   *
   * @throws HttpError 400 for a syntax error, 403 for a LOAD of a remote URL when not allowed
   */
  public UpdateRequest prepare(String text) {
    return prepare(text, null, List.of(), List.of());
  }

  /**
   * Parses and checks an update whose relative IRIs resolve against {@code base} (null: the default
   * base). A {@code LOAD SILENT} of a remote URL when remote loads are disabled is dropped from the
   * request: SILENT asks for failures to be ignored, and fetching is the failure.
   */
  public UpdateRequest prepare(String text, String base) {
    return prepare(text, base, List.of(), List.of());
  }

  /**
   * As above, with the protocol's dataset: {@code using} and {@code usingNamed} (the
   * using-graph-uri and using-named-graph-uri parameters) act as USING and USING NAMED on every
   * operation that has a WHERE. An update with USING, USING NAMED or WITH of its own may not also
   * have them (SPARQL 1.1 Protocol, 2.2.3): 400.
   */
  public UpdateRequest prepare(
      String text, String base, List<String> using, List<String> usingNamed) {
    limits.checkNesting("update", text, QueryShape.extentOf(text));
    UpdateRequest req;
    try {
      req = UpdateFactory.create(text, base);
    } catch (QueryParseException e) {
      if (e.getCause() instanceof StackOverflowError) {
        throw TextLimits.overflow("update");
      }
      throw new HttpError(
          HttpResponseStatus.BAD_REQUEST, "update syntax error: " + SyntaxErrors.brief(e));
    } catch (StackOverflowError e) {
      throw TextLimits.overflow("update");
    }
    if (!using.isEmpty() || !usingNamed.isEmpty()) {
      applyUsing(req, using, usingNamed);
    }
    checkFileLoads(req);
    if (!allowLoadUrls) {
      UpdateRequest kept = new UpdateRequest();
      kept.setBase(req.getBase());
      kept.setPrefixMapping(req.getPrefixMapping());
      for (Update op : req.getOperations()) {
        boolean remote = op instanceof UpdateLoad l && !l.getSource().startsWith("file:");
        if (!remote) {
          kept.add(op);
          continue;
        }
        UpdateLoad load = (UpdateLoad) op;
        if (!load.getSilent()) {
          throw new HttpError(
              HttpResponseStatus.FORBIDDEN,
              "LOAD <"
                  + load.getSource()
                  + "> would fetch a remote URL, which is disabled (remote.allow-load-urls)");
        }
      }
      return kept;
    }
    return req;
  }

  /** 403 for a LOAD of a file outside the directories allowed (symbolic links resolved first). */
  private void checkFileLoads(UpdateRequest req) {
    if (loadDirs == null) {
      return;
    }
    for (Update op : req.getOperations()) {
      if (!(op instanceof UpdateLoad l) || !l.getSource().startsWith("file:")) {
        continue;
      }
      Path file;
      try {
        file = real(Path.of(URI.create(l.getSource())));
      } catch (IllegalArgumentException e) {
        throw new HttpError(
            HttpResponseStatus.BAD_REQUEST, "LOAD <" + l.getSource() + ">: not a file URL");
      }
      if (loadDirs.stream().noneMatch(file::startsWith)) {
        throw new HttpError(
            HttpResponseStatus.FORBIDDEN,
            "LOAD <"
                + l.getSource()
                + "> reads a file outside the directories update.load-dirs allows"
                + (loadDirs.isEmpty() ? " (none by default)" : ""));
      }
    }
  }

  /** The path with links resolved where it exists, else made absolute and normalized. */
  private static Path real(Path p) {
    try {
      return p.toRealPath();
    } catch (IOException e) {
      return p.toAbsolutePath().normalize();
    }
  }

  private static void applyUsing(UpdateRequest req, List<String> using, List<String> usingNamed) {
    for (Update op : req.getOperations()) {
      if (!(op instanceof UpdateWithUsing u)) {
        continue;
      }
      if (!u.getUsing().isEmpty() || !u.getUsingNamed().isEmpty() || u.getWithIRI() != null) {
        throw new HttpError(
            HttpResponseStatus.BAD_REQUEST,
            "the update names its dataset (USING, USING NAMED or WITH), so using-graph-uri and"
                + " using-named-graph-uri may not be given too");
      }
      using.forEach(g -> u.addUsing(NodeFactory.createURI(g)));
      usingNamed.forEach(g -> u.addUsingNamed(NodeFactory.createURI(g)));
    }
  }

  /** Applies the update atomically. */
  public void execute(UpdateRequest req) {
    execute(req, 0);
  }

  /**
   * Applies the update atomically, cancelled and rolled back (a {@link
   * org.apache.jena.query.QueryCancelledException}) past its time limit: the configured one, or
   * {@code timeoutMs} when shorter (0: the configured one).
   */
  public void execute(UpdateRequest req, long timeoutMs) {
    long limit = timeout.toMillis();
    if (timeoutMs > 0 && (limit == 0 || timeoutMs < limit)) {
      limit = timeoutMs;
    }
    long ms = limit;
    try (QueryMemory rows = memory.open()) {
      Txn.executeWrite(
          store.dataset(),
          () -> {
            var exec =
                UpdateExec.dataset(store.dataset())
                    .update(req)
                    .set(ARQ.httpServiceAllowed, allowService)
                    .set(Store.QUERY_MEMORY, rows);
            if (ms > 0) {
              exec = exec.timeout(ms, TimeUnit.MILLISECONDS);
            }
            exec.execute();
          });
    }
  }
}
