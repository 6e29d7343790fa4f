package org.cruncher.net;

import java.io.IOException;
import java.math.BigDecimal;
import java.net.ConnectException;
import java.net.UnknownHostException;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpTimeoutException;
import java.nio.channels.UnresolvedAddressException;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;

import javax.net.ssl.SSLException;

/** Why an HTTP exchange failed, in a few words on one line ("connection refused", "timed out after 30 s"). */
final class FailureReasons {

    private static final int MAX_LENGTH = 200;

    private final Duration connectTimeout;
    private final Duration requestTimeout;
    private final Duration overallTimeout;

    /**
     * @param connectTimeout the HTTP client's connect timeout
     * @param requestTimeout each request's timeout
     * @param overallTimeout the transport's own limit on a whole exchange, body included
     */
    FailureReasons(Duration connectTimeout, Duration requestTimeout, Duration overallTimeout) {
        this.connectTimeout = connectTimeout;
        this.requestTimeout = requestTimeout;
        this.overallTimeout = overallTimeout;
    }

    String describe(Throwable failure) {
        Throwable t = failure;
        while ((t instanceof CompletionException || t instanceof ExecutionException) && t.getCause() != null) {
            t = t.getCause();
        }
        if (t instanceof HttpConnectTimeoutException) {
            return "timed out after " + seconds(connectTimeout) + " connecting";
        }
        if (t instanceof HttpTimeoutException) {
            return "timed out after " + seconds(requestTimeout);
        }
        if (t instanceof TimeoutException) {
            return "timed out after " + seconds(overallTimeout);
        }
        if (t instanceof ConnectException) {
            String m = t.getMessage();
            if (m == null || m.isBlank() || m.toLowerCase(Locale.ROOT).contains("refused")) {
                return "connection refused";
            }
            return "cannot connect: " + oneLine(m);
        }
        if (t instanceof UnknownHostException || t instanceof UnresolvedAddressException
                || t.getCause() instanceof UnresolvedAddressException) {
            return "unknown host";
        }
        if (t instanceof CancellationException) {
            return "cancelled";
        }
        if (t instanceof SSLException) {
            return "TLS failure: " + oneLine(t.getMessage());
        }
        if (t instanceof IOException && t.getMessage() != null && !t.getMessage().isBlank()) {
            return oneLine(t.getMessage());
        }
        return oneLine(t.getClass().getSimpleName() + (t.getMessage() == null ? "" : ": " + t.getMessage()));
    }

    /** "30 s", "1.5 s". */
    static String seconds(Duration d) {
        return BigDecimal.valueOf(d.toMillis()).movePointLeft(3).stripTrailingZeros().toPlainString() + " s";
    }

    /** The first line of {@code text}, stripped and cut to a sensible length. */
    static String oneLine(String text) {
        if (text == null) {
            return "";
        }
        String s = text.strip();
        int nl = s.indexOf('\n');
        s = (nl < 0 ? s : s.substring(0, nl)).strip();
        return s.length() <= MAX_LENGTH ? s : s.substring(0, MAX_LENGTH - 3) + "...";
    }
}
