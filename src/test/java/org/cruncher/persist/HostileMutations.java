package org.cruncher.persist;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.BiFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Ways to damage a BOINC XML file, each chosen and placed by a seeded {@link Random}: truncation, byte flips, a
 * deleted or duplicated line, a number made huge, NaN or negative, deep nesting, a DOCTYPE with entity tricks, a
 * raw {@code <}, bytes that are not UTF-8.
 */
final class HostileMutations {

    /** Element nesting far past {@link XmlInput#MAX_DEPTH}. */
    static final int DEEP = 10_000;

    /** Values put in place of a number. */
    static final List<String> BAD_NUMBERS = List.of("1e300", "-1e300", "1e308", "1e999", "-1e999", "NaN", "-NaN",
            "Infinity", "-Infinity", "-5", "-1", "0", "1e10", "1e12", "0x10", "--3", "", " ", "1,5", "12abc",
            "9".repeat(400), "4.9e-324", "-0");

    /** DOCTYPEs an attacker would use; {@code &e;} in the text refers to the entity where there is one. */
    static final List<String> DOCTYPES = List.of(
            "<!DOCTYPE r [<!ENTITY e SYSTEM \"file:///etc/passwd\">]>",
            "<!DOCTYPE r [<!ENTITY e SYSTEM \"http://127.0.0.1:9/secret\">]>",
            "<!DOCTYPE r SYSTEM \"http://127.0.0.1:9/evil.dtd\">",
            "<!DOCTYPE r [<!ENTITY % p SYSTEM \"file:///etc/passwd\"> %p;]>",
            "<!DOCTYPE r [<!ENTITY l \"lol\"><!ENTITY l1 \"&l;&l;&l;&l;&l;&l;&l;&l;&l;&l;\">"
                    + "<!ENTITY l2 \"&l1;&l1;&l1;&l1;&l1;&l1;&l1;&l1;&l1;&l1;\">"
                    + "<!ENTITY e \"&l2;&l2;&l2;&l2;&l2;&l2;&l2;&l2;&l2;&l2;\">]>",
            "<!DOCTYPE r [<!ENTITY e \"" + "x".repeat(50_000) + "\">]>");

    private static final Pattern NUMBER = Pattern.compile(">\\s*(-?[0-9][0-9.eE+-]*)\\s*<");

    /** A named mutation of a file's bytes. */
    record Mutation(String name, BiFunction<byte[], Random, byte[]> apply) {
    }

    static final List<Mutation> ALL = List.of(
            new Mutation("truncate", HostileMutations::truncate),
            new Mutation("flip bytes", HostileMutations::flipBytes),
            new Mutation("delete a line", (b, rnd) -> lines(b, rnd, false)),
            new Mutation("duplicate a line", (b, rnd) -> lines(b, rnd, true)),
            new Mutation("bad number", HostileMutations::badNumber),
            new Mutation("bad number", HostileMutations::badNumber),
            new Mutation("bad number", HostileMutations::badNumber),
            new Mutation("deep nesting", HostileMutations::deepNesting),
            new Mutation("doctype", HostileMutations::doctype),
            new Mutation("raw <",
                    (b, rnd) -> insert(b, rnd.nextInt(b.length + 1), "<".getBytes(StandardCharsets.UTF_8))),
            new Mutation("not UTF-8", HostileMutations::notUtf8));

    private HostileMutations() {
    }

    private static byte[] truncate(byte[] b, Random rnd) {
        byte[] out = new byte[rnd.nextInt(b.length + 1)];
        System.arraycopy(b, 0, out, 0, out.length);
        return out;
    }

    private static byte[] flipBytes(byte[] b, Random rnd) {
        byte[] out = b.clone();
        for (int i = 1 + rnd.nextInt(5); i > 0 && out.length > 0; i--) {
            out[rnd.nextInt(out.length)] ^= (byte) (1 << rnd.nextInt(8));
        }
        return out;
    }

    private static byte[] lines(byte[] b, Random rnd, boolean duplicate) {
        List<String> lines = new ArrayList<>(List.of(text(b).split("\n", -1)));
        int i = rnd.nextInt(lines.size());
        if (duplicate) {
            lines.add(i, lines.get(i));
        } else {
            lines.remove(i);
        }
        return String.join("\n", lines).getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] badNumber(byte[] b, Random rnd) {
        String s = text(b);
        List<int[]> spans = new ArrayList<>();
        Matcher m = NUMBER.matcher(s);
        while (m.find()) {
            spans.add(new int[] {m.start(1), m.end(1)});
        }
        if (spans.isEmpty()) {
            return flipBytes(b, rnd);
        }
        int[] at = spans.get(rnd.nextInt(spans.size()));
        String bad = BAD_NUMBERS.get(rnd.nextInt(BAD_NUMBERS.size()));
        return (s.substring(0, at[0]) + bad + s.substring(at[1])).getBytes(StandardCharsets.UTF_8);
    }

    /** {@value #DEEP} nested elements after the root's start tag, or at a random line start. */
    private static byte[] deepNesting(byte[] b, Random rnd) {
        String s = text(b);
        String deep = "<n>".repeat(DEEP) + "1" + "</n>".repeat(DEEP);
        int root = rootContentStart(s);
        int at = rnd.nextBoolean() || root < 0 ? lineStart(s, rnd) : root;
        return (s.substring(0, at) + deep + s.substring(at)).getBytes(StandardCharsets.UTF_8);
    }

    /** A DOCTYPE before the root, and a reference to its entity inside the root. */
    private static byte[] doctype(byte[] b, Random rnd) {
        String s = text(b);
        int root = rootContentStart(s);
        if (root < 0) {
            return (DOCTYPES.get(0) + s).getBytes(StandardCharsets.UTF_8);
        }
        int rootStart = s.lastIndexOf('<', root - 1);
        String dtd = DOCTYPES.get(rnd.nextInt(DOCTYPES.size()));
        return (s.substring(0, rootStart) + dtd + "\n" + s.substring(rootStart, root) + "&e;"
                + s.substring(root)).getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] notUtf8(byte[] b, Random rnd) {
        byte[][] bad = {{(byte) 0xff}, {(byte) 0xfe, (byte) 0xff}, {(byte) 0xc3, (byte) 0x28},
            {(byte) 0xed, (byte) 0xa0, (byte) 0x80}, {(byte) 0xe9}, {0}};
        return insert(b, rnd.nextInt(b.length + 1), bad[rnd.nextInt(bad.length)]);
    }

    private static byte[] insert(byte[] b, int at, byte[] what) {
        byte[] out = new byte[b.length + what.length];
        System.arraycopy(b, 0, out, 0, at);
        System.arraycopy(what, 0, out, at, what.length);
        System.arraycopy(b, at, out, at + what.length, b.length - at);
        return out;
    }

    /** Just after the root element's start tag, or -1. */
    private static int rootContentStart(String s) {
        Matcher m = Pattern.compile("<[A-Za-z_][^>]*>").matcher(s);
        return m.find() ? m.end() : -1;
    }

    private static int lineStart(String s, Random rnd) {
        int at = rnd.nextInt(s.length() + 1);
        int nl = s.lastIndexOf('\n', at - 1);
        return nl < 0 ? 0 : nl + 1;
    }

    private static String text(byte[] b) {
        return new String(b, StandardCharsets.UTF_8);
    }
}
