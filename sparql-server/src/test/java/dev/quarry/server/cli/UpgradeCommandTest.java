package dev.quarry.server.cli;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** After an upgrade, the command names what the store still lacks by the format it came from. */
class UpgradeCommandTest {
  @Test
  void itNamesOnlyWhatTheOlderFormatLacked() {
    String v5 = UpgradeCommand.whatItLacks("paged-v5");
    assertTrue(v5.contains("numbers of other datatypes"), v5);
    assertFalse(v5.contains("IRIs") || v5.contains("symbol table") || v5.contains("language"), v5);

    String v4 = UpgradeCommand.whatItLacks("paged-v4");
    assertTrue(v4.contains("numbers of other datatypes") && v4.contains("symbol table"), v4);
    assertFalse(v4.contains("IRIs"), v4);

    String v2 = UpgradeCommand.whatItLacks("paged-v2");
    assertTrue(v2.contains("language") && v2.contains("IRIs") && v2.contains("symbol table"), v2);
  }
}
