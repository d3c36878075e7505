package dev.orrery.schedule.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.graph.OrderGraph;
import dev.orrery.schedule.Phase;
import dev.orrery.schedule.Schedule;
import dev.orrery.schedule.graph.OrderGraph;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class MemoTest {
    @Test
    @DisplayName("the source runs once; every caller, on any thread, gets the same value")
    void once_across_threads() throws Exception {
        AtomicInteger calls = new AtomicInteger();
        CountDownLatch entered = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Memo<Object> memo = new Memo<>(() -> {
            calls.incrementAndGet();
            entered.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return new Object();
        });
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<Object>> results = new ArrayList<>();
            results.add(pool.submit(memo::get));
            entered.await(); // the first caller is inside the source; the others queue behind it
            for (int i = 0; i < 3; i++) {
                results.add(pool.submit(memo::get));
            }
            release.countDown();
            Object first = results.get(0).get();
            for (Future<Object> f : results) {
                assertSame(first, f.get());
            }
            assertSame(first, memo.get());
            assertEquals(1, calls.get());
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    @DisplayName("a source that throws leaves the memo empty: the next call tries again; null is refused")
    void failure_and_null() {
        AtomicInteger calls = new AtomicInteger();
        Memo<String> memo = new Memo<>(() -> {
            if (calls.incrementAndGet() == 1) {
                throw new IllegalStateException("first");
            }
            return "second";
        });
        assertEquals("first", assertThrows(IllegalStateException.class, memo::get).getMessage());
        assertEquals("second", memo.get());
        assertEquals(2, calls.get());
        assertThrows(NullPointerException.class, () -> new Memo<>(() -> null).get());
    }

    @Test
    @DisplayName("a schedule's order graph is built on the first call, the same object after, also for withoutPlugins")
    void schedule_order_graph_is_memoised() {
        EcsSystem a = EcsSystem.builder("a").phase(Phase.ON_UPDATE).run((w, dt) -> { }).build();
        EcsSystem b = EcsSystem.builder("b").phase(Phase.ON_UPDATE).after(a).run((w, dt) -> { }).build();
        Schedule s = Schedule.builder("memo").systems(List.of(a, b)).build();
        OrderGraph graph = s.orderGraph();
        assertSame(graph, s.orderGraph());
        assertEquals(1, graph.edges().size());
        assertEquals(List.of("b"), graph.linksFrom(a.name()).stream().map(l -> l.to().name()).toList());
        Schedule same = s.withoutPlugins(List.of());
        assertSame(graph, same.orderGraph(), "withoutPlugins of nothing is the schedule itself");

        EcsSystem c = EcsSystem.builder("c").phase(Phase.ON_UPDATE).after(b).run((w, dt) -> { }).build();
        Schedule withPlugin = Schedule.builder("memo")
                .plugins(dev.orrery.schedule.Plugin.builder("late").systems(c).build())
                .systems(List.of(a, b)).build();
        Schedule filtered = withPlugin.withoutPlugins(List.of("late"));
        OrderGraph kept = filtered.orderGraph();
        assertSame(kept, filtered.orderGraph(), "the filtered graph is built once too");
        assertEquals(List.of("a", "b"), filtered.systems().stream().map(EcsSystem::name).toList());
        assertEquals(1, kept.edges().size(), "the edge c declared left with it");
        assertEquals(2, withPlugin.orderGraph().edges().size(), "the whole schedule's graph keeps both");
    }
}
