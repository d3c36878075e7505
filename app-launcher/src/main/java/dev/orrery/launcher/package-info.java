/**
 * The Orrery launcher: boots an embedded Apache Felix with the platform bundles and the plugin folder,
 * or, with {@code --jpms}, the same host on JPMS module layers ({@code dev.orrery.launcher.jpms}).
 */
package dev.orrery.launcher;
