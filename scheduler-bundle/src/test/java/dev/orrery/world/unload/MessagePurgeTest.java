package dev.orrery.world.unload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.Schedule;
import dev.orrery.testsupport.memory.Reachability;
import dev.orrery.world.MessageType;
import dev.orrery.world.World;
import dev.orrery.world.unload.isolated.Payload;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The purge of messages of unloaded code: message types it created are forgotten with their buffered
 * messages, buffered values of its classes leave the types that stay, and afterwards the world no
 * longer reaches its class loader. The unloaded code is {@link Payload}, loaded by an
 * {@link IsolatedLoader}.
 */
class MessagePurgeTest {
    private static final MessageType<Object> STAYS = MessageType.of("test/stays");
    private final World world = new World();

    @Test
    void aMessageTypeRemembersTheClassThatCreatedIt() {
        assertSame(MessagePurgeTest.class, STAYS.origin());
        IsolatedLoader loader = new IsolatedLoader(Payload.class.getName());
        MessageType<?> own = (MessageType<?>) loader.call("ownMessageType");
        assertSame(loader, own.origin().getClassLoader());
        assertTrue(Unloading.of(loader).isUnloaded(own));
        assertFalse(Unloading.of(loader).isUnloaded(STAYS));
    }

    @Test
    @SuppressWarnings("unchecked")
    void theTypesOfUnloadedCodeAreForgottenAndItsValuesLeaveTheOthers() {
        IsolatedLoader loader = new IsolatedLoader(Payload.class.getName());
        MessageType<Object> own = (MessageType<Object>) loader.call("ownMessageType");
        List<Object> got = new ArrayList<>();
        EcsSystem reader = EcsSystem.builder("stays/reader").readsMessages(STAYS)
                .run((w, dt) -> w.messages(STAYS).forEach(got::add)).build();
        Schedule schedule = Schedule.builder("main").systems(reader).build();
        schedule.run(world, 0.016); // registers the reader
        world.send(own, "in a type of unloaded code");
        world.send(own, "and another");
        world.send(STAYS, "kept 1");
        world.send(STAYS, loader.call("value"));
        world.send(STAYS, "kept 2");

        PurgeReport report = WorldPurge.purge(world, Unloading.of(loader));

        assertEquals(new PurgeReport(0, 0, 0, 3), report, report.toString());
        assertEquals("0 world traits, 0 entity components, 0 entries of purgeable world values, 3 messages",
                report.toString());
        assertEquals(List.of(STAYS), world.messageBus().types());
        schedule.run(world, 0.016);
        assertEquals(List.of("kept 1", "kept 2"), got, "the reader skips the removed value, reads the rest once");
        assertTrue(WorldPurge.purge(world, Unloading.of(loader)).isEmpty(), "a second purge finds nothing");
    }

    @Test
    void afterPurgeTheWorldNoLongerReachesTheLoaderOfADepartedReaderAndItsType() throws InterruptedException {
        WeakReference<ClassLoader> ref = fillWithIsolatedMessages();
        PurgeReport report = WorldPurge.purge(world, Unloading.of(l -> l == ref.get()));
        assertEquals(2, report.messages(), report.toString());
        assertTrue(Reachability.awaitCleared(ref), "the world still reaches the isolated loader");
        assertEquals(1, world.messageStats(STAYS).buffered(), "the other type keeps its message");
    }

    @SuppressWarnings("unchecked")
    private WeakReference<ClassLoader> fillWithIsolatedMessages() {
        IsolatedLoader loader = new IsolatedLoader(Payload.class.getName());
        MessageType<Object> own = (MessageType<Object>) loader.call("ownMessageType");
        // A reader of the departed plugin's type, in a schedule that is then dropped (as the host drops
        // the schedule it rebuilt without the plugin).
        Schedule schedule = Schedule.builder("main").systems(EcsSystem.builder("payload/reader")
                .readsMessages(own, STAYS).run((w, dt) -> { }).build()).build();
        schedule.run(world, 0.016);
        world.send(own, loader.call("value"));
        world.send(STAYS, loader.call("value"));
        world.send(STAYS, "kept");
        return new WeakReference<>(loader);
    }

    @Test
    void forgettingAndRemovingAreRefusedWhileAScheduleRuns() {
        List<RuntimeException> thrown = new ArrayList<>();
        Schedule schedule = Schedule.builder("main").transactions(false).systems(EcsSystem.define("tool", (w, dt) -> {
            thrown.add(assertThrows(IllegalStateException.class, () -> w.messageBus().forget(STAYS)));
            thrown.add(assertThrows(IllegalStateException.class, () -> w.messageBus().removeIf(STAYS, v -> true)));
        })).build();
        schedule.run(world, 0.016);
        assertEquals(2, thrown.size());
        assertTrue(thrown.get(0).getMessage().startsWith("MessageBus.forget: cannot run while a schedule runs"),
                thrown.get(0).getMessage());
    }
}
