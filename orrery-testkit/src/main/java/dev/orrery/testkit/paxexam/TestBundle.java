package dev.orrery.testkit.paxexam;

import java.io.File;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A bundle made at test time from classes on the test's class path with bnd (driver side, before the
 * container starts): a second version of the plugin under test to update to, a small plugin next to
 * it, or a model bundle that exports the types a test shares with plugins. Nothing is checked in; the
 * DS descriptors come from the {@code @Component} annotations of the packages taken in.
 *
 * <pre>{@code
 * File v2 = TestBundle.builder("com.example.counter")
 *         .version("2.0.0")
 *         .privatePackages("com.example.counter.v2")
 *         .classpathOf(CounterV2Plugin.class, Plugin.class)
 *         .build()
 *         .writeTo(new File("target/test-bundles/counter-v2.jar"));
 * }</pre>
 *
 * <p>In the container, install it with {@code HostDriver.install(File)} and update to it with
 * {@code HostDriver.update(Bundle, File)}; the native container runs in the test's JVM, so the path
 * is the same on both sides. A test that uses an exported package of such a bundle lists it in
 * {@code OrreryPluginTest.probeSharedPackages()}.
 *
 * <p>bnd ({@code biz.aQute.bnd:biz.aQute.bndlib}) comes with the kit. Build the bundles on the driver
 * side (a {@code @Configuration} method, a static initializer) or inside a test method of Pax Exam's
 * native container: there the kit's bundle does not see bnd (it imports it optionally), and the
 * build runs on the copy of the kit and bnd on the JVM's class path.
 *
 * <p>Beyond the spec (Orrery's own): test set-up only. Immutable.
 *
 * @since 0.1
 */
public final class TestBundle {
    private final String symbolicName;
    private final String version;
    private final List<String> privatePackages;
    private final List<String> exportPackages;
    private final List<File> classpath;

    private TestBundle(Builder b) {
        this.symbolicName = b.symbolicName;
        this.version = b.version;
        this.privatePackages = List.copyOf(b.privatePackages);
        this.exportPackages = List.copyOf(b.exportPackages);
        this.classpath = List.copyOf(b.classpath);
    }

    /**
     * @param symbolicName the bundle's {@code Bundle-SymbolicName}
     * @return a builder of version 1.0.0 with no packages and an empty class path
     * @throws IllegalArgumentException if symbolicName is null or blank
     */
    public static Builder builder(String symbolicName) {
        if (symbolicName == null || symbolicName.isBlank()) {
            throw new IllegalArgumentException("TestBundle.builder: symbolicName is blank");
        }
        return new Builder(symbolicName);
    }

    /** @return the bundle's symbolic name */
    public String symbolicName() {
        return symbolicName;
    }

    /** @return the bundle's version */
    public String version() {
        return version;
    }

    /**
     * Builds the bundle with bnd and writes it.
     *
     * @param jar where to write it; missing parent folders are created
     * @return {@code jar}
     * @throws IllegalStateException if bnd reports errors (the message names the bundle and lists them),
     *     the file cannot be written, or bnd is neither wired to the kit's bundle nor on the JVM's class
     *     path (a framework in another JVM: the one-line message says where to build the bundle instead)
     */
    public File writeTo(File jar) {
        Objects.requireNonNull(jar, "TestBundle.writeTo: jar");
        jar.getAbsoluteFile().getParentFile().mkdirs();
        BndBuild.run(symbolicName, version, privatePackages, exportPackages, classpath, jar);
        return jar;
    }

    /** Makes a {@link TestBundle}; not thread-safe. */
    public static final class Builder {
        private final String symbolicName;
        private String version = "1.0.0";
        private final List<String> privatePackages = new ArrayList<>();
        private final List<String> exportPackages = new ArrayList<>();
        private final List<File> classpath = new ArrayList<>();

        private Builder(String symbolicName) {
            this.symbolicName = symbolicName;
        }

        /**
         * @param version the {@code Bundle-Version}, e.g. {@code 2.0.0}
         * @return this builder
         */
        public Builder version(String version) {
            this.version = Objects.requireNonNull(version, "TestBundle.version");
            return this;
        }

        /**
         * @param packages packages to copy into the bundle without exporting them (bnd
         *     {@code Private-Package} syntax: a trailing {@code .*} takes the sub-packages)
         * @return this builder
         */
        public Builder privatePackages(String... packages) {
            privatePackages.addAll(List.of(packages));
            return this;
        }

        /**
         * @param packages packages to copy into the bundle and export (bnd {@code Export-Package} syntax)
         * @return this builder
         */
        public Builder exportPackages(String... packages) {
            exportPackages.addAll(List.of(packages));
            return this;
        }

        /**
         * @param entries class path entries (folders or jars) bnd takes the packages from and computes
         *     the imports against
         * @return this builder
         */
        public Builder classpath(File... entries) {
            classpath.addAll(List.of(entries));
            return this;
        }

        /**
         * Adds the class path entry each class was loaded from: the test classes folder for a test
         * class, the API jar for {@code Plugin.class} or {@code GameHost.class}.
         *
         * <p>Callable on the driver side ({@code @Configuration}, a static initializer) and inside a test
         * method of the native container, where the class comes from a bundle (the probe, the scheduler
         * bundle): the entry is then the folder or jar that holds the same class file on the JVM's
         * class path (the native container runs in the test's JVM). Where the class is on no class path
         * entry of the JVM (a framework in another JVM, such as bnd's testing plugin launches), build
         * the bundle before the framework starts, or name the entries with {@link #classpath(File...)}.
         *
         * @param classes classes loaded from a folder or jar on the class path
         * @return this builder
         * @throws IllegalArgumentException if a class has no code source (a JDK class), or comes from a
         *     bundle and its class file is on no class path entry of the JVM (the one-line message says
         *     where to call this instead)
         */
        public Builder classpathOf(Class<?>... classes) {
            for (Class<?> c : classes) {
                classpath.add(ClassFileOrigin.entryOf(c, ClassLoader.getSystemClassLoader()));
            }
            return this;
        }

        /** @return the bundle's description; build it with {@link TestBundle#writeTo(File)} */
        public TestBundle build() {
            return new TestBundle(this);
        }
    }
}
