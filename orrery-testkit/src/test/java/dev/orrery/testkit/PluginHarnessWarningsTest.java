package dev.orrery.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.Plugin;
import dev.orrery.testsupport.log.CapturedLog;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The harness names the mistakes the host would warn about at install: state in static fields. */
class PluginHarnessWarningsTest {
    /** A plugin keeping its score in a static field, as a newcomer might. */
    static final class Score {
        static int kills;
        static final Plugin PLUGIN = Plugin.builder("score").systems(EcsSystem.define("score/count", (w, dt) -> kills++))
                .build();
    }

    /** A plugin whose state is in the world. */
    static final class Clean {
        static final Plugin PLUGIN = Plugin.builder("clean").systems(EcsSystem.define("clean/tick", (w, dt) -> { }))
                .build();
    }

    @Test
    @DisplayName("a plugin with a mutable static field: one warning, returned and logged, naming the field and the fix")
    void staticStateIsNamed() {
        String warning = "plugin 'score': state in static field " + Score.class.getName()
                + ".kills is lost on every update: keep it in a world trait";
        try (CapturedLog log = CapturedLog.attach(PluginHarness.class.getName())) {
            PluginHarness h = PluginHarness.of(Score.PLUGIN, Clean.PLUGIN);
            assertEquals(List.of(warning), h.warnings());
            assertEquals(List.of(warning), log.messagesAt(System.Logger.Level.WARNING));
            h.step(1);
            assertEquals(List.of("score/count", "clean/tick"), h.ran(), "the harness runs the plugins as before");
        }
    }

    @Test
    @DisplayName("plugins that keep their state in world traits: no warning")
    void cleanPluginHasNoWarning() {
        assertEquals(List.of(), PluginHarness.of(Clean.PLUGIN).warnings());
    }
}
