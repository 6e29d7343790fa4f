package org.cruncher.net;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;

/**
 * A response body read as text (in the charset the response names, else UTF-8) that fails once it grows past a
 * limit, so that a server cannot fill the client's memory.
 */
final class CappedBody implements HttpResponse.BodySubscriber<String> {

    private final HttpResponse.BodySubscriber<String> text;
    private final long limit;
    private Flow.Subscription subscription;
    private long received;
    private boolean refused;

    private CappedBody(HttpResponse.BodySubscriber<String> text, long limit) {
        this.text = text;
        this.limit = limit;
    }

    /** Bodies of at most {@code limit} bytes. */
    static HttpResponse.BodyHandler<String> handler(long limit) {
        return info -> new CappedBody(HttpResponse.BodyHandlers.ofString().apply(info), limit);
    }

    @Override
    public CompletionStage<String> getBody() {
        return text.getBody();
    }

    @Override
    public void onSubscribe(Flow.Subscription s) {
        subscription = s;
        text.onSubscribe(s);
    }

    @Override
    public void onNext(List<ByteBuffer> items) {
        if (refused) {
            return;
        }
        for (ByteBuffer b : items) {
            received += b.remaining();
        }
        if (received > limit) {
            refused = true;
            subscription.cancel();
            text.onError(new IOException("reply larger than " + limit + " bytes"));
            return;
        }
        text.onNext(items);
    }

    @Override
    public void onError(Throwable t) {
        if (!refused) {
            text.onError(t);
        }
    }

    @Override
    public void onComplete() {
        if (!refused) {
            text.onComplete();
        }
    }
}
