package dev.orrery.host.itest;

import dev.orrery.host.GameHost;
import dev.orrery.host.SystemFault;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the host API additions agreed for issue 11 (team brief, "Contracts between branches":
 * {@code SystemFault.stage()}, {@code GameHost.observers()} with {@code ObserverStatus}) by
 * reflection, so the fault tests compile against a host bundle that does not have them yet and fail
 * with a message that says so. Replace with direct calls once every branch builds on the new API.
 */
final class HostContract {
    /**
     * A copy of {@code dev.orrery.host.ObserverStatus}.
     *
     * @param serviceId the observer's service id
     * @param bundle its bundle as {@code symbolicName/version}
     * @param schedule the schedule it observes, null for every schedule
     * @param quarantined whether the host stopped calling it
     * @param reason why, or the empty string
     */
    record Observer(long serviceId, String bundle, String schedule, boolean quarantined, String reason) {
    }

    private HostContract() {
    }

    /**
     * @param fault a system fault
     * @return its stage ({@code "run"}, {@code "condition"}, {@code "set condition 'X'"}, {@code "frame thread"})
     * @throws AssertionError if the host's {@code SystemFault} has no stage yet
     */
    static String stage(SystemFault fault) {
        return (String) call(fault, "stage", "SystemFault.stage()");
    }

    /**
     * @param host the host
     * @return its observers
     * @throws AssertionError if the host has no {@code observers()} yet
     */
    static List<Observer> observers(GameHost host) {
        List<?> raw = (List<?>) call(host, "observers", "GameHost.observers()");
        List<Observer> out = new ArrayList<>();
        for (Object o : raw) {
            out.add(new Observer((Long) call(o, "serviceId", "ObserverStatus.serviceId()"),
                    (String) call(o, "bundle", "ObserverStatus.bundle()"),
                    (String) call(o, "schedule", "ObserverStatus.schedule()"),
                    (Boolean) call(o, "quarantined", "ObserverStatus.quarantined()"),
                    (String) call(o, "reason", "ObserverStatus.reason()")));
        }
        return out;
    }

    private static Object call(Object target, String method, String what) {
        Method m;
        try {
            m = findPublic(target.getClass(), method);
        } catch (NoSuchMethodException e) {
            throw new AssertionError(what + " is not in the host bundle under test: the host side of issue 11"
                    + " (team brief, contracts) has not landed");
        }
        try {
            return m.invoke(target);
        } catch (IllegalAccessException e) {
            throw new AssertionError("cannot call " + what + ": " + e, e);
        } catch (InvocationTargetException e) {
            throw new AssertionError(what + " threw " + e.getCause(), e.getCause());
        }
    }

    /** Finds the method on a public type (the host's implementation class is not exported). */
    private static Method findPublic(Class<?> type, String method) throws NoSuchMethodException {
        for (Class<?> c = type; c != null; c = c.getSuperclass()) {
            if (java.lang.reflect.Modifier.isPublic(c.getModifiers()) && c.getModule().isExported(c.getPackageName())) {
                try {
                    return c.getMethod(method);
                } catch (NoSuchMethodException e) {
                    // try the interfaces below
                }
            }
            for (Class<?> i : c.getInterfaces()) {
                try {
                    return i.getMethod(method);
                } catch (NoSuchMethodException e) {
                    // next
                }
            }
        }
        throw new NoSuchMethodException(method);
    }
}
