package org.cruncher.engine.model;

import java.math.BigDecimal;
import java.math.MathContext;

/** Small number formatting shared by descriptions. */
public final class Numbers {

    private Numbers() {
    }

    /** 1 -> "1", 0.5 -> "0.5", 0.0100 -> "0.01", 16.0 -> "16"; NaN and the infinities as Java writes them. */
    public static String compact(double value) {
        if (!Double.isFinite(value)) {
            return String.valueOf(value);
        }
        return BigDecimal.valueOf(value).round(new MathContext(4)).stripTrailingZeros().toPlainString();
    }
}
