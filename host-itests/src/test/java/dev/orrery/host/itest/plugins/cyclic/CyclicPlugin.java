package dev.orrery.host.itest.plugins.cyclic;

import dev.orrery.host.itest.support.Recording;
import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.ForwardingPlugin;
import dev.orrery.schedule.Plugin;
import dev.orrery.schedule.SystemSet;
import org.osgi.service.component.annotations.Component;

/**
 * Plugin {@code cyclic}: set {@code cyclic/B} runs both after and before {@code cyclic/A}, so its
 * systems {@code cyclic/x} (in A) and {@code cyclic/y} (in B) form a cycle.
 */
@Component(service = Plugin.class)
public final class CyclicPlugin extends ForwardingPlugin {
    private static final SystemSet A = SystemSet.define("cyclic/A");
    private static final SystemSet B = SystemSet.builder("cyclic/B").after(A).before(A).build();

    /** DS constructor. */
    public CyclicPlugin() {
        super(Plugin.builder("cyclic").sets(A, B).systems(
                EcsSystem.builder("cyclic/x").sets(A).run(Recording.system("cyclic/x").run()).build(),
                EcsSystem.builder("cyclic/y").sets(B).run(Recording.system("cyclic/y").run()).build()).build());
    }
}
