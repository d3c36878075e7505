package dev.orrery.host.itest.plugins.messenger;

import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.ForwardingPlugin;
import dev.orrery.schedule.Phase;
import dev.orrery.schedule.Plugin;
import dev.orrery.world.MessageType;
import org.osgi.service.component.annotations.Component;

/**
 * Plugin {@code messenger}: a message type of its own with values of its own class, sent after its
 * reader has run, so that messages of the bundle are always in flight in the world when it leaves.
 */
@Component(service = Plugin.class)
public final class MessengerPlugin extends ForwardingPlugin {
    /** The bundle's message type. */
    static final MessageType<Ping> PING = MessageType.of("messenger/Ping");

    /** A message value of the bundle's own class. */
    record Ping(int n) {
    }

    /** DS constructor. */
    public MessengerPlugin() {
        super(Plugin.builder("messenger").systems(
                EcsSystem.builder("messenger/read").phase(Phase.PRE_UPDATE).readsMessages(PING)
                        .run((w, dt) -> w.messages(PING).forEach(p -> { })).build(),
                EcsSystem.define("messenger/send", Phase.POST_UPDATE, (w, dt) -> w.send(PING, new Ping(1)))).build());
    }
}
