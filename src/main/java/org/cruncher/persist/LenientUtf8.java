package org.cruncher.persist;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * UTF-8 decoding that keeps going past bytes that are not UTF-8, reading each such byte as the Latin-1 character of
 * that code (0xE9 is é), as an old Windows client may have written a host or project name. Only those bytes are read
 * so: the rest of the file stays UTF-8. Reading the whole file as Latin-1 because of one odd byte turned every valid
 * UTF-8 name elsewhere in it into mojibake ("Café" became "CafÃ©").
 */
final class LenientUtf8 {

    /**
     * A decoded text.
     *
     * @param text         the characters
     * @param firstOddLine the line (from 1) of the first byte that was not UTF-8, or 0 if every byte was
     */
    record Decoded(String text, int firstOddLine) {
    }

    private LenientUtf8() {
    }

    static Decoded decode(byte[] bytes) {
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        // UTF-8 never gives more characters than bytes, and a Latin-1 byte gives one: the buffer never fills.
        CharBuffer out = CharBuffer.allocate(bytes.length);
        int firstOddLine = 0;
        while (true) {
            CoderResult result = decoder.decode(in, out, true);
            if (result.isUnderflow()) {
                break;
            }
            if (firstOddLine == 0) {
                firstOddLine = lineAt(out);
            }
            for (int i = 0; i < result.length(); i++) {
                out.put((char) (in.get() & 0xFF));
            }
        }
        decoder.flush(out);
        out.flip();
        return new Decoded(out.toString(), firstOddLine);
    }

    /** The line (from 1) that the next character written to {@code out} is on. */
    private static int lineAt(CharBuffer out) {
        int line = 1;
        for (int i = 0; i < out.position(); i++) {
            if (out.get(i) == '\n') {
                line++;
            }
        }
        return line;
    }
}
