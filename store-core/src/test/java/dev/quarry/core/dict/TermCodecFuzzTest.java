package dev.quarry.core.dict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import org.apache.jena.datatypes.TypeMapper;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.graph.TextDirection;

/**
 * The term table's record codec: every term Quarry stores decodes to itself, and bytes that are not
 * such a record (a damaged file, a wrong offset) decode to a clear "corrupt term table" error,
 * never another exception or a wrong term. Seeds and findings are in the test resources; {@code
 * JAZZER_FUZZ=1} fuzzes (docs/FUZZING.md).
 */
class TermCodecFuzzTest {
  private static final Node PART = NodeFactory.createURI("http://ex/part");

  @FuzzTest(maxDuration = "30s")
  void termsRoundTripAndDamagedRecordsSaySo(FuzzedDataProvider data) {
    if (data.consumeBoolean()) {
      Node term = term(data);
      byte[] bytes = TermCodec.encode(term, new long[] {1, 2, 3});
      assertEquals(term, TermCodec.decode(bytes, 0, bytes.length, id -> PART), "round trip");
      return;
    }
    byte[] record = data.consumeRemainingAsBytes();
    try {
      Node n = TermCodec.decode(record, 0, record.length, id -> PART);
      assertTrue(n.isURI() || n.isBlank() || n.isLiteral() || n.isTripleTerm(), "a term: " + n);
    } catch (IllegalStateException e) {
      assertTrue(e.getMessage().startsWith("corrupt term table"), e.getMessage());
    }
  }

  private static Node term(FuzzedDataProvider data) {
    String text = data.consumeString(64);
    return switch (data.consumeInt(0, 5)) {
      case 0 -> NodeFactory.createURI(text);
      case 1 -> NodeFactory.createBlankNode(text.isEmpty() ? "b" : text);
      case 2 -> NodeFactory.createLiteralString(text);
      case 3 ->
          NodeFactory.createLiteralLang(text, data.pickValue(new String[] {"en", "de-CH", "x"}));
      case 4 ->
          NodeFactory.createLiteralDirLang(
              text, "ar", data.consumeBoolean() ? TextDirection.LTR : TextDirection.RTL);
      default ->
          NodeFactory.createLiteralDT(
              text,
              TypeMapper.getInstance()
                  .getSafeTypeByName(
                      data.pickValue(
                          new String[] {
                            "http://www.w3.org/2001/XMLSchema#integer",
                            "http://www.w3.org/2001/XMLSchema#date",
                            "http://ex/custom"
                          })));
    };
  }
}
