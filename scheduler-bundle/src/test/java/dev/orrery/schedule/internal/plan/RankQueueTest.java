package dev.orrery.schedule.internal.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.PriorityQueue;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The hierarchical bitset behind the stable topological sort agrees with a plain priority queue. */
class RankQueueTest {
    @Test
    void agrees_with_a_priority_queue_on_random_operations() {
        Random random = new Random(7);
        for (int capacity : new int[] {1, 63, 64, 65, 4095, 4096, 4097, 300_000}) {
            RankQueue queue = new RankQueue(capacity);
            PriorityQueue<Integer> reference = new PriorityQueue<>();
            boolean[] present = new boolean[capacity];
            for (int step = 0; step < 20_000; step++) {
                if (reference.isEmpty() || random.nextInt(3) > 0) {
                    int v = random.nextInt(capacity);
                    if (!present[v]) {
                        present[v] = true;
                        queue.add(v);
                        reference.add(v);
                    }
                } else {
                    int expected = reference.poll();
                    assertEquals(expected, queue.pollMin(), "capacity " + capacity + ", step " + step);
                    present[expected] = false;
                }
                assertEquals(reference.isEmpty(), queue.isEmpty());
            }
            while (!reference.isEmpty()) {
                assertEquals(reference.poll(), queue.pollMin());
            }
            assertTrue(queue.isEmpty());
        }
    }

    @Test
    void smallest_first_even_when_added_after_larger_ones() {
        RankQueue queue = new RankQueue(200_000);
        queue.add(199_999);
        queue.add(70_000);
        assertEquals(70_000, queue.pollMin());
        queue.add(3);
        assertFalse(queue.isEmpty());
        assertEquals(3, queue.pollMin());
        assertEquals(199_999, queue.pollMin());
        assertTrue(queue.isEmpty());
    }
}
