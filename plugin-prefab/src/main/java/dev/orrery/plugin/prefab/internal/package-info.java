/** Implementation of the prefab bundle: its DS component. Not exported. */
package dev.orrery.plugin.prefab.internal;
