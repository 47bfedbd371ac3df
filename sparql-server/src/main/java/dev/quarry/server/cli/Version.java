package dev.quarry.server.cli;

import picocli.CommandLine.IVersionProvider;

/** The version from the jar's manifest (or "dev" when run from classes). */
final class Version implements IVersionProvider {
  static String get() {
    String v = Version.class.getPackage().getImplementationVersion();
    return v == null ? "dev" : v;
  }

  @Override
  public String[] getVersion() {
    return new String[] {"quarry " + get() + " (Java " + Runtime.version() + ")"};
  }
}
