/**
 * The run engine: {@code ScheduleRunner} (run calls, per-world runtimes, enabled flags and phase
 * toggle, OnStart progress, lifecycle and disposal, failure attribution, the probe) around one
 * executor seam, {@code SystemExecutor}, with two implementations: the array loop and the code
 * generated per schedule (the only use of ASM). Not exported.
 */
package dev.orrery.schedule.internal.run;
