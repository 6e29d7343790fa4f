package org.cruncher.persist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;

/**
 * The parser's commonest messages on broken XML are said in plain words, with the file and line kept (QA: a
 * truncated client_state.xml read "Unexpected end of input block; expected an identifier"); a message not known is
 * shown in the parser's words, as malformed XML.
 */
class XmlSyntaxWordsTest {

    private static final Path FILE = Path.of("client_state.xml");

    /** The one line a document {@code text} is refused with, read to its end by the parser. */
    private static String refused(String text) {
        return assertThrows(InputProblem.class, () -> new XmlInput().parse(FILE, text, r -> {
            while (r.hasNext()) {
                r.next();
            }
            return null;
        })).oneLine();
    }

    @Test
    void aFileCutShortIsSaidAsSuchWhereverItEnds() {
        String cut = ": it may have been cut short";
        // Inside an end tag ("Unexpected end of input block in end tag").
        assertEquals("client_state.xml:2: the file ends in the middle of a tag" + cut,
                refused("<client_state>\n<a>1</a"));
        // Inside a start tag's name ("Unexpected end of input block; expected an identifier").
        assertEquals("client_state.xml:1: the file ends in the middle of a tag" + cut,
                refused("<client_state><a>1</a><b"));
        // Inside an attribute's value ("Unexpected EOF in attribute value").
        assertEquals("client_state.xml:1: the file ends in the middle of a tag" + cut,
                refused("<client_state><a x=\"1"));
        // Between elements ("Unexpected EOF; was expecting a close tag for element <host_info>").
        assertEquals("client_state.xml:1: the file ends before <host_info> is closed" + cut,
                refused("<client_state><host_info>"));
        assertEquals("client_state.xml:1: the file ends inside a comment (a <!-- without its -->)" + cut,
                refused("<client_state><!-- abc"));
    }

    @Test
    void tagsThatDoNotMatchAreNamed() {
        // "Unexpected close tag </workunitx>; expected </workunit>."
        assertEquals("client_state.xml:2: the end tag </workunitx> does not match the start tag <workunit> it should "
                + "close", refused("<client_state>\n<workunit></workunitx>\n</client_state>"));
    }

    @Test
    void anUnexpectedCharacterIsSaidWithWhereItStands() {
        // "Unexpected character '1' (code 49) in start tag Expected a quote"
        assertEquals("client_state.xml:1: a start tag is broken: '1' cannot stand there (an attribute's value goes in "
                + "quotes)", refused("<client_state><a x=1></a></client_state>"));
        // "Unexpected character ' ' (code 32) in content after '<' (malformed start element?)."
        assertEquals("client_state.xml:1: a '<' is followed by a space, which cannot begin a tag (a '<' in a value is "
                + "written &lt;)", refused("<client_state>< b></client_state>"));
        // "Unexpected character 'j' (code 106) in epilog; expected '<'"
        assertEquals("client_state.xml:1: text follows the end of the root element, beginning with 'j'",
                refused("<client_state/>junk"));
    }

    @Test
    void aMessageNotKnownKeepsTheParsersWords() {
        assertEquals("client_state.xml:1: malformed XML: Invalid character reference: null character not allowed in "
                + "XML content.", refused("<client_state>&#0;</client_state>"));
    }
}
