package dev.orrery.launcher;

import java.util.ArrayList;
import java.util.List;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceReference;

/**
 * Finds Declarative Services components that failed to activate, through SCR's
 * {@code ServiceComponentRuntime} service (OSGi Compendium 112.9: component configuration DTOs in
 * state {@code FAILED_ACTIVATION} carry the {@code failure}), read reflectively: the launcher's class
 * path does not see the DS API.
 */
final class ComponentFailures {
    /** {@code ComponentConfigurationDTO.FAILED_ACTIVATION}. */
    static final int FAILED_ACTIVATION = 16;
    private static final String SCR = "org.osgi.service.component.runtime.ServiceComponentRuntime";

    private ComponentFailures() {
    }

    /**
     * @param context the system bundle's context
     * @return one line per failed component configuration: component, bundle, the reason; empty when
     *     none failed or there is no SCR
     */
    static List<String> find(BundleContext context) {
        ServiceReference<?> ref = context.getServiceReference(SCR);
        if (ref == null) {
            return List.of();
        }
        Object scr = context.getService(ref);
        if (scr == null) {
            return List.of();
        }
        List<String> out = new ArrayList<>();
        try {
            Object descriptions = Reflect.call(scr, "getComponentDescriptionDTOs", (Object) new Bundle[0]);
            for (Object d : (java.util.Collection<?>) descriptions) {
                Object configs = Reflect.call(scr, "getComponentConfigurationDTOs", d);
                for (Object c : (java.util.Collection<?>) configs) {
                    if (((Number) Reflect.field(c, "state")).intValue() == FAILED_ACTIVATION) {
                        Object bundle = Reflect.field(d, "bundle");
                        out.add("component " + Reflect.field(d, "name") + " of bundle "
                                + Reflect.field(bundle, "symbolicName") + " failed to activate: "
                                + reason((String) Reflect.field(c, "failure")));
                    }
                }
            }
        } catch (ReflectiveOperationException | RuntimeException e) {
            return List.of();
        } finally {
            context.ungetService(ref);
        }
        return out;
    }

    /**
     * @param failure SCR's failure text (a stack trace, or null)
     * @return the first exception in the cause chain that has a message and is not a mere wrapper
     *     ({@code InvocationTargetException}, or one whose message is its cause), as
     *     {@code type: message}; the first line when there is none
     */
    static String reason(String failure) {
        if (failure == null || failure.isBlank()) {
            return "(no reason given)";
        }
        List<String> heads = new ArrayList<>();
        for (String line : failure.split("\\R")) {
            String l = line.strip();
            if (l.startsWith("Caused by: ")) {
                heads.add(l.substring("Caused by: ".length()));
            } else if (heads.isEmpty() && !l.isEmpty()) {
                heads.add(l);
            }
        }
        for (String h : heads) {
            int colon = h.indexOf(": ");
            if (colon < 0 || h.startsWith("java.lang.reflect.InvocationTargetException")) {
                continue;
            }
            String message = h.substring(colon + 2);
            if (message.matches("[\\w.$]+(Exception|Error)(: .*)?")) {
                continue; // a wrapper whose message is its cause
            }
            return h;
        }
        return heads.isEmpty() ? failure.strip() : heads.get(0);
    }
}
