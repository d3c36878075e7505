package dev.orrery.host.internal;

import dev.orrery.host.HostSettings;
import dev.orrery.host.core.FrontEnd;
import dev.orrery.host.core.HostCore;
import dev.orrery.host.core.HostCoreFactory;
import java.lang.System.Logger;

/**
 * The {@link HostCoreFactory} of this module: makes an {@link Engine}. Registered as a
 * {@link java.util.ServiceLoader} provider ({@code META-INF/services/dev.orrery.host.core.HostCoreFactory},
 * which bnd also turns into the module's {@code provides} clause), so that the front-end SPI finds the
 * implementation without importing it. Public only for {@code ServiceLoader}; the package is not
 * exported.
 */
public final class EngineFactory implements HostCoreFactory {
    /** Made by {@code ServiceLoader}. */
    public EngineFactory() {
    }

    @Override
    public HostCore create(HostSettings settings, FrontEnd frontEnd, Logger log) {
        return Engine.create(settings, frontEnd, log);
    }
}
