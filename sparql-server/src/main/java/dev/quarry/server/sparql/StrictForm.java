package dev.quarry.server.sparql;

import dev.quarry.server.http.HttpError;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Request text as the protocol requires it, UTF-8, checked rather than repaired: a malformed byte
 * sequence or percent escape is a 400 that says where, not a query quietly run with U+FFFD in it.
 * Parameters ({@code a=1&b=2}, in a URL's query string or a form body) are split on {@code &} only
 * (a raw {@code ;} in a query stays in the query) and decoded in one pass.
 */
public final class StrictForm {
  private StrictForm() {}

  /** Decodes {@code bytes}; a 400 naming {@code what} and the byte offset if they are not UTF-8. */
  public static String decode(ByteBuffer bytes, String what) {
    int start = bytes.position();
    try {
      return StandardCharsets.UTF_8
          .newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(bytes)
          .toString();
    } catch (CharacterCodingException e) {
      throw new HttpError(
          HttpResponseStatus.BAD_REQUEST,
          what + " is not valid UTF-8 (at byte " + (bytes.position() - start) + ")");
    }
  }

  /** The parameters of a request URI's query string, strictly decoded; none when it has none. */
  public static Map<String, List<String>> urlParameters(String uri) {
    int q = uri.indexOf('?');
    return q < 0 ? Map.of() : parameters(uri.substring(q + 1), "the URL's query string");
  }

  /** The parameters of {@code raw} (a query string or a form), in order; 400 if malformed. */
  public static Map<String, List<String>> parameters(String raw, String what) {
    Map<String, List<String>> params = new LinkedHashMap<>();
    int from = 0;
    while (from <= raw.length()) {
      int end = raw.indexOf('&', from);
      end = end < 0 ? raw.length() : end;
      if (end > from) {
        int eq = raw.indexOf('=', from);
        eq = eq < 0 || eq > end ? end : eq;
        String name = component(raw, from, eq, what);
        String value = eq < end ? component(raw, eq + 1, end, what) : "";
        params.computeIfAbsent(name, k -> new ArrayList<>()).add(value);
      }
      from = end + 1;
    }
    return params;
  }

  /**
   * {@code raw[from, to)} percent-decoded ({@code +} is a space), as UTF-8. Queries sent in URLs
   * are mostly escapes: an escape's digits are read as ASCII hex (RFC 3986's HEXDIG, as {@link
   * HexFormat} reads them; {@link Character#digit} would also take other scripts' digits, and cost
   * a sixth of a BSBM request's I/O thread), and text that decodes to ASCII alone, valid UTF-8 by
   * construction, becomes a string without the checking decoder.
   */
  private static String component(String raw, int from, int to, String what) {
    byte[] bytes = new byte[to - from]; // grown only for characters sent as they are, not ASCII
    int n = 0;
    boolean ascii = true;
    int i = from;
    while (i < to) {
      char c = raw.charAt(i);
      if (c == '%') {
        int hi = i + 2 < to ? hex(raw.charAt(i + 1)) : -1;
        int lo = i + 2 < to ? hex(raw.charAt(i + 2)) : -1;
        if (hi < 0 || lo < 0) {
          throw new HttpError(
              HttpResponseStatus.BAD_REQUEST,
              what + " has a malformed percent escape at character " + (i + 1));
        }
        ascii &= hi < 8;
        bytes[n++] = (byte) (hi * 16 + lo);
        i += 3;
      } else if (c < 0x80) {
        bytes[n++] = (byte) (c == '+' ? ' ' : c);
        i++;
      } else { // a character sent as it is: its UTF-8 (a pair of surrogates is one character)
        int end = Character.isHighSurrogate(c) && i + 1 < to ? i + 2 : i + 1;
        byte[] utf8 = raw.substring(i, end).getBytes(StandardCharsets.UTF_8);
        if (n + utf8.length + (to - end) > bytes.length) {
          bytes = Arrays.copyOf(bytes, 2 * (n + utf8.length + (to - end)));
        }
        System.arraycopy(utf8, 0, bytes, n, utf8.length);
        n += utf8.length;
        ascii = false;
        i = end;
      }
    }
    if (ascii) {
      return new String(bytes, 0, n, StandardCharsets.ISO_8859_1); // the same chars as UTF-8's
    }
    return decode(ByteBuffer.wrap(bytes, 0, n), what + " (percent-decoded)");
  }

  /** The value of an ASCII hex digit, else -1. */
  private static int hex(char c) {
    return HexFormat.isHexDigit(c) ? HexFormat.fromHexDigit(c) : -1;
  }
}
