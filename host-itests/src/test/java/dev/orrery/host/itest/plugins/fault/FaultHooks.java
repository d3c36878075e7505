package dev.orrery.host.itest.plugins.fault;

import dev.orrery.host.itest.support.Trace;
import dev.orrery.schedule.HookContext;
import dev.orrery.schedule.ScheduleHooks;
import java.util.Map;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;

/**
 * An observer ({@code ScheduleHooks} service) that throws one {@link FaultKind} from
 * {@code beforeSystem} or {@code afterSystem} ({@link FaultPlace#BEFORE_SYSTEM},
 * {@link FaultPlace#AFTER_SYSTEM}) while the trace marks its {@code case} as failing; one component
 * instance per factory configuration of PID {@value #PID} (properties {@code case}, {@code place},
 * {@code kind}, as for {@link FaultPlugin}). Only the callback of its place does anything: while not
 * armed it records {@code <case>:before} or {@code <case>:after} in the trace. Frame thread only after
 * activate.
 */
@Component(service = ScheduleHooks.class, configurationPid = FaultHooks.PID,
        configurationPolicy = ConfigurationPolicy.REQUIRE, immediate = true)
public final class FaultHooks implements ScheduleHooks {
    /** Factory configuration PID of this component. */
    public static final String PID = "itest.faulthooks";

    private String name;
    private FaultPlace place;
    private FaultKind kind;

    /** DS constructor. */
    public FaultHooks() {
    }

    @Activate
    void activate(Map<String, Object> props) {
        name = String.valueOf(props.get("case"));
        place = FaultPlace.of(String.valueOf(props.get("place")));
        kind = FaultKind.of(String.valueOf(props.get("kind")));
    }

    @Override
    public void beforeSystem(HookContext ctx) {
        call(ctx, FaultPlace.BEFORE_SYSTEM, ":before");
    }

    @Override
    public void afterSystem(HookContext ctx) {
        call(ctx, FaultPlace.AFTER_SYSTEM, ":after");
    }

    private void call(HookContext ctx, FaultPlace at, String event) {
        if (place != at) {
            return;
        }
        Trace trace = ctx.world().add(Trace.TRAIT);
        if (trace.isFailing(name)) {
            throw kind.raise(at.key() + " of observer " + name + " around " + ctx.system().name());
        }
        trace.record(name + event);
    }
}
