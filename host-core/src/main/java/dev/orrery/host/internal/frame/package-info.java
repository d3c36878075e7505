/**
 * The frame thread: {@code FrameLoop} (one thread owning the world, running the main schedule once
 * per frame), its timing ({@code FramePacer}, {@code FrameWatchdog}), pause, resume and step
 * ({@code RunControl}, {@code Stepping}), work at frame boundaries ({@code FrameTasks},
 * {@code FrameTaskRunner}, {@code BoundaryHandoff}), the schedules in force and departures
 * ({@code InstalledSchedules}, {@code ScheduleChanges}, {@code SystemDisposer}), faults
 * ({@code FrameFaults}, {@code FaultAttribution}) and the purge of unloaded code
 * ({@code WorldPurger}). Imports {@code dev.orrery.host.internal.plugins} and
 * {@code dev.orrery.host.internal.rebuild}.
 */
package dev.orrery.host.internal.frame;
