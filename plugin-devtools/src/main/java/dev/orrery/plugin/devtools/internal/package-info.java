/**
 * Implementation of the devtools bundle: text tables, the shell command logic and the OSGi
 * components. Not exported from the bundle or the JPMS module.
 */
package dev.orrery.plugin.devtools.internal;
