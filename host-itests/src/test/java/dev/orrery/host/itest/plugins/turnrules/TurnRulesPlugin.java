package dev.orrery.host.itest.plugins.turnrules;

import dev.orrery.host.itest.support.Recording;
import dev.orrery.schedule.ForwardingPlugin;
import dev.orrery.schedule.Plugin;
import org.osgi.service.component.annotations.Component;

/** Plugin {@code turn-rules} of schedule {@code turn}: {@code turn-rules/resolve}. */
@Component(service = Plugin.class, property = Plugin.SCHEDULE_PROPERTY + "=turn")
public final class TurnRulesPlugin extends ForwardingPlugin {
    /** DS constructor. */
    public TurnRulesPlugin() {
        super(Plugin.builder("turn-rules").systems(Recording.system("turn-rules/resolve")).build());
    }
}
