package dev.quarry.core.text;

import java.io.IOException;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenFilter;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.Tokenizer;
import org.apache.lucene.analysis.miscellaneous.LengthFilter;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.analysis.util.CharTokenizer;

/**
 * The language-neutral analysis of {@link TextFold}: terms are runs of letters and digits, folded.
 * Used for every literal (field {@code text}) and for filters' candidate sets; no stemming and no
 * stop words, so that a term found is a term the text has.
 */
final class FoldingAnalyzer extends Analyzer {
  @Override
  protected TokenStreamComponents createComponents(String field) {
    Tokenizer source =
        new CharTokenizer(TokenStream.DEFAULT_TOKEN_ATTRIBUTE_FACTORY, 1024 * 1024) {
          @Override
          protected boolean isTokenChar(int c) {
            return TextFold.isTermChar(TextFold.fold(c));
          }
        };
    TokenStream folded = new FoldFilter(source);
    return new TokenStreamComponents(source, new LengthFilter(folded, 1, TextFold.MAX_TERM_CHARS));
  }

  @Override
  protected TokenStream normalize(String field, TokenStream in) {
    return new FoldFilter(in); // query terms (wildcards, prefixes) fold as the text did
  }

  /**
   * Folds each code point of a term: in place where every character and its fold are in the Basic
   * Multilingual Plane (nearly every term; no string made per token), else through a builder.
   */
  private static final class FoldFilter extends TokenFilter {
    private final CharTermAttribute term = addAttribute(CharTermAttribute.class);
    private final StringBuilder buf = new StringBuilder();
    private char[] folded = new char[64];

    FoldFilter(TokenStream in) {
      super(in);
    }

    @Override
    public boolean incrementToken() throws IOException {
      if (!input.incrementToken()) {
        return false;
      }
      char[] b = term.buffer();
      int len = term.length();
      if (folded.length < len) {
        folded = new char[Math.max(len, folded.length * 2)];
      }
      for (int i = 0; i < len; i++) {
        char c = b[i];
        int f = TextFold.fold(c);
        if (Character.isSurrogate(c) || f > Character.MAX_VALUE) {
          foldCodePoints();
          return true;
        }
        folded[i] = (char) f;
      }
      System.arraycopy(folded, 0, b, 0, len);
      return true;
    }

    private void foldCodePoints() {
      buf.setLength(0);
      String t = term.toString();
      for (int i = 0; i < t.length(); ) {
        int cp = t.codePointAt(i);
        buf.appendCodePoint(TextFold.fold(cp));
        i += Character.charCount(cp);
      }
      term.setEmpty().append(buf);
    }
  }
}
