package org.cruncher.persist;

import java.io.IOException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.deser.std.NumberDeserializers;
import com.fasterxml.jackson.databind.module.SimpleModule;

/**
 * Reads numbers as BOINC's C client writes and reads them (strtod): "nan", "-nan", "inf", "-inf" and "infinity"
 * in any case, as well as Java's "NaN" and "Infinity". A value the client saved corrupted, as "-nan", used to refuse
 * the whole client_state.xml as "not a number", where BOINC reads it; now it is read, and the readers' range checks
 * say what is used instead, as they do for "NaN". Anything else is left to Jackson's own reading.
 */
final class StrtodDoubles extends NumberDeserializers.DoubleDeserializer {

    private static final Pattern NAN = Pattern.compile("[+-]?nan", Pattern.CASE_INSENSITIVE);
    private static final Pattern INFINITE = Pattern.compile("([+-]?)inf(inity)?", Pattern.CASE_INSENSITIVE);

    private StrtodDoubles(Class<Double> type, Double nullValue) {
        super(type, nullValue);
    }

    /** The module that reads {@code double} and {@code Double} properties so. */
    static SimpleModule module() {
        SimpleModule m = new SimpleModule("strtod doubles");
        m.addDeserializer(Double.class, new StrtodDoubles(Double.class, null));
        m.addDeserializer(Double.TYPE, new StrtodDoubles(Double.TYPE, 0.0));
        return m;
    }

    @Override
    public Double deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
        if (p.hasToken(JsonToken.VALUE_STRING)) {
            Double special = special(p.getText().strip());
            if (special != null) {
                return special;
            }
        }
        return super.deserialize(p, ctxt);
    }

    /** NaN or an infinity for strtod's words, else null. */
    static Double special(String s) {
        if (NAN.matcher(s).matches()) {
            return Double.NaN;
        }
        Matcher inf = INFINITE.matcher(s);
        if (inf.matches()) {
            return inf.group(1).equals("-") ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
        }
        return null;
    }
}
