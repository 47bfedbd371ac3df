package dev.quarry.server.sparql;

import dev.quarry.server.HttpError;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Request text as the protocol requires it, UTF-8, checked rather than repaired: a malformed byte
 * sequence or percent escape is a 400 that says where, not a query quietly run with U+FFFD in it.
 */
final class StrictUtf8 {
  private StrictUtf8() {}

  /** Decodes {@code bytes}; a 400 naming {@code what} and the byte offset if they are not UTF-8. */
  static String decode(ByteBuffer bytes, String what) {
    CharsetDecoder d =
        StandardCharsets.UTF_8
            .newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);
    int start = bytes.position();
    try {
      return d.decode(bytes).toString();
    } catch (CharacterCodingException e) {
      throw new HttpError(
          HttpResponseStatus.BAD_REQUEST,
          what + " is not valid UTF-8 (at byte " + (bytes.position() - start) + ")");
    }
  }

  /**
   * Checks a URL query or form body: every {@code %} starts two hex digits, and the bytes the
   * escapes stand for are UTF-8. Answers 400 naming the position otherwise.
   */
  static void checkPercentEncoded(String s, String what) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream(s.length());
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '%') {
        int hi = i + 2 < s.length() ? Character.digit(s.charAt(i + 1), 16) : -1;
        int lo = i + 2 < s.length() ? Character.digit(s.charAt(i + 2), 16) : -1;
        if (hi < 0 || lo < 0) {
          throw new HttpError(
              HttpResponseStatus.BAD_REQUEST,
              what + " has a malformed percent escape at character " + (i + 1));
        }
        bytes.write(hi * 16 + lo);
        i += 2;
      } else {
        byte[] b = String.valueOf(c).getBytes(StandardCharsets.UTF_8);
        bytes.write(b, 0, b.length);
      }
    }
    decode(ByteBuffer.wrap(bytes.toByteArray()), what + " (percent-decoded)");
  }
}
