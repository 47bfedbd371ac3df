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

  /** Folds each code point of a term. */
  private static final class FoldFilter extends TokenFilter {
    private final CharTermAttribute term = addAttribute(CharTermAttribute.class);
    private final StringBuilder buf = new StringBuilder();

    FoldFilter(TokenStream in) {
      super(in);
    }

    @Override
    public boolean incrementToken() throws IOException {
      if (!input.incrementToken()) {
        return false;
      }
      buf.setLength(0);
      String t = term.toString();
      for (int i = 0; i < t.length(); ) {
        int cp = t.codePointAt(i);
        buf.appendCodePoint(TextFold.fold(cp));
        i += Character.charCount(cp);
      }
      term.setEmpty().append(buf);
      return true;
    }
  }
}
