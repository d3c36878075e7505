package dev.orrery.host.internal.rebuild;

import dev.orrery.host.PluginStatus;
import dev.orrery.host.RebuildInfo;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * What the host reports of its rebuilds: the plugin statuses of the last swap and the most recent
 * rebuilds (at most {@value #HISTORY}), each stamped with when it was swapped in.
 *
 * <p>Written on the frame thread when a swap is installed; read from any thread. The plugin statuses and
 * the rebuilds are published together, in one write of an immutable pair: a reader that sees a swap's
 * plugin statuses sees the rebuild records of that swap too, whichever of {@link #plugins()} and
 * {@link #history()} it asks first (each later read sees the same pair or a later one).
 */
public final class RebuildRecords {
    static final int HISTORY = 100;

    /** The statuses and rebuilds of the last swap, published as one value. */
    private record Published(List<PluginStatus> plugins, List<RebuildInfo> history) {
    }

    private volatile Published published = new Published(List.of(), List.of());

    /**
     * Frame thread: a swap was installed.
     *
     * @param swap the swap
     * @param now when
     * @return its rebuild records, stamped
     */
    public List<RebuildInfo> installed(Swap swap, Instant now) {
        List<RebuildInfo> infos = new ArrayList<>();
        for (RebuildInfo info : swap.infos()) {
            infos.add(info.withSwappedIn(now));
        }
        List<RebuildInfo> history = published.history();
        if (!infos.isEmpty()) {
            List<RebuildInfo> h = new ArrayList<>(history);
            h.addAll(infos);
            if (h.size() > HISTORY) {
                h = h.subList(h.size() - HISTORY, h.size());
            }
            history = List.copyOf(h);
        }
        published = new Published(swap.plugins(), history);
        return List.copyOf(infos);
    }

    /** @return the plugin statuses of the last swap (published with {@link #history()}'s records of it) */
    public List<PluginStatus> plugins() {
        return published.plugins();
    }

    /** @return the most recent rebuilds, oldest first */
    public List<RebuildInfo> history() {
        return published.history();
    }
}
