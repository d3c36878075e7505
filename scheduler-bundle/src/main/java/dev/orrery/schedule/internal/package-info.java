/**
 * Implementation of the scheduler: the build (validation, phase and system ordering, the execution
 * plan) and the run engine. Not exported from the bundle or the JPMS module.
 */
package dev.orrery.schedule.internal;
