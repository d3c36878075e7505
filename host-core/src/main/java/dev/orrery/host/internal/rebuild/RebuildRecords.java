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
 * <p>Written on the frame thread when a swap is installed; read from any thread (volatile, immutable
 * lists).
 */
public final class RebuildRecords {
    static final int HISTORY = 100;

    private volatile List<PluginStatus> plugins = List.of();
    private volatile List<RebuildInfo> history = List.of();

    /**
     * Frame thread: a swap was installed.
     *
     * @param swap the swap
     * @param now when
     * @return its rebuild records, stamped
     */
    public List<RebuildInfo> installed(Swap swap, Instant now) {
        plugins = swap.plugins();
        List<RebuildInfo> infos = new ArrayList<>();
        for (RebuildInfo info : swap.infos()) {
            infos.add(info.withSwappedIn(now));
        }
        if (!infos.isEmpty()) {
            List<RebuildInfo> h = new ArrayList<>(history);
            h.addAll(infos);
            if (h.size() > HISTORY) {
                h = h.subList(h.size() - HISTORY, h.size());
            }
            history = List.copyOf(h);
        }
        return infos;
    }

    /** @return the plugin statuses of the last swap */
    public List<PluginStatus> plugins() {
        return plugins;
    }

    /** @return the most recent rebuilds, oldest first */
    public List<RebuildInfo> history() {
        return history;
    }
}
