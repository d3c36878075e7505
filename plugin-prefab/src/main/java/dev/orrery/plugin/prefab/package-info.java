/**
 * Prefabs: named, immutable entity templates with single inheritance, and the {@code prefab/*}
 * plugin that spawns them.
 *
 * <p>How content uses it:
 * <ol>
 *   <li>Define {@link dev.orrery.plugin.prefab.Prefab}s as constants.</li>
 *   <li>Register them in the world's {@link dev.orrery.plugin.prefab.PrefabRegistry} from one of the
 *       content's own systems, typically
 *       {@link dev.orrery.plugin.prefab.PrefabPlugin#keepRegistered} (OnLoad, runs only while one of
 *       its prefabs is missing), so they are registered in a world's first frame, after a reset, when
 *       a content bundle joins a running world, and again after it is hot-updated.</li>
 *   <li>Ask for spawns from any system with {@link dev.orrery.plugin.prefab.SpawnQueue#request}
 *       (prefab name and overrides).</li>
 *   <li>The system {@code prefab/spawn} instantiates all requests once per frame, in its own phase
 *       {@code prefab/Spawn} between PostUpdate and PreStore (see
 *       {@link dev.orrery.plugin.prefab.PrefabPlugin}), and marks each entity with
 *       {@link dev.orrery.plugin.prefab.Prefab#SOURCE}.</li>
 * </ol>
 * All state (registry, queue, errors) lives in world traits; the plugin and its OSGi component are
 * immutable and hold none. Like the world, everything here is confined to the world's thread.
 */
@Export
@Version("0.2.0")
package dev.orrery.plugin.prefab;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
