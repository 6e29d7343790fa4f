package org.cruncher.engine.rpc;

/**
 * How an RPC ended: a reply, or a failure with its reason.
 *
 * @param request the request sent
 * @param reply   the reply, or null on failure
 * @param failure why it failed (null on success)
 */
public record RpcOutcome(SchedulerRequest request, SchedulerReply reply, String failure) {

    public static RpcOutcome success(SchedulerRequest request, SchedulerReply reply) {
        return new RpcOutcome(request, reply, null);
    }

    public static RpcOutcome failed(SchedulerRequest request, String why) {
        return new RpcOutcome(request, null, why);
    }

    public boolean succeeded() {
        return reply != null;
    }
}
