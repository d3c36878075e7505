package dev.orrery.host.osgi;

import java.util.Optional;
import org.osgi.framework.Bundle;
import org.osgi.framework.Constants;
import org.osgi.framework.ServiceReference;
import org.osgi.service.component.ComponentConstants;
import org.osgi.service.component.runtime.ServiceComponentRuntime;
import org.osgi.service.component.runtime.dto.ComponentConfigurationDTO;
import org.osgi.service.component.runtime.dto.ComponentDescriptionDTO;

/**
 * Why a Declarative Services component gave no service object: reads SCR's runtime DTOs (OSGi
 * Compendium R8 112.12, {@link ComponentConfigurationDTO#FAILED_ACTIVATION} and
 * {@link ComponentConfigurationDTO#failure}). Stateless; any thread.
 */
final class ComponentFailures {
    private ComponentFailures() {
    }

    /**
     * One failed activation, summed up in one line.
     *
     * @param component the component name
     * @param failure the exception that made the activation fail, from SCR's failure text, as
     *     {@code type: message} without the stack trace: the first in the cause chain that has a message
     *     and is not a mere wrapper (an {@code InvocationTargetException} from a constructor or an
     *     activate method, or an exception whose message is its cause's)
     */
    record Failure(String component, String failure) {
    }

    /**
     * @param scr the runtime service, or null when there is none
     * @param ref a service that gave no service object
     * @return the failed activation of the component configuration that registered it, if SCR reports one
     */
    static Optional<Failure> of(ServiceComponentRuntime scr, ServiceReference<?> ref) {
        Bundle bundle = ref.getBundle();
        Object component = ref.getProperty(ComponentConstants.COMPONENT_NAME);
        if (scr == null || bundle == null || component == null) {
            return Optional.empty();
        }
        ComponentDescriptionDTO description = scr.getComponentDescriptionDTO(bundle, String.valueOf(component));
        if (description == null) {
            return Optional.empty();
        }
        long serviceId = (Long) ref.getProperty(Constants.SERVICE_ID);
        Object componentId = ref.getProperty(ComponentConstants.COMPONENT_ID);
        for (ComponentConfigurationDTO c : scr.getComponentConfigurationDTOs(description)) {
            boolean same = (c.service != null && c.service.id == serviceId)
                    || (componentId instanceof Long id && c.id == id);
            if (same && c.state == ComponentConfigurationDTO.FAILED_ACTIVATION) {
                return Optional.of(new Failure(description.name, cause(c.failure)));
            }
        }
        return Optional.empty();
    }

    /**
     * @param failure SCR's failure text (a stack trace with its {@code Caused by:} lines), or null
     * @return the exception at fault as {@code type: message} ({@link Failure#failure()}), or the deepest
     *     cause when every one is a wrapper; a fixed text when SCR gave none
     */
    static String cause(String failure) {
        if (failure == null || failure.isBlank()) {
            return "no failure text from SCR";
        }
        java.util.List<String> heads = new java.util.ArrayList<>();
        for (String line : failure.strip().split("\\R")) {
            String l = line.strip();
            if (l.startsWith("Caused by: ")) {
                heads.add(l.substring("Caused by: ".length()));
            } else if (heads.isEmpty() && !l.isEmpty()) {
                heads.add(l);
            }
        }
        for (String h : heads) {
            int colon = h.indexOf(": ");
            if (colon < 0 || h.startsWith("java.lang.reflect.InvocationTargetException")
                    || h.substring(colon + 2).matches("[\\w.$]+(Exception|Error)(: .*)?")) {
                continue; // a wrapper: no message of its own, or its cause as its message
            }
            return h;
        }
        return heads.isEmpty() ? failure.strip() : heads.get(heads.size() - 1);
    }
}
