package dev.orrery.host.internal.rebuild;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.orrery.host.internal.plugins.PluginEntry;
import dev.orrery.schedule.Plugin;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class PluginOrderTest {
    private static PluginEntry entry(String name, long id) {
        return PluginEntry.of(Plugin.builder(name).build(), "main", "b/1.0.0", id);
    }

    @Test
    void declaredPluginsComeFirstInDeclaredOrderThenTheOthersByName() {
        List<PluginEntry> plugins = List.of(entry("zeta", 1), entry("b", 2), entry("alpha", 3), entry("a", 4));
        PluginOrder.Result r = PluginOrder.order(plugins, List.of("b", "a", "missing"));
        assertEquals(List.of("b", "a", "alpha", "zeta"),
                r.ordered().stream().map(PluginEntry::name).collect(Collectors.toList()));
        assertEquals(List.of("alpha", "zeta"), r.unlisted());
    }

    @Test
    void reversingTheDeclaredOrderReversesTheResult() {
        List<PluginEntry> plugins = List.of(entry("a", 1), entry("b", 2));
        assertEquals(List.of("a", "b"), PluginOrder.order(plugins, List.of("a", "b")).ordered().stream()
                .map(PluginEntry::name).collect(Collectors.toList()));
        assertEquals(List.of("b", "a"), PluginOrder.order(plugins, List.of("b", "a")).ordered().stream()
                .map(PluginEntry::name).collect(Collectors.toList()));
    }

    @Test
    void sameNameIsOrderedByServiceId() {
        List<PluginEntry> plugins = List.of(entry("a", 9), entry("a", 3));
        assertEquals(List.of(3L, 9L), PluginOrder.order(plugins, List.of()).ordered().stream()
                .map(PluginEntry::serviceId).collect(Collectors.toList()));
    }

    @Test
    void withNoDeclaredOrderNoPluginIsReportedUnlisted() {
        List<PluginEntry> plugins = List.of(entry("prefab", 1), entry("game", 2));
        PluginOrder.Result r = PluginOrder.order(plugins, List.of());
        assertEquals(List.of("game", "prefab"),
                r.ordered().stream().map(PluginEntry::name).collect(Collectors.toList()));
        assertEquals(List.of(), r.unlisted());
    }

    @Test
    void anUnusablePluginIsNotReportedUnlisted() {
        dev.orrery.schedule.Plugin nameless = new dev.orrery.schedule.Plugin() {
            @Override
            public String name() {
                throw new IllegalStateException("no name");
            }

            @Override
            public List<dev.orrery.schedule.Phase> phases() {
                return List.of();
            }

            @Override
            public List<dev.orrery.schedule.SystemSet> sets() {
                return List.of();
            }

            @Override
            public List<dev.orrery.schedule.EcsSystem> systems() {
                return List.of();
            }
        };
        PluginEntry broken = PluginEntry.of(nameless, "main", "b/1.0.0", 9);
        PluginOrder.Result r = PluginOrder.order(List.of(entry("a", 1), broken, entry("z", 2)), List.of("a"));
        assertEquals(List.of("z"), r.unlisted());
        assertEquals(3, r.ordered().size());
    }
}
