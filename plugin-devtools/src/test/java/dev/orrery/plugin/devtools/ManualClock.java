package dev.orrery.plugin.devtools;

import java.util.function.LongSupplier;

/** A nanosecond clock that only moves when a test (or a test system) advances it. */
final class ManualClock implements LongSupplier {
    private long now = 1_000_000L;

    @Override
    public long getAsLong() {
        return now;
    }

    void advanceMicros(long micros) {
        now += micros * 1_000L;
    }
}
