/** The Orrery launcher: boots an embedded Apache Felix with the platform bundles and the plugin folder. */
package dev.orrery.launcher;
