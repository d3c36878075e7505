package dev.orrery.world;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.Phase;
import dev.orrery.schedule.Plugin;
import dev.orrery.schedule.Schedule;
import dev.orrery.testsupport.memory.Reachability;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What a schedule's attachment to a world keeps and drops of the systems of its lineage
 * ({@code Schedule.attach}, {@code Schedule.detach}): the per-system contexts (change windows, removal
 * readers) and message cursors of systems that stay (same name) are kept across a rebuild, so a
 * surviving reader reads a message sent before a hot update exactly once after it; those of systems
 * that left are dropped, so they no longer hold back the retention of messages or removals and nothing
 * reaches them. Runs on both dispatch engines (the suite runs twice).
 */
class ScheduleAttachmentRetentionTest {
    private static final MessageType<String> DAMAGE = MessageType.of("test/RetentionDamage");
    private static final Trait<String> BURNING = Trait.withDefault("test/RetentionBurning", "hot");

    private final World world = new World();
    private final List<String> uiRead = new ArrayList<>();
    private final List<String> soundRead = new ArrayList<>();

    private Plugin ui() {
        return Plugin.builder("ui").systems(EcsSystem.builder("ui/log").phase(Phase.ON_UPDATE).readsMessages(DAMAGE)
                .run((w, dt) -> {
                    w.messages(DAMAGE).forEach(uiRead::add);
                    w.removed(BURNING);
                }).build()).build();
    }

    private Plugin sound() {
        return Plugin.builder("sound").systems(EcsSystem.builder("sound/play").phase(Phase.ON_UPDATE)
                .readsMessages(DAMAGE).run((w, dt) -> {
                    w.messages(DAMAGE).forEach(soundRead::add);
                    w.removed(BURNING);
                }).build()).build();
    }

    private static Plugin rules(String version) {
        return Plugin.builder("rules").systems(EcsSystem.define("rules/" + version, Phase.ON_UPDATE, (w, dt) -> { }))
                .build();
    }

    private List<String> readers() {
        return world.messageStats(DAMAGE).readers().stream().map(MessageStats.Reader::system).toList();
    }

    @Test
    void aSurvivingReaderReadsAMessageSentBeforeAHotUpdateExactlyOnceAfterIt() {
        Plugin ui = ui();
        Schedule before = Schedule.builder("main").plugins(ui, rules("v1")).build();
        before.run(world, 0.016);
        world.send(DAMAGE, "7 before the update");
        SystemContext uiContext = world.systemContexts().of("main", "ui/log");
        long uiLastRun = uiContext.lastRunTick();

        Schedule after = Schedule.builder("main").plugins(ui, rules("v2")).adoptStateOf(before).build();
        after.attach(world); // the host's swap
        assertSame(uiContext, world.systemContexts().of("main", "ui/log"), "a system that stays keeps its context");
        assertEquals(uiLastRun, uiContext.lastRunTick());
        after.run(world, 0.016);
        after.run(world, 0.016);
        assertEquals(List.of("7 before the update"), uiRead, "read once, after the update");
        assertEquals(0, world.messageStats(DAMAGE).buffered());
    }

    @Test
    void aDepartedReaderNoLongerHoldsBackRetentionAndNothingReachesItsCursorOrContext() throws InterruptedException {
        Schedule whole = Schedule.builder("main").plugins(ui(), sound()).build();
        world.spawn(BURNING.with("x"));
        whole.run(world, 0.016);
        whole.run(world, 0.016); // the first run's first World.removed started the tracking: both read as systems now
        assertEquals(List.of("ui/log", "sound/play"), readers());
        assertEquals(2, world.trackedChanges(BURNING).removalReaders.size());
        WeakReference<ReaderCursor> cursor = soundCursor();
        WeakReference<SystemContext> context = new WeakReference<>(world.systemContexts().of("main", "sound/play"));

        Schedule without = whole.withoutPlugins(List.of("sound"));
        without.attach(world);
        assertEquals(List.of("ui/log"), readers(), "the departed reader is unregistered at the attach");
        assertEquals(List.of(world.systemContexts().of("main", "ui/log")), world.trackedChanges(BURNING).removalReaders,
                "and no longer a removal reader");
        world.send(DAMAGE, "hit");
        without.run(world, 0.016);
        assertEquals(List.of("hit"), uiRead);
        assertEquals(0, world.messageStats(DAMAGE).buffered(), "dropped once the surviving reader read it");
        assertEquals(0, world.messageStats(DAMAGE).dropped());
        whole = null;
        assertTrue(Reachability.awaitCleared(cursor), "the world still reaches the departed reader's cursor");
        assertTrue(Reachability.awaitCleared(context), "the world still reaches the departed system's context");
        assertEquals(0, world.systemContexts().of("main", "sound/play").lastRunTick(), "it comes back afresh");
    }

    @Test
    void whenTheLastReaderLeavesOrTheScheduleIsDetachedNoReaderStaysRegistered() {
        Schedule whole = Schedule.builder("main").plugins(sound(), rules("v1")).build();
        whole.run(world, 0.016);
        assertEquals(List.of("sound/play"), readers());
        Schedule without = whole.withoutPlugins(List.of("sound")); // no reading system left at all
        without.run(world, 0.016);
        assertEquals(List.of(), readers(), "replaced by a schedule without readers");

        Schedule again = Schedule.builder("main").plugins(sound(), rules("v1")).adoptStateOf(whole).build();
        again.run(world, 0.016);
        assertEquals(List.of("sound/play"), readers());
        SystemContext play = world.systemContexts().of("main", "sound/play");
        again.detach(world); // the host stops
        assertEquals(List.of(), readers());
        assertNotSame(play, world.systemContexts().of("main", "sound/play"), "its context was dropped");
        world.send(DAMAGE, "after the stop");
        assertEquals(List.of(), soundRead);
        assertEquals(1, world.messageStats(DAMAGE).buffered(), "kept only until its maximum age: no reader waits");
        again.run(world, 0.016); // attaches again: a reader registered later starts at the oldest message held
        assertEquals(List.of("after the stop"), soundRead);
    }

    private WeakReference<ReaderCursor> soundCursor() {
        for (ReaderCursor c : world.messageBus().cursorsOf(DAMAGE)) {
            if (c.system.equals("sound/play")) {
                return new WeakReference<>(c);
            }
        }
        throw new AssertionError("no cursor of sound/play");
    }
}
