package dev.orrery.schedule.internal.plan;

import java.util.Arrays;

/** A growable list of {@code int}s, to keep graph building free of boxing. */
final class IntList {
    private int[] values;
    private int size;

    IntList() {
        this(16);
    }

    IntList(int capacity) {
        values = new int[Math.max(4, capacity)];
    }

    void add(int value) {
        if (size == values.length) {
            values = Arrays.copyOf(values, size * 2);
        }
        values[size++] = value;
    }

    int get(int i) {
        return values[i];
    }

    int size() {
        return size;
    }

    boolean isEmpty() {
        return size == 0;
    }

    int removeLast() {
        return values[--size];
    }

    int[] toArray() {
        return Arrays.copyOf(values, size);
    }
}
