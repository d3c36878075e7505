package dev.orrery.testsupport.concurrent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class QueuedExecutorTest {
    @Test
    void tasksRunOnlyWhenTheTestSaysInTheOrderQueuedWithThoseTheyQueue() {
        QueuedExecutor executor = new QueuedExecutor();
        List<String> ran = new ArrayList<>();
        executor.execute(() -> ran.add("a"));
        executor.execute(() -> {
            ran.add("b");
            executor.execute(() -> ran.add("c"));
        });
        assertEquals(List.of(), ran);
        assertEquals(2, executor.pending());
        executor.runNext();
        assertEquals(List.of("a"), ran);
        assertEquals(2, executor.runAll());
        assertEquals(List.of("a", "b", "c"), ran);
        assertFalse(executor.runNext());
    }
}
