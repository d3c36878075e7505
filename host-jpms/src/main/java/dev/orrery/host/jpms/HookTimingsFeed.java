package dev.orrery.host.jpms;

import dev.orrery.host.core.HostCore;
import dev.orrery.host.core.PluginSource;
import dev.orrery.plugin.console.ListenedTimingsFeed;
import dev.orrery.plugin.devtools.SystemTimings;
import java.util.Objects;
import java.util.function.LongSupplier;

/**
 * The web console's timings in JPMS mode: devtools' {@link SystemTimings} handed to the host core as
 * schedule hooks ({@link HostCore#hooksAdded}) only while at least one console page listens, and
 * removed ({@link HostCore#hooksRemoved}) when the last one goes, so no open page means no hook in any
 * frame. The JPMS counterpart of the console's OSGi-only {@code OwnTimingsFeed} (which registers a
 * {@code ScheduleHooks} service); the listener count is {@link ListenedTimingsFeed}'s. Thread-safe.
 * Beyond the spec (Orrery's own).
 */
final class HookTimingsFeed extends ListenedTimingsFeed {
    /** The hooks' origin, as shown in the host's reports. */
    static final String ORIGIN = "dev.orrery.plugin.console (web console timings)";
    private final HostCore host;
    private final LongSupplier ids;
    private long id = -1; // guarded by the feed's lock (attach/detach)

    /**
     * @param host the host core the hooks are handed to; not null
     * @param ids new ids for the host's hooks (unique among the front end's plugin and hooks ids)
     */
    HookTimingsFeed(HostCore host, LongSupplier ids) {
        this.host = Objects.requireNonNull(host, "host");
        this.ids = Objects.requireNonNull(ids, "ids");
    }

    @Override
    protected void attach(SystemTimings timings) {
        id = ids.getAsLong();
        host.hooksAdded(new PluginSource(id, ORIGIN, null), timings);
    }

    @Override
    protected void detach() {
        host.hooksRemoved(id);
        id = -1;
    }
}
