/**
 * The host's implementation: the Declarative Services component ({@link HostComponent}), the rebuild
 * coordinator, the schedule assembler with its exclusion loop, and the frame loop. Not exported.
 */
package dev.orrery.host.internal;
