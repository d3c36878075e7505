package dev.orrery.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.testsupport.log.CapturedLog;
import dev.orrery.world.MessageStats;
import dev.orrery.world.MessageType;
import dev.orrery.world.Messages;
import dev.orrery.world.World;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Messages between systems ({@code World.send}, {@code World.messages}, {@code readsMessages}): one
 * test per rule. Runs on both dispatch engines (the suite runs twice).
 */
class MessagesTest {
    private static final MessageType<String> DAMAGE = MessageType.of("test/Damage");
    private static final MessageType<String> HEAL = MessageType.of("test/Heal");
    private final World world = new World();

    /** A reading system that records what each of its reads got. */
    private static final class Reader {
        final List<String> got = new ArrayList<>();
        int runs;
        final EcsSystem system;

        Reader(String name, Phase phase, MessageType<String> type) {
            this.system = EcsSystem.builder(name).phase(phase).readsMessages(type)
                    .run((w, dt) -> {
                        runs++;
                        w.messages(type).forEach(got::add);
                    }).build();
        }

        Reader(String name, MessageType<String> type) {
            this(name, Phase.ON_UPDATE, type);
        }

        List<String> take() {
            List<String> out = List.copyOf(got);
            got.clear();
            return out;
        }
    }

    private static EcsSystem sender(String name, Phase phase, MessageType<String> type, String... values) {
        return EcsSystem.define(name, phase, (w, dt) -> {
            for (String v : values) {
                w.send(type, v);
            }
        });
    }

    private static Schedule schedule(EcsSystem... systems) {
        return Schedule.builder("messages").systems(systems).build();
    }

    @Test
    void aReaderGetsEveryMessageSentBeforeItsReadInSendOrder() {
        Reader r = new Reader("ui/flash", Phase.ON_UPDATE, DAMAGE);
        Schedule s = schedule(sender("rules/hit", Phase.PRE_UPDATE, DAMAGE, "a", "b", "c"), r.system);
        world.send(DAMAGE, "before the first frame");
        s.run(world, 0.016);
        assertEquals(List.of("before the first frame", "a", "b", "c"), r.take());
        s.run(world, 0.016);
        assertEquals(List.of("a", "b", "c"), r.take(), "each frame's messages, none twice");
    }

    @Test
    void aMessageSentAfterTheReaderRanIsReadOnItsNextRun() {
        Reader r = new Reader("ui/flash", Phase.PRE_UPDATE, DAMAGE);
        Schedule s = schedule(r.system, sender("rules/hit", Phase.POST_UPDATE, DAMAGE, "late"));
        s.run(world, 0.016);
        assertEquals(List.of(), r.take());
        s.run(world, 0.016);
        assertEquals(List.of("late"), r.take(), "sent after the reader in frame 1, read in frame 2");
    }

    @Test
    void eachReaderReadsEachMessageOnceWhenItRunsSeveralTimesPerFrame() {
        Reader r = new Reader("fixed/step", DAMAGE);
        Schedule inner = Schedule.builder("fixed").systems(r.system).build();
        Schedule outer = schedule(sender("rules/hit", Phase.PRE_UPDATE, DAMAGE, "x", "y"),
                EcsSystem.define("fixed/driver", (w, dt) -> {
                    for (int k = 0; k < 3; k++) {
                        inner.run(w, dt / 3); // nested runs: one frame
                    }
                }));
        outer.run(world, 0.03);
        assertEquals(3, r.runs);
        assertEquals(List.of("x", "y"), r.take(), "read by the first run, not by the two others");
        outer.run(world, 0.03);
        assertEquals(List.of("x", "y"), r.take());
    }

    @Test
    void twoReadersEachReadEveryMessage() {
        Reader a = new Reader("ui/flash", DAMAGE);
        Reader b = new Reader("sound/hit", DAMAGE);
        Schedule s = schedule(sender("rules/hit", Phase.PRE_UPDATE, DAMAGE, "7"), a.system, b.system);
        s.run(world, 0.016);
        assertEquals(List.of("7"), a.take());
        assertEquals(List.of("7"), b.take());
    }

    @Test
    void manyReadersOfOneClassInARowEachReadAsThemselves() {
        List<Reader> readers = new ArrayList<>();
        List<EcsSystem> systems = new ArrayList<>();
        systems.add(sender("rules/hit", Phase.PRE_UPDATE, DAMAGE, "1", "2"));
        for (int k = 0; k < 8; k++) { // one lambda class: the generated code would make a same-class loop
            Reader r = new Reader("reader " + k, DAMAGE);
            readers.add(r);
            systems.add(r.system);
        }
        Schedule s = Schedule.builder("messages").systems(systems).build();
        s.run(world, 0.016);
        s.run(world, 0.016);
        for (Reader r : readers) {
            assertEquals(List.of("1", "2", "1", "2"), r.take(), r.system.name());
        }
        assertEquals(0, world.messageStats(DAMAGE).buffered());
    }

    @Test
    void aReaderRunsWithHooksTooAndInOnStart() {
        Reader hooked = new Reader("ui/hooked", DAMAGE);
        Reader onStart = new Reader("ui/start", Phase.ON_START, DAMAGE);
        Schedule s = Schedule.builder("messages").systems(hooked.system, onStart.system)
                .hooks(new ScheduleHooks() { }).build();
        world.send(DAMAGE, "1");
        s.run(world, 0.016);
        assertEquals(List.of("1"), hooked.take());
        assertEquals(List.of("1"), onStart.take());
    }

    @Test
    void aReaderDeclaringSeveralTypesReadsEachSeparately() {
        List<String> got = new ArrayList<>();
        EcsSystem both = EcsSystem.builder("ui/log").readsMessages(DAMAGE).readsMessages(HEAL, DAMAGE)
                .run((w, dt) -> {
                    w.messages(DAMAGE).forEach(v -> got.add("damage " + v));
                    w.messages(HEAL).forEach(v -> got.add("heal " + v));
                }).build();
        assertEquals(List.of(DAMAGE, HEAL), both.readsMessages(), "declared once each, in order");
        world.send(HEAL, "2");
        world.send(DAMAGE, "1");
        schedule(both).run(world, 0.016);
        assertEquals(List.of("damage 1", "heal 2"), got);
    }

    @Test
    void readingAnUndeclaredTypeNamesTheSystemTheTypeAndTheFix() {
        EcsSystem wrong = EcsSystem.builder("ui/flash").readsMessages(HEAL)
                .run((w, dt) -> w.messages(DAMAGE)).build();
        Schedule s = schedule(wrong);
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> s.run(world, 0.016));
        assertTrue(e.getMessage().contains("system 'ui/flash'"), e.getMessage());
        assertTrue(e.getMessage().contains("'test/Damage'"), e.getMessage());
        assertTrue(e.getMessage().contains("readsMessages("), e.getMessage());
        assertEquals("ui/flash", RunFailure.last(world).orElseThrow().system().name(), "attributed to the system");
    }

    @Test
    void readingWithoutAnyDeclarationNamesTheTypeAndTheFix() {
        EcsSystem wrong = EcsSystem.define("ui/flash", (w, dt) -> w.messages(DAMAGE));
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> schedule(wrong).run(world, 0.016));
        assertTrue(e.getMessage().contains("'test/Damage'"), e.getMessage());
        assertTrue(e.getMessage().contains("readsMessages(type)"), e.getMessage());
        assertEquals("ui/flash", RunFailure.last(world).orElseThrow().system().name(), "the failure names the system");
        IllegalStateException outside = assertThrows(IllegalStateException.class, () -> world.messages(DAMAGE));
        assertTrue(outside.getMessage().contains("outside every schedule's run"), outside.getMessage());
    }

    @Test
    void aConditionOfAReaderCannotReadAsTheReader() {
        Reader r = new Reader("ui/flash", DAMAGE);
        EcsSystem guarded = EcsSystem.builder("ui/guarded").readsMessages(DAMAGE)
                .runIf(w -> !w.messages(DAMAGE).isEmpty()).run(Fixtures.NOOP).build();
        world.send(DAMAGE, "1");
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> schedule(r.system, guarded).run(world, 0.016));
        assertTrue(e.getMessage().contains("a condition"), e.getMessage());
    }

    @Test
    void aSystemSteppingAnotherScheduleKeepsReadingAsItself() {
        Reader inner = new Reader("inner/reader", HEAL);
        Schedule nested = Schedule.builder("nested").systems(inner.system).build();
        List<String> got = new ArrayList<>();
        EcsSystem outer = EcsSystem.builder("outer/reader").readsMessages(DAMAGE).run((w, dt) -> {
            nested.run(w, dt);
            w.messages(DAMAGE).forEach(got::add);
        }).build();
        world.send(DAMAGE, "d");
        world.send(HEAL, "h");
        schedule(outer).run(world, 0.016);
        assertEquals(List.of("d"), got);
        assertEquals(List.of("h"), inner.take());
    }

    @Test
    void aMessageIsDroppedOnceEveryReaderHasReadIt() {
        Reader a = new Reader("ui/flash", Phase.PRE_UPDATE, DAMAGE);
        Reader b = new Reader("sound/hit", Phase.POST_UPDATE, DAMAGE);
        List<Integer> bufferedBetween = new ArrayList<>();
        Schedule s = schedule(a.system, b.system, EcsSystem.define("probe", Phase.ON_UPDATE,
                (w, dt) -> bufferedBetween.add(w.messageStats(DAMAGE).buffered())));
        world.send(DAMAGE, "1");
        world.send(DAMAGE, "2");
        s.run(world, 0.016); // registers both readers, then a reads, probe looks, b reads
        assertEquals(List.of(2), bufferedBetween, "held while b has not read them");
        assertEquals(0, world.messageStats(DAMAGE).buffered(), "released when the last reader returned");
        MessageStats stats = world.messageStats(DAMAGE);
        assertEquals(2, stats.sent());
        assertEquals(0, stats.dropped());
        assertEquals(List.of(new MessageStats.Reader("messages", "ui/flash", 2, 0),
                new MessageStats.Reader("messages", "sound/hit", 2, 0)), stats.readers());
    }

    @Test
    void aMessageNotReadWithinItsMaximumAgeIsDroppedCountedAndWarnedOnce() {
        Reader slow = new Reader("ui/slow", DAMAGE);
        Reader fast = new Reader("ui/fast", DAMAGE);
        Schedule s = schedule(slow.system, fast.system);
        s.run(world, 0.016); // registers the readers
        s.disable(world, slow.system);
        try (CapturedLog log = CapturedLog.attach("dev.orrery.world")) {
            world.send(DAMAGE, "1"); // belongs to frame 2 (sent between frames 1 and 2)
            s.run(world, 0.016);     // frame 2: fast reads it
            world.send(DAMAGE, "2"); // frame 3
            s.run(world, 0.016);     // frame 3
            assertTrue(log.messagesAt(Level.WARNING).isEmpty(), "still within 2 frames: " + log.lines());
            s.run(world, 0.016);     // frame 4: "1" is dropped before slow read it
            s.run(world, 0.016);     // frame 5: "2" too; no second warning
            List<String> warnings = log.messagesAt(Level.WARNING);
            assertEquals(1, warnings.size(), log.lines().toString());
            assertTrue(warnings.get(0).contains("'ui/slow'") && warnings.get(0).contains("'test/Damage'")
                    && warnings.get(0).contains("maximum age of 2 frames"), warnings.get(0));
        }
        MessageStats stats = world.messageStats(DAMAGE);
        assertEquals(2, stats.dropped());
        assertEquals(0, stats.buffered());
        assertEquals(new MessageStats.Reader("messages", "ui/slow", 0, 2), stats.readers().get(0));
        assertEquals(new MessageStats.Reader("messages", "ui/fast", 2, 0), stats.readers().get(1));
        s.enable(world, slow.system);
        world.send(DAMAGE, "3");
        s.run(world, 0.016);
        assertEquals(List.of("3"), slow.take(), "reads on after the loss, never what was dropped");
    }

    @Test
    void aTypeWithALongerMaximumAgeWaitsLonger() {
        MessageType<String> slowType = MessageType.of("test/Slow", 4);
        Reader r = new Reader("ui/slow", slowType);
        Schedule s = schedule(r.system);
        try (CapturedLog log = CapturedLog.attach("dev.orrery.world")) {
            slowReaderLosesOnlyPastTheAge(s, r, slowType);
            assertEquals(1, log.messagesAt(Level.WARNING).size(), log.lines().toString());
        }
    }

    private void slowReaderLosesOnlyPastTheAge(Schedule s, Reader r, MessageType<String> slowType) {
        s.run(world, 0.016);
        s.disable(world, r.system);
        world.send(slowType, "1"); // frame 2
        for (int f = 2; f <= 5; f++) {
            s.run(world, 0.016);
        }
        s.enable(world, r.system);
        s.run(world, 0.016); // frame 6: 4 frames (2..5) have passed; dropped at its start
        assertEquals(List.of(), r.take());
        assertEquals(1, world.messageStats(slowType).dropped());

        world.send(slowType, "2"); // frame 7
        s.disable(world, r.system);
        for (int f = 7; f <= 9; f++) {
            s.run(world, 0.016);
        }
        s.enable(world, r.system);
        s.run(world, 0.016); // frame 10: still within 4 frames (7..10)
        assertEquals(List.of("2"), r.take());
    }

    @Test
    void withoutReadersMessagesExpireAtTheirMaximumAge() {
        Schedule s = schedule(Fixtures.sys("idle"));
        world.send(DAMAGE, "unheard");
        s.run(world, 0.016);
        assertEquals(1, world.messageStats(DAMAGE).buffered(), "kept for a reader that may register");
        s.run(world, 0.016);
        s.run(world, 0.016);
        MessageStats stats = world.messageStats(DAMAGE);
        assertEquals(0, stats.buffered());
        assertEquals(1, stats.expired());
        assertEquals(0, stats.dropped(), "no reader lost it");
    }

    @Test
    void runPhaseAndRunPhasesAreNotFrames() {
        Reader r = new Reader("ui/flash", DAMAGE);
        Schedule s = schedule(r.system, Fixtures.sys("other", Phase.POST_UPDATE));
        s.runPhase(world, Phase.POST_UPDATE, 0.016); // registers the reader; no frame
        long frames = world.messageBus().frames();
        world.send(DAMAGE, "1");
        for (int k = 0; k < 10; k++) {
            s.runPhase(world, Phase.POST_UPDATE, 0.016);
            s.runPhases(world, Phase.PRE_UPDATE, Phase.PRE_UPDATE, 0.016);
        }
        assertEquals(frames, world.messageBus().frames());
        s.runPhase(world, Phase.ON_UPDATE, 0.016);
        assertEquals(List.of("1"), r.take(), "not aged by calls that are not frames");
        s.run(world, 0.016);
        assertEquals(frames + 1, world.messageBus().frames(), "an outermost run is a frame");
    }

    @Test
    void aNestedRunIsNotANewFrame() {
        Schedule inner = Schedule.builder("inner").systems(Fixtures.sys("inner")).build();
        Schedule outer = schedule(EcsSystem.define("driver", (w, dt) -> {
            inner.run(w, dt);
            inner.run(w, dt);
        }));
        outer.run(world, 0.016);
        outer.run(world, 0.016);
        assertEquals(2, world.messageBus().frames());
    }

    @Test
    void aReplacedScheduleKeepsTheCursorOfASystemOfTheSameName() {
        Reader before = new Reader("ui/flash", DAMAGE);
        Reader leaving = new Reader("ui/leaving", DAMAGE);
        Schedule first = schedule(before.system, leaving.system);
        world.send(DAMAGE, "1");
        first.run(world, 0.016);
        assertEquals(List.of("1"), before.take());
        world.send(DAMAGE, "2");
        Reader after = new Reader("ui/flash", DAMAGE); // a rebuilt system of the same name
        Schedule second = Schedule.builder("messages").adoptStateOf(first).systems(after.system).build();
        second.run(world, 0.016);
        assertEquals(List.of("2"), after.take(), "reads on where the replaced system stopped");
        MessageStats stats = world.messageStats(DAMAGE);
        assertEquals(List.of("ui/flash"), stats.readers().stream().map(MessageStats.Reader::system).toList(),
                "the departed reader holds nothing back");
        assertEquals(0, stats.buffered());
    }

    @Test
    void anUnrelatedScheduleOfTheSameNameHasReadersOfItsOwn() {
        Reader a = new Reader("ui/flash", DAMAGE);
        Reader b = new Reader("ui/flash", DAMAGE);
        Schedule one = schedule(a.system);
        Schedule other = schedule(b.system);
        one.run(world, 0.016);   // each registers its reader on its first run
        other.run(world, 0.016);
        world.send(DAMAGE, "1");
        one.run(world, 0.016);
        other.run(world, 0.016);
        assertEquals(List.of("1"), a.take());
        assertEquals(List.of("1"), b.take());
        assertEquals(2, world.messageStats(DAMAGE).readers().size());
    }

    @Test
    void aReaderRegisteredLaterSeesOnlyTheMessagesStillHeld() {
        Reader early = new Reader("ui/early", DAMAGE);
        Reader late = new Reader("ui/late", DAMAGE);
        world.send(DAMAGE, "1");
        schedule(early.system).run(world, 0.016); // reads "1": every registered reader read it, released
        world.send(DAMAGE, "2");
        Schedule second = Schedule.builder("late").systems(late.system).build();
        second.run(world, 0.016);
        assertEquals(List.of("2"), late.take(), "starts at the oldest message held");
    }

    @Test
    void aReaderThatThrowsLeavesTheOthersReading() {
        boolean[] fail = {true};
        EcsSystem crashing = EcsSystem.builder("ui/crash").readsMessages(DAMAGE).run((w, dt) -> {
            w.messages(DAMAGE);
            if (fail[0]) {
                throw new IllegalStateException("boom");
            }
        }).build();
        Reader r = new Reader("ui/flash", Phase.POST_UPDATE, DAMAGE);
        Schedule s = schedule(crashing, r.system);
        world.send(DAMAGE, "1");
        assertThrows(IllegalStateException.class, () -> s.run(world, 0.016));
        assertThrows(IllegalStateException.class, () -> world.messages(DAMAGE), "no reader left current");
        fail[0] = false;
        world.send(DAMAGE, "2");
        s.run(world, 0.016);
        assertEquals(List.of("1", "2"), r.take());
        assertEquals(0, world.messageStats(DAMAGE).buffered());
    }

    @Test
    void messagesSentInsideAndOutsideSystemsAndConditionsAllArrive() {
        Reader r = new Reader("ui/flash", Phase.POST_UPDATE, DAMAGE);
        EcsSystem gated = EcsSystem.builder("rules/gated").runIf(w -> {
            w.send(DAMAGE, "from a condition");
            return false;
        }).run(Fixtures.NOOP).build();
        Schedule s = schedule(gated, r.system);
        world.send(DAMAGE, "from outside");
        s.run(world, 0.016);
        assertEquals(List.of("from outside", "from a condition"), r.take());
    }

    @Test
    void theViewIsReusedAndIndexable() {
        List<Object> seen = new ArrayList<>();
        EcsSystem sys = EcsSystem.builder("ui/view").readsMessages(DAMAGE).run((w, dt) -> {
            Messages<String> first = w.messages(DAMAGE);
            seen.add(first.size());
            seen.add(first.get(0));
            for (String v : first) {
                seen.add(v);
            }
            assertThrows(IndexOutOfBoundsException.class, () -> first.get(2));
            w.send(DAMAGE, "again");
            Messages<String> second = w.messages(DAMAGE);
            assertSame(first, second);
            seen.add(second.get(0));
            assertFalse(second.isEmpty());
        }).build();
        world.send(DAMAGE, "a");
        world.send(DAMAGE, "b");
        schedule(sys).run(world, 0.016);
        assertEquals(List.of(2, "a", "a", "b", "again"), seen);
    }

    @Test
    void resetDropsTheMessagesHeld() {
        Reader r = new Reader("ui/flash", DAMAGE);
        Schedule s = schedule(r.system);
        s.run(world, 0.016);
        world.send(DAMAGE, "1");
        world.reset();
        assertEquals(0, world.messageStats(DAMAGE).buffered());
        s.run(world, 0.016);
        assertEquals(List.of(), r.take());
    }

    @Test
    void theRingGrowsUnderLoadAndKeepsOrder() {
        Reader r = new Reader("ui/flash", DAMAGE);
        Schedule s = schedule(r.system);
        List<String> sent = new ArrayList<>();
        for (int k = 0; k < 1000; k++) {
            sent.add("m" + k);
            world.send(DAMAGE, "m" + k);
        }
        s.run(world, 0.016);
        assertEquals(sent, r.take());
    }

    @Test
    void badArgumentsAreRefusedNamingTheThingAtFault() {
        assertEquals("World.send: type is null",
                assertThrows(NullPointerException.class, () -> world.send(null, "x")).getMessage());
        assertEquals("World.send: value of message type 'test/Damage' is null",
                assertThrows(NullPointerException.class, () -> world.send(DAMAGE, null)).getMessage());
        assertEquals("World.messages: type is null",
                assertThrows(NullPointerException.class, () -> world.messages(null)).getMessage());
        assertEquals("defineSystem 'ui/flash': null in readsMessages", assertThrows(NullPointerException.class,
                () -> EcsSystem.builder("ui/flash").readsMessages(DAMAGE, null)).getMessage());
    }
}
