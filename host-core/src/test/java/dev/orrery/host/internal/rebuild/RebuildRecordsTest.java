package dev.orrery.host.internal.rebuild;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orrery.host.PluginState;
import dev.orrery.host.PluginStatus;
import dev.orrery.host.RebuildInfo;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class RebuildRecordsTest {
    private static RebuildInfo joined(long sequence, String name) {
        return RebuildInfo.builder().sequence(sequence).schedule("main").plugins(List.of(name)).systems(1).phases(9)
                .buildNanos(0).joined(List.of(name)).left(List.of()).replaced(List.of()).excluded(List.of()).build();
    }

    private static PluginStatus active(String name, long serviceId) {
        return PluginStatus.builder().name(name).schedule("main").bundle(name + "/1.0.0").serviceId(serviceId)
                .state(PluginState.ACTIVE).build();
    }

    private static Swap swap(long generation, RebuildInfo info, List<PluginStatus> plugins) {
        return new Swap(generation, "main", Map.of(), List.of(info), plugins, Map.of());
    }

    @Test
    @DisplayName("each swap's plugin statuses are published with its rebuild records: a reader that sees a plugin sees the rebuild that took it in")
    void pluginsAndRebuildsArePublishedTogether() {
        RebuildRecords records = new RebuildRecords();
        List<PluginStatus> plugins = new ArrayList<>();
        for (int i = 1; i <= 3; i++) {
            String name = "p" + i;
            plugins.add(active(name, i));
            List<RebuildInfo> stamped = records.installed(swap(i, joined(i, name), plugins), Instant.EPOCH.plusSeconds(i));
            assertEquals(1, stamped.size());
            assertNotNull(stamped.get(0).swappedIn());
            // plugins() first, then history(), as HostDriver and the console ask
            List<PluginStatus> seen = records.plugins();
            List<RebuildInfo> history = records.history();
            assertEquals(plugins, seen);
            for (PluginStatus p : seen) {
                assertTrue(history.stream().anyMatch(r -> r.joined().contains(p.name())), p.name() + " in " + history);
            }
            assertEquals(stamped.get(0), history.get(history.size() - 1));
        }
    }

    @Test
    @DisplayName("the history keeps the most recent rebuilds only, oldest first")
    void historyIsBounded() {
        RebuildRecords records = new RebuildRecords();
        for (int i = 1; i <= RebuildRecords.HISTORY + 5; i++) {
            records.installed(swap(i, joined(i, "p"), List.of(active("p", 1))), Instant.EPOCH);
        }
        List<RebuildInfo> history = records.history();
        assertEquals(RebuildRecords.HISTORY, history.size());
        assertEquals(6, history.get(0).sequence());
        assertEquals(RebuildRecords.HISTORY + 5, history.get(history.size() - 1).sequence());
    }
}
