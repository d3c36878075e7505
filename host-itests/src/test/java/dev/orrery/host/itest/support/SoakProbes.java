package dev.orrery.host.itest.support;

import dev.orrery.testsupport.soak.SoakProbe;
import dev.orrery.world.Trait;

/**
 * The world trait of the hot-plug soak harness: its value is the shared {@link SoakProbe}
 * (orrery-test-support), which the {@code soak-clock} plugin's system ticks once per frame and the
 * {@code soak} plugin's system reports each run to, with its bundle version.
 */
public final class SoakProbes {
    /** The trait; one probe per world. */
    public static final Trait<SoakProbe> TRAIT = Trait.of("itest/soak-probe", SoakProbe::new);

    private SoakProbes() {
    }
}
