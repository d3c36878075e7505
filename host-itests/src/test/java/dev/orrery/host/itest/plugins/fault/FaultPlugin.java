package dev.orrery.host.itest.plugins.fault;

import dev.orrery.host.itest.support.StagingProbe;
import dev.orrery.host.itest.support.Trace;
import dev.orrery.schedule.Condition;
import dev.orrery.schedule.EcsSystem;
import dev.orrery.schedule.Phase;
import dev.orrery.schedule.Plugin;
import dev.orrery.schedule.SystemSet;
import dev.orrery.world.World;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;

/**
 * A plugin that throws one {@link FaultKind} at one {@link FaultPlace}, one component instance per
 * factory configuration of PID {@value #PID} (properties {@code case}: the plugin name, also a service
 * property the tests filter on; {@code place}: {@link FaultPlace#key()}; {@code kind}:
 * {@link FaultKind} name). The plugin has one system {@code <case>/sys} in OnUpdate, in the set
 * {@code <case>/set}, with a run condition and a set condition; it records {@code <case>/sys} in the
 * {@link Trace} each run. The run function and the conditions throw while the trace marks
 * {@code <case>} as failing ({@code Trace.setFailing(case, true)}) and this place is theirs; at the
 * staged places ({@link FaultPlace#STAGED_RUN}, {@link FaultPlace#STAGED_CONDITION},
 * {@link FaultPlace#STAGED_INIT}) the run function, the condition or the init function first stages
 * structural changes ({@link StagingProbe#stage}), and the unarmed run function spawns one entity.
 *
 * <p>Immediate, so a throwing activate runs when the configuration arrives. Immutable after activate
 * except for the accessor call counts of {@link FaultPlace#REBUILD}.
 */
@Component(service = Plugin.class, configurationPid = FaultPlugin.PID, configurationPolicy = ConfigurationPolicy.REQUIRE,
        immediate = true)
public final class FaultPlugin implements Plugin {
    /** Factory configuration PID of this component. */
    public static final String PID = "itest.fault";

    private String name;
    private FaultPlace place;
    private FaultKind kind;
    private List<SystemSet> sets;
    private List<EcsSystem> systems;
    private final AtomicInteger nameCalls = new AtomicInteger();
    private final AtomicInteger phasesCalls = new AtomicInteger();
    private final AtomicInteger setsCalls = new AtomicInteger();
    private final AtomicInteger systemsCalls = new AtomicInteger();

    /** DS constructor. */
    public FaultPlugin() {
    }

    @Activate
    void activate(Map<String, Object> props) {
        name = String.valueOf(props.get("case"));
        place = FaultPlace.of(String.valueOf(props.get("place")));
        kind = FaultKind.of(String.valueOf(props.get("kind")));
        if (place == FaultPlace.ACTIVATE) {
            throw kind.raise("activate of " + name);
        }
        String sys = name + "/sys";
        SystemSet set = SystemSet.builder(name + "/set").runIf(armed(FaultPlace.SET_CONDITION, "set condition of " + sys))
                .build();
        sets = List.of(set);
        systems = List.of(EcsSystem.builder(sys).phase(Phase.ON_UPDATE).sets(set)
                .runIf(armed(FaultPlace.CONDITION, "condition of " + sys))
                .runIf(armed(FaultPlace.STAGED_CONDITION, "condition of " + sys))
                .init(world -> failIfArmed(world, FaultPlace.STAGED_INIT, "init of " + sys))
                .run((world, dt) -> {
                    Trace trace = world.add(Trace.TRAIT);
                    failIfArmed(world, FaultPlace.RUN, "run of " + sys);
                    failIfArmed(world, FaultPlace.STAGED_RUN, "run of " + sys);
                    if (isStaging()) {
                        world.spawn(StagingProbe.MARK.with(name));
                    }
                    trace.record(sys);
                })
                .build());
    }

    private boolean isStaging() {
        return place == FaultPlace.STAGED_RUN || place == FaultPlace.STAGED_CONDITION || place == FaultPlace.STAGED_INIT;
    }

    private Condition armed(FaultPlace at, String where) {
        return (World world) -> {
            failIfArmed(world, at, where);
            return true;
        };
    }

    /**
     * Throws when {@code at} is this plugin's place and the trace marks it as failing; at a staged
     * place, after staging structural changes ({@link StagingProbe#stage}).
     */
    private void failIfArmed(World world, FaultPlace at, String where) {
        if (place != at || !world.add(Trace.TRAIT).isFailing(name)) {
            return;
        }
        if (isStaging()) {
            world.add(StagingProbe.TRAIT).stage(world, name);
            throw kind.raise(where + " after staging");
        }
        throw kind.raise(where);
    }

    private void access(FaultPlace at, AtomicInteger calls, String what) {
        int n = calls.incrementAndGet();
        if (place == at || (place == FaultPlace.REBUILD && n > 1)) {
            throw kind.raise(what + " of plugin " + name + " (call " + n + ")");
        }
    }

    @Override
    public String name() {
        access(FaultPlace.NAME, nameCalls, "name()");
        return name;
    }

    @Override
    public List<Phase> phases() {
        access(FaultPlace.PHASES, phasesCalls, "phases()");
        return List.of();
    }

    @Override
    public List<SystemSet> sets() {
        access(FaultPlace.SETS, setsCalls, "sets()");
        return sets;
    }

    @Override
    public List<EcsSystem> systems() {
        access(FaultPlace.SYSTEMS, systemsCalls, "systems()");
        return systems;
    }

    @Override
    public String toString() {
        return "fault plugin '" + name + "' (" + place.key() + ", " + kind + ")";
    }
}
