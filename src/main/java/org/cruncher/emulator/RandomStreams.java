package org.cruncher.emulator;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;

/**
 * Named, seeded random streams: each part of the emulation (the host's on/off process, each server, the client's
 * backoff jitter) draws from its own stream, so that a change in one part does not shift the numbers another part
 * sees (common random numbers), and the same seed always gives the same run.
 */
public final class RandomStreams {

    private final long seed;

    public RandomStreams(long seed) {
        this.seed = seed;
    }

    public long seed() {
        return seed;
    }

    /** The stream called {@code name}: the same name and seed always give the same sequence. */
    public RandomGenerator stream(String name) {
        return new SplittableRandom(mix(seed, fnv1a(name)));
    }

    private static long fnv1a(String s) {
        long h = 0xcbf29ce484222325L;
        for (byte b : s.getBytes(StandardCharsets.UTF_8)) {
            h ^= b & 0xff;
            h *= 0x100000001b3L;
        }
        return h;
    }

    /** SplitMix64's finaliser over the two values, so that nearby seeds give unrelated streams. */
    private static long mix(long a, long b) {
        long z = a * 0x9e3779b97f4a7c15L + b;
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }
}
