/**
 * The Orrery launcher: boots an embedded Apache Felix with the platform bundles and the plugin folder,
 * or, with {@code --jpms}, defines the platform modules' layer and runs the host's JPMS front end
 * (module {@code dev.orrery.host.jpms}) in it.
 */
package dev.orrery.launcher;
