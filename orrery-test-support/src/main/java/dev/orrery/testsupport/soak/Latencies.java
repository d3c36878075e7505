package dev.orrery.testsupport.soak;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

/**
 * The latencies of one kind of soak event (install to first run, update to the new code's first run,
 * ...), in milliseconds, with the statistics the soak reports print: p50, p95, max, mean.
 *
 * <p>Percentiles are nearest-rank: the p-th percentile of n sorted samples is the sample at rank
 * {@code ceil(p / 100 * n)}. No samples: every statistic is 0.
 *
 * <p>Threads: not thread-safe; the harness's thread adds and reads.
 */
public final class Latencies {
    private final List<Double> millis = new ArrayList<>();

    /**
     * @param ms one latency, milliseconds
     * @throws IllegalArgumentException if it is not a finite number
     */
    public void add(double ms) {
        if (!Double.isFinite(ms)) {
            throw new IllegalArgumentException("Latencies.add: not a finite latency: " + ms);
        }
        millis.add(ms);
    }

    /** @return how many latencies were added */
    public int count() {
        return millis.size();
    }

    /**
     * @param p the percentile, from 1 to 100
     * @return the nearest-rank percentile, ms; 0 without samples
     * @throws IllegalArgumentException if p is out of range
     */
    public double percentile(int p) {
        if (p < 1 || p > 100) {
            throw new IllegalArgumentException("Latencies.percentile: p must be from 1 to 100, got " + p);
        }
        if (millis.isEmpty()) {
            return 0;
        }
        List<Double> sorted = new ArrayList<>(millis);
        Collections.sort(sorted);
        int index = (int) Math.ceil(p / 100.0 * sorted.size()) - 1;
        return sorted.get(Math.max(0, Math.min(index, sorted.size() - 1)));
    }

    /** @return the largest latency, ms; 0 without samples */
    public double max() {
        return millis.stream().mapToDouble(Double::doubleValue).max().orElse(0);
    }

    /** @return the mean latency, ms; 0 without samples */
    public double mean() {
        return millis.stream().mapToDouble(Double::doubleValue).average().orElse(0);
    }

    /** @return e.g. {@code p50 12.0, p95 31.5, max 40.2 (n=100)} */
    public String summary() {
        return String.format(Locale.ROOT, "p50 %.1f, p95 %.1f, max %.1f (n=%d)", percentile(50), percentile(95), max(),
                count());
    }

    @Override
    public String toString() {
        return summary();
    }
}
