package dev.orrery.plugin.console.itest.plugin;

import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.ForwardingPlugin;
import dev.orrery.schedule.Phase;
import dev.orrery.schedule.Plugin;
import dev.orrery.world.MessageType;
import org.osgi.service.component.annotations.Component;

/**
 * The plugin the browser test runs: five systems in two phases, ordered, one with a run condition that
 * never holds; {@code console-test/collide} sends a {@link #HIT} message every frame and
 * {@code console-test/render} reads them. Built into a bundle at test time ({@code TestBundle}).
 */
@Component(service = Plugin.class)
public final class BrowserTestPlugin extends ForwardingPlugin {
    /** The systems' names, in execution order. */
    public static final String[] SYSTEMS = {"console-test/input", "console-test/move", "console-test/collide",
        "console-test/render", "console-test/never"};

    /**
     * A JVM system property: when set, the system {@code console-test/render} throws once (and clears
     * it), so the browser test can see the host pause on a fault and resume it from the plugins page.
     */
    public static final String FAULT_PROPERTY = "orrery.consoletest.fault";

    /** The message type {@code console-test/collide} sends and {@code console-test/render} reads. */
    public static final MessageType<Integer> HIT = MessageType.of("console-test/hit");

    /** Used by DS. */
    public BrowserTestPlugin() {
        super(plugin());
    }

    private static Plugin plugin() {
        EcsSystem input = EcsSystem.builder(SYSTEMS[0]).phase(Phase.ON_UPDATE).run((w, dt) -> spin()).build();
        EcsSystem move = EcsSystem.builder(SYSTEMS[1]).phase(Phase.ON_UPDATE).after(input).run((w, dt) -> spin()).build();
        EcsSystem collide = EcsSystem.builder(SYSTEMS[2]).phase(Phase.ON_UPDATE).after(move).run((w, dt) -> {
            w.send(HIT, 1);
            spin();
        }).build();
        EcsSystem render = EcsSystem.builder(SYSTEMS[3]).phase(Phase.ON_STORE).readsMessages(HIT).run((w, dt) -> {
            w.messages(HIT).forEach(hit -> { });
            if (System.clearProperty(FAULT_PROPERTY) != null) {
                throw new IllegalStateException("console-test: the fault the browser test asked for");
            }
            spin();
        }).build();
        EcsSystem never = EcsSystem.builder(SYSTEMS[4]).phase(Phase.ON_STORE).runIf(w -> false).run((w, dt) -> spin()).build();
        return Plugin.builder("console-test").systems(input, move, collide, render, never).build();
    }

    /** A little work, so that durations are not zero. */
    private static void spin() {
        long x = 0;
        for (int i = 0; i < 2_000; i++) {
            x += i * 31L ^ x;
        }
        if (x == 42) {
            Thread.onSpinWait();
        }
    }
}
