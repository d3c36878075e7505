/**
 * Memory checks for tests: {@link dev.orrery.testsupport.memory.AllocationMeter} (bytes a thread
 * allocates in steady state, with a verdict that tolerates one-off JIT allocations) and
 * {@link dev.orrery.testsupport.memory.Reachability} (waiting for weakly held objects to be collected,
 * by collections rather than by time).
 */
@Export
@Version("0.2.0")
package dev.orrery.testsupport.memory;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
