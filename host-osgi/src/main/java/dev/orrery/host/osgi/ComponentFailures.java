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
     * @param failure the first line of SCR's failure text (the exception's class and message), without
     *     the stack trace
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
                return Optional.of(new Failure(description.name, firstLine(c.failure)));
            }
        }
        return Optional.empty();
    }

    private static String firstLine(String failure) {
        if (failure == null || failure.isBlank()) {
            return "no failure text from SCR";
        }
        String s = failure.strip();
        int nl = s.indexOf('\n');
        return (nl < 0 ? s : s.substring(0, nl)).strip();
    }
}
