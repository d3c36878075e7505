/**
 * The hot-plug soak's probe and statistics, shared by the OSGi soak (host-itests) and the JPMS soak
 * (host-jpms): {@link dev.orrery.testsupport.soak.SoakProbe} (frames, gaps, first runs, on the frame
 * thread), {@link dev.orrery.testsupport.soak.Latencies} (p50/p95/max),
 * {@link dev.orrery.testsupport.soak.FrameAccount} (frames lost) and
 * {@link dev.orrery.testsupport.soak.IdleControl} (the control window without plug events).
 */
@Export
@Version("0.1.0")
package dev.orrery.testsupport.soak;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
