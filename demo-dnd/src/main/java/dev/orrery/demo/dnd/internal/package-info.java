/** The rules bundle's OSGi components: plugin services, shell commands, the end-of-battle watcher. */
package dev.orrery.demo.dnd.internal;
