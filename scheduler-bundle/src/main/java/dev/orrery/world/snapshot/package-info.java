/**
 * Saving and restoring a world: {@link dev.orrery.world.snapshot.WorldSnapshot} (to and from streams),
 * {@link dev.orrery.world.snapshot.SnapshotFiles} (safe files), opaque data of traits the running code
 * does not define ({@link dev.orrery.world.snapshot.OpaqueTraits}), also the data of a departing plugin's
 * persistent traits ({@link dev.orrery.world.snapshot.WorldSnapshot#keepOpaque}), decoded later by
 * {@link dev.orrery.world.snapshot.WorldSnapshot#rehydrate}, {@link dev.orrery.world.snapshot.WorldSnapshot#adopt}
 * or, for world traits made on first use, {@link dev.orrery.world.snapshot.LateDefinitions}.
 *
 * <p>What a trait saves is declared on the trait ({@code Trait.builder(name).persistent(version,
 * codec)}, in {@code dev.orrery.world}); this package holds the formats. It is the only package of the
 * scheduler that needs Jackson (jackson-core and jackson-dataformat-cbor): the bundle imports Jackson
 * optionally, so a host that saves worlds installs those two bundles and the two that the CBOR one
 * requires, jackson-databind and jackson-annotations (on the module path: modules
 * {@code com.fasterxml.jackson.core}, {@code com.fasterxml.jackson.dataformat.cbor},
 * {@code com.fasterxml.jackson.databind} and {@code com.fasterxml.jackson.annotation}), and others
 * need nothing.
 */
@Export
@Version("0.6.0")
package dev.orrery.world.snapshot;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
