package dev.orrery.host.core;

import dev.orrery.host.HostSettings;
import java.lang.System.Logger;

/**
 * Makes {@link HostCore}s: the seam between the front-end SPI and the host's implementation, which
 * provides it as a {@link java.util.ServiceLoader} service of the host's own module (bundle and JPMS
 * module {@code dev.orrery.host}). Front ends call {@link HostCore#create}, which finds the provider;
 * they never implement or look up this interface themselves.
 *
 * @since 0.1
 */
public interface HostCoreFactory {
    /**
     * Makes a host, not started; see {@link HostCore#create}.
     *
     * @param settings the host settings; not null
     * @param frontEnd the front end's callbacks; not null
     * @param log where the host logs; not null
     * @return the host
     * @throws NullPointerException when an argument is null
     */
    HostCore create(HostSettings settings, FrontEnd frontEnd, Logger log);
}
