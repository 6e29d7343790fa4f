package org.cruncher.persist;

import javax.xml.stream.Location;
import javax.xml.stream.XMLStreamException;

/**
 * Well-formed XML whose element holds a value it cannot hold (text where a number belongs), thrown from inside a
 * StAX reading loop; {@link XmlInput} shows its message as is, not as malformed XML.
 */
final class XmlValueException extends XMLStreamException {

    private static final long serialVersionUID = 1L;

    XmlValueException(String message, Location at) {
        super(message, at);
    }
}
