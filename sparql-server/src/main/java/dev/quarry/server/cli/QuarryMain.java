package dev.quarry.server.cli;

import dev.quarry.core.config.ConfigException;
import dev.quarry.core.storage.StoreException;
import dev.quarry.io.LoadException;
import dev.quarry.server.http.HttpError;
import java.io.PrintWriter;
import picocli.CommandLine;

/**
 * The {@code quarry} command line. Exit codes: 0 success; 1 the work failed (bad data, a failed
 * query, an unsound store); 2 the command was used wrongly (unknown option, missing store).
 */
public final class QuarryMain {
  public static final int FAILED = 1;
  public static final int USAGE = 2;

  private QuarryMain() {}

  public static void main(String[] args) {
    // The JDK's StAX for RDF/XML, whatever else is on the class path: the Accumulo backend's
    // Hadoop client registers a shaded Woodstox as the StAX provider, which lacks the JDK's
    // secure-processing properties Jena sets (and says so on every start).
    if (System.getProperty(STAX) == null) {
      System.setProperty(STAX, "com.sun.xml.internal.stream.XMLInputFactoryImpl");
    }
    System.exit(run(args));
  }

  private static final String STAX = "javax.xml.stream.XMLInputFactory";

  /** Runs the command line without exiting, for tests and embedding. */
  public static int run(String... args) {
    CommandLine cl = new CommandLine(new QuarryCommand());
    cl.setExpandAtFiles(false); // QUERY and UPDATE take @file themselves
    cl.setParameterExceptionHandler(
        (ex, a) -> {
          PrintWriter err = ex.getCommandLine().getErr();
          err.println(
              "error: "
                  + ex.getMessage()
                  + " (see '"
                  + qualifiedName(ex.getCommandLine())
                  + " --help')");
          return USAGE;
        });
    cl.setExecutionExceptionHandler(
        (ex, cmd, parsed) -> {
          PrintWriter err = cmd.getErr();
          err.println("error: " + describe(ex));
          err.flush();
          return ex instanceof UsageError || ex instanceof ConfigException ? USAGE : FAILED;
        });
    int code = cl.execute(args);
    cl.getOut().flush();
    cl.getErr().flush();
    return code;
  }

  private static String describe(Exception ex) {
    if (ex instanceof LoadException le) {
      return le.describe();
    }
    if (ex instanceof UsageError
        || ex instanceof ConfigException
        || ex instanceof StoreException
        || ex instanceof HttpError) {
      return ex.getMessage();
    }
    return ex.getMessage() == null ? ex.toString() : ex.getMessage();
  }

  private static String qualifiedName(CommandLine cl) {
    return cl.getCommandSpec().qualifiedName();
  }
}
