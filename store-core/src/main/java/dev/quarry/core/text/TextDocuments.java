package dev.quarry.core.text;

import dev.quarry.core.dict.InlineValues;
import dev.quarry.core.dict.NodeIds;
import java.util.Set;
import org.apache.jena.datatypes.xsd.XSDDatatype;
import org.apache.jena.graph.Node;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.FieldType;
import org.apache.lucene.document.NumericDocValuesField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.IndexOptions;
import org.apache.lucene.index.Term;
import org.apache.lucene.util.BytesRef;

/**
 * A literal's Lucene document: its id (a key term to replace or delete it by, and a doc value to
 * read hits by), its text analysed neutrally and, if tagged with a configured language, in that
 * language too, its language, and the predicates it is an object of (for searches by predicate),
 * with a short literal's terms once more under each of them (for filters' candidates, {@link
 * #SHORT_TEXT_CHARS}). No copy of the text is stored: a hit is an id, decoded by the store like any
 * other.
 */
final class TextDocuments {
  static final String KEY = "key";
  static final String ID = "id";
  static final String LANG = "lang";
  static final String PREDICATE = "p";
  static final String LONG_RUN = "long";
  static final String LONG_TEXT_OF = "lp";

  /**
   * Literals up to this many characters (labels, names, titles) also have their terms under each of
   * their predicates, whose term lists are much smaller than the whole index's; longer texts
   * (descriptions, reviews) share the general vocabulary, so a term list of their own would find
   * little less than the neutral field's and would cost a second inversion of most of the text (a
   * third of the index's build time at BSBM 1M). They are marked by predicate in {@link
   * #LONG_TEXT_OF} instead, and a filter on the predicate reads them from the neutral field.
   */
  static final int SHORT_TEXT_CHARS = 256;

  private final Set<String> languages;

  TextDocuments(Set<String> languages) {
    this.languages = languages;
  }

  /** True if an id may be a string literal (term table ids are checked once decoded). */
  static boolean mayBeString(long id) {
    int tag = NodeIds.tag(id);
    return tag == NodeIds.TAG_TERM || tag == InlineValues.TAG_SHORT_STRING;
  }

  /** True if {@code n} is a literal the index holds: a plain or language-tagged string. */
  static boolean indexable(Node n) {
    if (!n.isLiteral()) {
      return false;
    }
    return !n.getLiteralLanguage().isEmpty()
        || XSDDatatype.XSDstring.getURI().equals(n.getLiteralDatatypeURI());
  }

  /**
   * Literal {@code id}'s document as {@code state} has it now (the predicates it is used with that
   * are {@code indexed}, null: all), or null if the index holds none for it: a document to replace
   * the committed one by, or the reason to delete it.
   */
  Document ofState(TextSource state, long id, long[] indexed) {
    long[] preds = TextBuild.keep(state.predicatesOf(id), indexed);
    Node n = preds.length == 0 ? null : state.node(id);
    return n == null || !indexable(n) ? null : of(id, n, preds, preds.length);
  }

  static Term key(long id) {
    return new Term(KEY, keyBytes(id));
  }

  static BytesRef keyBytes(long id) {
    byte[] b = new byte[8];
    for (int i = 0; i < 8; i++) {
      b[i] = (byte) (id >>> (56 - 8 * i));
    }
    return new BytesRef(b);
  }

  static String predicateTerm(long p) {
    return Long.toHexString(p);
  }

  /**
   * The field of the terms of one predicate's short literals (neutral analysis, which documents
   * only): a filter's candidates with a leading wildcard ({@code *word*}) scan the terms of that
   * predicate's literals instead of every literal's (BSBM's labels against its review texts).
   */
  static String termsOf(String predicateTerm) {
    return "t:" + predicateTerm;
  }

  private static final FieldType TERMS_ONLY = termsOnly();

  private static FieldType termsOnly() {
    FieldType t = new FieldType();
    t.setTokenized(true);
    t.setIndexOptions(IndexOptions.DOCS);
    t.setOmitNorms(true);
    t.freeze();
    return t;
  }

  /** The document of literal {@code id}, used with {@code n} predicates. */
  Document of(long id, Node literal, long[] predicates, int n) {
    Document d = new Document();
    d.add(new StringField(KEY, keyBytes(id), Field.Store.NO));
    d.add(new NumericDocValuesField(ID, id));
    String text = literal.getLiteralLexicalForm();
    d.add(new TextField(LanguageAnalyzers.NEUTRAL_FIELD, text, Field.Store.NO));
    String tag = literal.getLiteralLanguage();
    if (!tag.isEmpty()) {
      String lang = LanguageAnalyzers.primary(tag);
      d.add(new StringField(LANG, lang, Field.Store.NO));
      if (languages.contains(lang)) {
        d.add(new TextField(LanguageAnalyzers.field(lang), text, Field.Store.NO));
      }
    }
    boolean shortText = text.length() <= SHORT_TEXT_CHARS;
    for (int i = 0; i < n; i++) {
      String p = predicateTerm(predicates[i]);
      d.add(new StringField(PREDICATE, p, Field.Store.NO));
      if (shortText) {
        d.add(new Field(termsOf(p), text, TERMS_ONLY));
      } else {
        d.add(new StringField(LONG_TEXT_OF, p, Field.Store.NO));
      }
    }
    if (TextFold.hasLongRun(text)) {
      d.add(new StringField(LONG_RUN, "1", Field.Store.NO));
    }
    return d;
  }
}
