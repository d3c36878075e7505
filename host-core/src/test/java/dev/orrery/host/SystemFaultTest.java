package dev.orrery.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.orrery.schedule.RunFailure;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** {@link SystemFault} names what is known and leaves the rest empty, never a placeholder. */
class SystemFaultTest {
    private static SystemFault.Builder boom(SystemFault.Kind kind) {
        return SystemFault.builder(kind).frame(12).error("java.lang.IllegalStateException", "boom", "trace");
    }

    @Test
    void aSystemFaultNamesSystemPluginScheduleAndStage() {
        SystemFault f = boom(SystemFault.Kind.SYSTEM).schedule("main").system("game/move", "game")
                .stage(RunFailure.Stage.RUN, null).build();
        assertEquals("system 'game/move' of plugin 'game' in schedule 'main' threw java.lang.IllegalStateException: boom"
                + " in frame 12", f.describe());
        assertEquals("run", f.stageText());
        assertEquals(f, boom(SystemFault.Kind.SYSTEM).schedule("main").system("game/move", "game")
                .stage(RunFailure.Stage.RUN, null).build());
    }

    @Test
    void whatTheHostCouldNotNameIsEmpty() {
        SystemFault f = boom(SystemFault.Kind.SYSTEM).schedule("main").build();
        assertEquals(Optional.empty(), f.system());
        assertEquals(Optional.empty(), f.plugin());
        assertEquals(Optional.empty(), f.stage());
        assertEquals("unknown", f.stageText());
        assertEquals("schedule 'main' threw java.lang.IllegalStateException: boom in frame 12", f.describe());
    }

    @Test
    void aDeadFrameThreadIsItsOwnKindAndNamesTheSystemThatRan() {
        SystemFault named = boom(SystemFault.Kind.FRAME_THREAD).schedule("main").system("fatal/s", "fatal")
                .stage(RunFailure.Stage.RUN, null).build();
        assertEquals("frame thread", named.stageText());
        assertEquals("the frame thread (schedule 'main', system 'fatal/s' of plugin 'fatal') died of"
                + " java.lang.IllegalStateException: boom in frame 12", named.describe());
        SystemFault bare = boom(SystemFault.Kind.FRAME_THREAD).build();
        assertEquals(Optional.empty(), bare.schedule());
        assertEquals("the frame thread died of java.lang.IllegalStateException: boom in frame 12", bare.describe());
    }

    @Test
    void aSetIsNamedExactlyForASetCondition() {
        assertEquals("the set condition 'gate' of system 'a/s' of plugin 'a' in schedule 'main' threw"
                + " java.lang.IllegalStateException: boom in frame 12", boom(SystemFault.Kind.SYSTEM).schedule("main")
                .system("a/s", "a").stage(RunFailure.Stage.SET_CONDITION, "gate").build().describe());
        assertThrows(IllegalArgumentException.class,
                () -> boom(SystemFault.Kind.SYSTEM).stage(RunFailure.Stage.SET_CONDITION, null).build());
        assertThrows(IllegalArgumentException.class,
                () -> boom(SystemFault.Kind.SYSTEM).stage(RunFailure.Stage.RUN, "gate").build());
    }
}
