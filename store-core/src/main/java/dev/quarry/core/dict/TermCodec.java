package dev.quarry.core.dict;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.function.LongFunction;
import java.util.function.ToLongFunction;
import org.apache.jena.datatypes.TypeMapper;
import org.apache.jena.datatypes.xsd.XSDDatatype;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.graph.TextDirection;
import org.apache.jena.graph.Triple;
import org.apache.jena.shared.JenaException;

/**
 * The bytes of a term in the term table, also what its hash is taken over:
 *
 * <pre>
 * kind (1 byte), then fields, each a varint length and UTF-8 bytes:
 *   1 IRI         iri
 *   2 blank node  label
 *   3 string      lexical form                  (xsd:string, "x" and "x"^^xsd:string alike)
 *   4 lang        lexical form, language tag
 *   5 dir-lang    lexical form, language tag, direction
 *   6 typed       lexical form, datatype IRI
 *   7 triple term subject, predicate, object    (each a NodeId, 8 bytes)
 * </pre>
 *
 * A record starts with a varint of the bytes that follow, so a reader knows how much to read.
 *
 * <p>Public for other backends' dictionaries (store-accumulo keys its term tables by these bytes).
 */
public final class TermCodec {
  static final int IRI = 1;
  static final int BLANK = 2;
  static final int STRING = 3;
  static final int LANG = 4;
  static final int DIR_LANG = 5;
  static final int TYPED = 6;
  static final int TRIPLE = 7;
  private static final String XSD_STRING = XSDDatatype.XSDstring.getURI();

  private TermCodec() {}

  /**
   * The term's bytes, a triple term's parts' ids given by {@code partIds}; null if one of them has
   * none ({@link NodeIds#NONE}: a term not in the store, when reading).
   */
  public static byte[] encode(Node n, ToLongFunction<Node> partIds) {
    long[] parts = null;
    if (n.isTripleTerm()) {
      Triple t = n.getTriple();
      Node[] ns = {t.getSubject(), t.getPredicate(), t.getObject()};
      parts = new long[3];
      for (int i = 0; i < 3; i++) {
        parts[i] = partIds.applyAsLong(ns[i]);
        if (parts[i] == NodeIds.NONE) {
          return null;
        }
      }
    }
    return encode(n, parts);
  }

  /** The term's bytes (without the length prefix); triple terms need their parts' ids. */
  public static byte[] encode(Node n, long[] tripleIds) {
    if (n.isURI()) {
      return record(IRI, n.getURI());
    } else if (n.isBlank()) {
      return record(BLANK, n.getBlankNodeLabel());
    } else if (n.isLiteral()) {
      String lang = n.getLiteralLanguage();
      if (lang != null && !lang.isEmpty()) {
        return n.getLiteralBaseDirection() != null
            ? record(
                DIR_LANG, n.getLiteralLexicalForm(), lang, n.getLiteralBaseDirection().direction())
            : record(LANG, n.getLiteralLexicalForm(), lang);
      }
      String dt = n.getLiteralDatatypeURI();
      return XSD_STRING.equals(dt)
          ? record(STRING, n.getLiteralLexicalForm())
          : record(TYPED, n.getLiteralLexicalForm(), dt);
    } else if (n.isTripleTerm()) {
      return tripleRecord(tripleIds[0], tripleIds[1], tripleIds[2]);
    } else {
      throw new IllegalArgumentException("not a storable RDF term: " + n);
    }
  }

  /** A triple term's record from its parts' ids: what {@link #encode} gives for it. */
  public static byte[] tripleRecord(long s, long p, long o) {
    byte[] out = new byte[25];
    out[0] = TRIPLE;
    long[] ids = {s, p, o};
    for (int i = 0; i < 3; i++) {
      for (int b = 0; b < 8; b++) {
        out[1 + i * 8 + b] = (byte) (ids[i] >>> (8 * b));
      }
    }
    return out;
  }

  /**
   * The parts' ids of a triple term's record into {@code out} (subject, predicate, object); false
   * if the record is another kind of term.
   */
  public static boolean tripleParts(byte[] record, long[] out) {
    if (record.length < 25 || record[0] != TRIPLE) {
      return false;
    }
    for (int k = 0; k < 3; k++) {
      out[k] = getLong(record, 1 + 8 * k);
    }
    return true;
  }

  /** A record of one kind byte and length-prefixed UTF-8 fields, sized exactly at once. */
  private static byte[] record(int kind, String... fields) {
    byte[][] bytes = new byte[fields.length][];
    int size = 1;
    for (int i = 0; i < fields.length; i++) {
      bytes[i] = fields[i].getBytes(StandardCharsets.UTF_8);
      size += varintSize(bytes[i].length) + bytes[i].length;
    }
    byte[] out = new byte[size];
    out[0] = (byte) kind;
    int at = 1;
    for (byte[] f : bytes) {
      at = putVarint(out, at, f.length);
      System.arraycopy(f, 0, out, at, f.length);
      at += f.length;
    }
    return out;
  }

  /** Writes {@code v} as a varint at {@code at}; returns the position after it. */
  static int putVarint(byte[] out, int at, int v) {
    while ((v & ~0x7F) != 0) {
      out[at++] = (byte) ((v & 0x7F) | 0x80);
      v >>>= 7;
    }
    out[at++] = (byte) v;
    return at;
  }

  static int varintSize(int v) {
    int n = 1;
    while ((v & ~0x7F) != 0) {
      v >>>= 7;
      n++;
    }
    return n;
  }

  /** The term of a record's bytes; triple terms' parts are looked up by {@code ids}. */
  public static Node decode(byte[] b, int off, int len, LongFunction<Node> ids) {
    if (len < 1 || off < 0 || off + len > b.length) {
      throw corrupt("a record of " + len + " bytes at " + off);
    }
    try {
      return decodeRecord(b, off, len, ids);
    } catch (IndexOutOfBoundsException | IllegalArgumentException | JenaException e) {
      // Bytes that are not a record Quarry wrote (a wrong offset, a damaged file): an error
      // that says so, not whatever the decoder tripped on.
      throw corrupt("a record at " + off + " does not decode (" + e.getMessage() + ")");
    }
  }

  private static IllegalStateException corrupt(String what) {
    return new IllegalStateException("corrupt term table: " + what);
  }

  private static Node decodeRecord(byte[] b, int off, int len, LongFunction<Node> ids) {
    int end = off + len;
    int[] pos = {off + 1, end};
    return switch (b[off]) {
      case IRI -> NodeFactory.createURI(field(b, pos));
      case BLANK -> NodeFactory.createBlankNode(field(b, pos));
      case STRING -> NodeFactory.createLiteralString(field(b, pos));
      case LANG -> NodeFactory.createLiteralLang(field(b, pos), field(b, pos));
      case DIR_LANG ->
          NodeFactory.createLiteralDirLang(
              field(b, pos), field(b, pos), TextDirection.create(field(b, pos)));
      case TYPED -> {
        String lex = field(b, pos);
        yield NodeFactory.createLiteralDT(
            lex, TypeMapper.getInstance().getSafeTypeByName(field(b, pos)));
      }
      case TRIPLE -> {
        if (len < 25) {
          throw corrupt("a triple term of " + len + " bytes");
        }
        yield NodeFactory.createTripleTerm(
            ids.apply(getLong(b, off + 1)),
            ids.apply(getLong(b, off + 9)),
            ids.apply(getLong(b, off + 17)));
      }
      default -> throw corrupt("kind " + b[off]);
    };
  }

  /**
   * A length-prefixed UTF-8 field at {@code pos[0]}, within the record ending at {@code pos[1]}.
   */
  private static String field(byte[] b, int[] pos) {
    int len = 0;
    int shift = 0;
    byte x;
    do {
      if (pos[0] >= pos[1] || shift > 28) {
        throw corrupt("a field's length runs past its record");
      }
      x = b[pos[0]++];
      len |= (x & 0x7F) << shift;
      shift += 7;
    } while (x < 0);
    if (len < 0 || len > pos[1] - pos[0]) {
      throw corrupt("a field of " + len + " bytes in a record with " + (pos[1] - pos[0]) + " left");
    }
    String s = new String(b, pos[0], len, StandardCharsets.UTF_8);
    pos[0] += len;
    return s;
  }

  static void varint(ByteArrayOutputStream out, long v) {
    while ((v & ~0x7FL) != 0) {
      out.write((int) ((v & 0x7F) | 0x80));
      v >>>= 7;
    }
    out.write((int) v);
  }

  private static long getLong(byte[] b, int i) {
    long v = 0;
    for (int k = 7; k >= 0; k--) {
      v = (v << 8) | (b[i + k] & 0xFF);
    }
    return v;
  }
}
