package dev.quarry.server.cli;

import dev.quarry.server.auth.Secrets;
import java.io.BufferedReader;
import java.io.Console;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** Makes credentials for the configuration: only their hashes go into it. */
@Command(
    name = "auth",
    mixinStandardHelpOptions = true,
    description = "Make credentials for auth.tokens and auth.users.",
    subcommands = {AuthCommand.Token.class, AuthCommand.Password.class})
final class AuthCommand implements Runnable {
  @Spec CommandSpec spec;

  @Override
  public void run() {
    throw new picocli.CommandLine.ParameterException(
        spec.commandLine(), "say which: 'quarry auth token' or 'quarry auth password NAME'");
  }

  @Command(
      name = "token",
      mixinStandardHelpOptions = true,
      description =
          "Print a new bearer token (give it to the client) and its hash (for auth.tokens).")
  static final class Token implements Runnable {
    @Spec CommandSpec spec;

    @Override
    public void run() {
      String token = Secrets.newToken();
      PrintWriter out = spec.commandLine().getOut();
      out.println("token (for the client, shown once): " + token);
      out.println("auth.tokens entry:                  " + Secrets.hashToken(token));
    }
  }

  @Command(
      name = "password",
      mixinStandardHelpOptions = true,
      description =
          "Read a password (from the terminal without echo, or the first line of standard input)"
              + " and print the auth.users entry for NAME.")
  static final class Password implements Runnable {
    @Spec CommandSpec spec;

    @Parameters(index = "0", paramLabel = "NAME", description = "The user's name.")
    String name;

    @Override
    public void run() {
      if (name.isBlank() || name.contains(":") || name.contains(",")) {
        throw new UsageError("a user name may not be empty or hold ':' or ','");
      }
      String password = read();
      if (password == null || password.isEmpty()) {
        throw new UsageError("no password given");
      }
      spec.commandLine().getOut().println(name + ":" + Secrets.hashPassword(password));
    }

    private static String read() {
      Console console = System.console();
      if (console != null && console.isTerminal()) {
        char[] pw = console.readPassword("password for the new user: ");
        return pw == null ? null : new String(pw);
      }
      try {
        return new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))
            .readLine();
      } catch (IOException e) {
        throw new UsageError("cannot read the password: " + e.getMessage());
      }
    }
  }
}
