package dev.orrery.testsupport.host;

import java.util.Objects;

/**
 * One call a {@link FakeGameHost} received, as the test reads it back.
 *
 * @param kind which method
 * @param frames for {@link Kind#STEP}, the frames asked for; else 0
 */
public record HostCall(Kind kind, int frames) {
    /** The recorded methods of {@code GameHost}. */
    public enum Kind {
        /** {@code pause()} */
        PAUSE,
        /** {@code resume()} */
        RESUME,
        /** {@code step(frames)} with {@code frames >= 1} */
        STEP,
        /** {@code submit(work)} */
        SUBMIT,
        /** {@code read(work)} */
        READ,
        /** {@code awaitChange(since)} */
        AWAIT_CHANGE,
        /** {@code requestRebuild()} */
        REQUEST_REBUILD,
        /** {@code requestShutdown(reason)} */
        REQUEST_SHUTDOWN
    }

    /**
     * @throws NullPointerException if kind is null
     */
    public HostCall {
        Objects.requireNonNull(kind, "HostCall: kind");
    }

    /**
     * @param kind a method without arguments worth recording
     * @return the call
     */
    public static HostCall of(Kind kind) {
        return new HostCall(kind, 0);
    }

    /**
     * @param frames the frames asked for
     * @return a {@link Kind#STEP} call
     */
    public static HostCall step(int frames) {
        return new HostCall(Kind.STEP, frames);
    }
}
