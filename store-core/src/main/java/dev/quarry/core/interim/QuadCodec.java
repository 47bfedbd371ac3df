package dev.quarry.core.interim;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.apache.jena.datatypes.TypeMapper;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.graph.TextDirection;
import org.apache.jena.graph.Triple;
import org.apache.jena.sparql.core.Quad;

/**
 * A compact, exact binary form of quads for the interim journal: every term round-trips as it was
 * (blank node labels, literal lexical forms, language tags, base directions, triple terms).
 */
final class QuadCodec {
  private static final byte IRI = 1;
  private static final byte BLANK = 2;
  private static final byte LITERAL_TYPED = 3;
  private static final byte LITERAL_LANG = 4;
  private static final byte LITERAL_DIR_LANG = 5;
  private static final byte TRIPLE_TERM = 6;

  private QuadCodec() {}

  static void write(DataOutput out, Quad q) throws IOException {
    writeNode(out, q.getGraph());
    writeNode(out, q.getSubject());
    writeNode(out, q.getPredicate());
    writeNode(out, q.getObject());
  }

  static Quad read(DataInput in) throws IOException {
    return Quad.create(readNode(in), readNode(in), readNode(in), readNode(in));
  }

  private static void writeNode(DataOutput out, Node n) throws IOException {
    if (n.isURI()) {
      out.writeByte(IRI);
      writeString(out, n.getURI());
    } else if (n.isBlank()) {
      out.writeByte(BLANK);
      writeString(out, n.getBlankNodeLabel());
    } else if (n.isLiteral()) {
      String lang = n.getLiteralLanguage();
      if (lang == null || lang.isEmpty()) {
        out.writeByte(LITERAL_TYPED);
        writeString(out, n.getLiteralLexicalForm());
        writeString(out, n.getLiteralDatatypeURI());
      } else if (n.getLiteralBaseDirection() == null) {
        out.writeByte(LITERAL_LANG);
        writeString(out, n.getLiteralLexicalForm());
        writeString(out, lang);
      } else {
        out.writeByte(LITERAL_DIR_LANG);
        writeString(out, n.getLiteralLexicalForm());
        writeString(out, lang);
        writeString(out, n.getLiteralBaseDirection().direction());
      }
    } else if (n.isTripleTerm()) {
      out.writeByte(TRIPLE_TERM);
      Triple t = n.getTriple();
      writeNode(out, t.getSubject());
      writeNode(out, t.getPredicate());
      writeNode(out, t.getObject());
    } else {
      throw new IllegalArgumentException("not a storable RDF term: " + n);
    }
  }

  private static Node readNode(DataInput in) throws IOException {
    byte kind = in.readByte();
    return switch (kind) {
      case IRI -> NodeFactory.createURI(readString(in));
      case BLANK -> NodeFactory.createBlankNode(readString(in));
      case LITERAL_TYPED -> {
        String lex = readString(in);
        String dt = readString(in);
        yield NodeFactory.createLiteralDT(lex, TypeMapper.getInstance().getSafeTypeByName(dt));
      }
      case LITERAL_LANG -> NodeFactory.createLiteralLang(readString(in), readString(in));
      case LITERAL_DIR_LANG -> {
        String lex = readString(in);
        String lang = readString(in);
        yield NodeFactory.createLiteralDirLang(lex, lang, TextDirection.create(readString(in)));
      }
      case TRIPLE_TERM -> NodeFactory.createTripleTerm(readNode(in), readNode(in), readNode(in));
      default -> throw new IOException("corrupt journal: unknown term kind " + kind);
    };
  }

  private static void writeString(DataOutput out, String s) throws IOException {
    byte[] b = s.getBytes(StandardCharsets.UTF_8);
    out.writeInt(b.length);
    out.write(b);
  }

  private static String readString(DataInput in) throws IOException {
    int len = in.readInt();
    if (len < 0 || len > (1 << 28)) {
      throw new IOException("corrupt journal: string of length " + len);
    }
    byte[] b = new byte[len];
    in.readFully(b);
    return new String(b, StandardCharsets.UTF_8);
  }
}
